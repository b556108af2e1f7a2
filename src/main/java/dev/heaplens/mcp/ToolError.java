package dev.heaplens.mcp;

/**
 * A tool that ran and failed in a way the caller can act on (a path outside the roots, a bad
 * argument, a dump heaplens refused): its message goes back as a result with isError, so that the
 * assistant reads it and can try again.
 */
final class ToolError extends Exception {
    ToolError(String message) {
        super(message, null, false, false);
    }
}
