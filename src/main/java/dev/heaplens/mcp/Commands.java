package dev.heaplens.mcp;

import java.util.List;

/**
 * The heaplens command line, run in this JVM: what the CLI edge gives the server (so that mcp/ and
 * cli/ do not import each other). A command gets no standard input and no terminal.
 */
@FunctionalInterface
public interface Commands {
    /** Runs {@code heaplens args...}; returns its exit code and everything it wrote. */
    Run run(List<String> args);

    /** What one command did. */
    record Run(int exitCode, String out, String err) {
    }
}
