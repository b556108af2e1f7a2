package dev.heaplens.format.ruby;

/** A line that could not be read: its 1-based line number, byte offset, and what was wrong. */
public record LineProblem(long line, long offset, String message) {
    @Override
    public String toString() {
        return "line " + line + ": " + message;
    }
}
