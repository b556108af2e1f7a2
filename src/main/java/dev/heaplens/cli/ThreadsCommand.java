package dev.heaplens.cli;

import dev.heaplens.analysis.graph.ThreadsReport;
import dev.heaplens.io.DumpInput;
import dev.heaplens.report.ThreadsRenderer;
import dev.heaplens.runtime.LoadedHeap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.concurrent.Callable;

@Command(name = "threads", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Which thread holds the memory, in which frame (JVM heap dumps).",
                "One row per thread: name, daemon, priority, its java.lang.Thread object and what its locals",
                "alone keep alive (retained with the thread as the only way in, as Eclipse MAT counts it),",
                "then each stack innermost first, as jstack prints it. A dump written on OutOfMemoryError",
                "names the thread that ran out of memory first."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens threads app.hprof",
                "  heaplens threads app.hprof --stacks",
                "  heaplens threads app.hprof --format json > threads.json"})
final class ThreadsCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(index = "0", paramLabel = "DUMP", description = "A JVM heap dump (.hprof, plain or gzip), read more"
            + " than once: not standard input.")
    String dump;

    @Option(names = "--stacks", description = "Print every frame with the objects its locals hold (class, shallow and"
            + " retained size, value where short); tsv and csv then have a row per local.")
    boolean stacks;

    @Mixin
    FormatOption format;

    @Mixin
    GraphDumpOptions dumpOptions;

    ThreadsCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        DumpInput input = DumpInput.open(dump, console.in());
        LoadedHeap loaded = dumpOptions.runtimeFor(console, input).loadThreads(input);
        ThreadsReport report = loaded.threads();
        console.out().print(ThreadsRenderer.render(report, stacks, format.format, input.name()));
        console.out().flush();
        if (format.rowsOnly()) {
            report.notes().forEach(n -> console.err().println("heaplens: note: " + input.name() + ": " + n));
        }
        return 0;
    }
}
