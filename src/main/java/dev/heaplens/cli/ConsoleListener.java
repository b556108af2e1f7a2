package dev.heaplens.cli;

import dev.heaplens.report.TerminalText;
import dev.heaplens.runtime.ReadListener;

import java.util.function.LongSupplier;

/** Prints a read's warnings and notes on stderr, and its progress while stderr is a terminal. */
final class ConsoleListener implements ReadListener {
    private final Console console;
    private final boolean progress;

    ConsoleListener(Console console, boolean progress) {
        this.console = console;
        this.progress = progress && console.stderrIsTerminal();
    }

    @Override
    public void warning(String dumpName, String message) {
        // a warning may quote the dump (a bad line, a class name): never raw control characters on a terminal
        console.err().println(TerminalText.escape("heaplens: warning: " + dumpName + ": " + message));
    }

    @Override
    public void note(String message) {
        console.err().println(TerminalText.escape("heaplens: note: " + message));
    }

    @Override
    public Reading reading(String label, long total, LongSupplier done) {
        Progress shown = Progress.start(progress, console.err(), label, total, done);
        return shown::close;
    }
}
