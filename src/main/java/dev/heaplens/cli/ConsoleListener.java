package dev.heaplens.cli;

import dev.heaplens.report.TerminalText;
import dev.heaplens.runtime.ReadListener;

import java.util.function.LongSupplier;

/** Prints a read's warnings and notes on stderr, and its progress while stderr is a terminal. */
final class ConsoleListener implements ReadListener {
    private final Console console;
    private final boolean progress;
    private Progress current;

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
    public synchronized Reading reading(String label, long total, LongSupplier done) {
        return shown(Progress.start(progress, console.err(), label, total, done));
    }

    @Override
    public synchronized Reading reading(String label, long fileSize, int passes, LongSupplier done) {
        if (passes <= 1 || fileSize <= 0) {
            return reading(label, fileSize < 0 ? -1 : fileSize, done);
        }
        return shown(Progress.startPasses(progress, console.err(), label, fileSize, passes, done));
    }

    @Override
    public synchronized Reading phase(String label, long total, LongSupplier done) {
        return shown(Progress.startCounting(progress, console.err(), label, total, done));
    }

    /** One progress line at a time: a phase that starts before the read's end (references) takes the line over. */
    private Reading shown(Progress next) {
        if (current != null) {
            current.close();
        }
        current = next;
        return next::close;
    }
}
