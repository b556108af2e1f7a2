package dev.heaplens.cli;

import picocli.CommandLine.Option;

/** The options of a command that reads a dump on several threads. */
public class ParallelDumpOptions extends DumpOptions {
    @Option(names = "--threads", paramLabel = "N", converter = Converters.Positive.class,
            description = "Reading threads for plain files, at least 1 (default: one per core).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Override
    int threads() {
        return threads;
    }
}
