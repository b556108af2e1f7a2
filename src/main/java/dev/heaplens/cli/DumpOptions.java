package dev.heaplens.cli;

import dev.heaplens.io.DumpInput;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.ReadOptions;
import picocli.CommandLine.Option;

/** The options of every command that reads a dump; the reading itself is the runtime's. */
public final class DumpOptions {
    @Option(names = "--strict", description = "Stop at the first malformed line, or at an HPROF dump cut short"
            + " (default: skip and count malformed lines; read a cut HPROF up to the cut).")
    boolean strict;

    @Option(names = "--layout", paramLabel = "LAYOUT",
            description = "JVM dumps: the object layout sizes are computed with: compressed, compressed-classes,"
                    + " uncompressed, compact, 32bit or HEADER,ARRAY_HEADER,REFERENCE,ALIGNMENT"
                    + " (default: detected from the dump).")
    String layout;

    @Option(names = "--threads", paramLabel = "N", converter = Converters.Positive.class,
            description = "Reading threads for plain files, at least 1 (default: one per core).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--progress", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Show progress on stderr when it is a terminal (default: on).")
    boolean progress;

    ReadOptions readOptions() {
        return new ReadOptions(strict, threads, layout);
    }

    /** The runtime that reads {@code input}, reporting on {@code console}. */
    HeapRuntime runtimeFor(Console console, DumpInput input) {
        return HeapRuntime.of(input, readOptions(), new ConsoleListener(console, progress));
    }
}
