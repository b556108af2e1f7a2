package dev.heaplens.cli;

import dev.heaplens.io.DumpInput;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.IndexOptions;
import dev.heaplens.runtime.ReadOptions;
import picocli.CommandLine.Option;

import java.nio.file.Path;

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

    @Option(names = "--no-index", description = "Graph commands: neither read nor write the dump's index cache"
            + " (default: the first graph command on a dump writes DUMP.heaplens-index, later ones read it;"
            + " HEAPLENS_INDEX=off does the same).")
    boolean noIndex;

    @Option(names = "--index-dir", paramLabel = "DIR", description = "Keep index caches in DIR (default: next to"
            + " the dump, else in $HEAPLENS_CACHE, $XDG_CACHE_HOME/heaplens or ~/.cache/heaplens when the dump's"
            + " directory is not writable). Standard input and pipes have none.")
    Path indexDir;

    ReadOptions readOptions() {
        IndexOptions index = noIndex ? IndexOptions.OFF : IndexOptions.fromEnvironment(System.getenv(), indexDir);
        return new ReadOptions(strict, threads, layout, index);
    }

    /** The runtime that reads {@code input}, reporting on {@code console}. */
    HeapRuntime runtimeFor(Console console, DumpInput input) {
        return HeapRuntime.of(input, readOptions(), new ConsoleListener(console, progress));
    }
}
