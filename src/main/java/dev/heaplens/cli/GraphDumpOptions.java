package dev.heaplens.cli;

import dev.heaplens.runtime.IndexOptions;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** The options of a command that builds the heap graph, which an index cache can keep. */
public final class GraphDumpOptions extends ParallelDumpOptions {
    @Option(names = "--no-index", description = "Graph commands: neither read nor write the dump's index cache"
            + " (default: the first graph command on a dump writes DUMP.heaplens-index, later ones read it;"
            + " HEAPLENS_INDEX=off does the same).")
    boolean noIndex;

    @Option(names = "--index-dir", paramLabel = "DIR", description = "Keep index caches in DIR (default: next to"
            + " the dump, else in $HEAPLENS_CACHE, $XDG_CACHE_HOME/heaplens or ~/.cache/heaplens when the dump's"
            + " directory is not writable). Standard input and pipes have none.")
    Path indexDir;

    @Option(names = "--memory", paramLabel = "LIMIT", converter = MemoryConverter.class,
            description = "Heap the graph may take, e.g. 256m or 4g (default: as much as the JVM may use). A graph"
                    + " that needs more is used out of core: from its index, mapped, instead of the heap (README"
                    + " \"Dumps bigger than memory\").")
    long memory;

    @Override
    long memory() {
        return memory;
    }

    @Override
    IndexOptions index() {
        return noIndex ? IndexOptions.OFF : IndexOptions.fromEnvironment(System.getenv(), indexDir);
    }
}
