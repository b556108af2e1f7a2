package dev.heaplens.format.ruby;

import java.util.List;

/**
 * What reading a dump produced: one sink per chunk (in file order) and an account of the lines.
 *
 * @param sinks          the sinks, first chunk first; merge them to get whole-dump figures
 * @param lines          lines read, blank ones included
 * @param bytes          bytes read (decompressed)
 * @param malformed      well-terminated lines that did not parse, skipped
 * @param firstProblems  up to a few of those, with global line numbers
 * @param truncatedLastLine the final line, when the dump ends inside it; null otherwise
 * @param partial        lines whose common fields were read but not the extra ones a command
 *                       asked for (references, allocation site, flags): not malformed, yet not whole
 * @param firstPartial   the first of those, or null
 */
public record ReadResult<S>(List<S> sinks, long lines, long bytes, long malformed,
                            List<LineProblem> firstProblems, LineProblem truncatedLastLine,
                            long partial, LineProblem firstPartial) {
}
