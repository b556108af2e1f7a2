package dev.heaplens.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.PrintStream;

/**
 * The streams a command uses: results go to {@code out}, progress, warnings and errors to
 * {@code err}. Passed in so tests capture them without touching System.out.
 *
 * @param stderrIsTerminal show progress (the launcher tells whether stderr is a terminal)
 */
public record Console(InputStream in, PrintStream out, PrintStream err, boolean stderrIsTerminal) {
    /** The process's streams, always UTF-8 (class names and paths are UTF-8 whatever the locale). */
    public static Console system() {
        PrintStream out = new CheckedPrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
                false);
        PrintStream err = new CheckedPrintStream(new FileOutputStream(FileDescriptor.err), true);
        return new Console(System.in, out, err, Boolean.getBoolean("heaplens.stderr.tty"));
    }
}
