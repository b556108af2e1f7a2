package dev.heaplens.cli;

import dev.heaplens.io.DumpInput;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.IndexOptions;
import dev.heaplens.runtime.ReadOptions;
import picocli.CommandLine.Option;

/**
 * The options of every command that reads a dump; the reading itself is the runtime's. Commands
 * that read in parallel take {@link ParallelDumpOptions}, graph commands {@link GraphDumpOptions}, so
 * that each command's help lists only the options it uses.
 */
public class DumpOptions {
    @Option(names = "--strict", description = "Stop at the first malformed line, or at an HPROF dump cut short"
            + " (default: skip and count malformed lines; read a cut HPROF up to the cut).")
    boolean strict;

    @Option(names = "--layout", paramLabel = "LAYOUT",
            description = "JVM dumps: the object layout sizes are computed with: compressed, compressed-classes,"
                    + " uncompressed, uncompressed-jdk22, compact, compact-uncompressed-oops, 32bit or"
                    + " HEADER,ARRAY_HEADER,REFERENCE,ALIGNMENT"
                    + " (default: detected from the dump).")
    String layout;

    @Option(names = "--progress", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Show progress on stderr when it is a terminal (default: on).")
    boolean progress;

    ReadOptions readOptions() {
        return new ReadOptions(strict, threads(), layout, index(), memory());
    }

    /** The heap a graph may take before it is used out of core: as much as the JVM may use, unless a graph command says. */
    long memory() {
        return 0;
    }

    /** Reading threads: one, unless the command reads in parallel. */
    int threads() {
        return 1;
    }

    /** The index cache: none, unless the command builds a graph. */
    IndexOptions index() {
        return IndexOptions.OFF;
    }

    /** The runtime that reads {@code input}, reporting on {@code console}. */
    HeapRuntime runtimeFor(Console console, DumpInput input) {
        return HeapRuntime.of(input, readOptions(), new ConsoleListener(console, progress));
    }
}
