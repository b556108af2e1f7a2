package dev.heaplens;

/**
 * A problem the user can act on (bad input, unknown option value...). The CLI prints its message
 * as one line and exits with {@link #exitCode()}; it never shows a stack trace.
 */
public class HeaplensException extends RuntimeException {
    /** Exit code for input that cannot be read as asked. */
    public static final int BAD_INPUT = 2;

    private final int exitCode;

    public HeaplensException(String message) {
        this(message, BAD_INPUT);
    }

    public HeaplensException(String message, int exitCode) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
