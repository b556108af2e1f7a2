package dev.heaplens.cli;

import java.io.InputStream;
import java.io.PrintStream;

/**
 * The streams a command uses: results go to {@code out}, progress, warnings and errors to
 * {@code err}. Passed in so tests capture them without touching System.out.
 *
 * @param stderrIsTerminal show progress (the launcher tells whether stderr is a terminal)
 */
public record Console(InputStream in, PrintStream out, PrintStream err, boolean stderrIsTerminal) {
    public static Console system() {
        return new Console(System.in, System.out, System.err, Boolean.getBoolean("heaplens.stderr.tty"));
    }
}
