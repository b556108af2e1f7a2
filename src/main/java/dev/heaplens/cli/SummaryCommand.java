package dev.heaplens.cli;

import dev.heaplens.analysis.HeapSummary;
import dev.heaplens.io.DumpInput;
import dev.heaplens.report.OutputFormat;
import dev.heaplens.report.SummaryRenderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

@Command(name = "summary", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"What fills this heap, in one page.",
                "Ruby dumps: objects and memsize per type, IMEMO kinds, flags, GC roots, classes, shapes, "
                + "allocation info, and how the dump read. JVM dumps: objects and shallow size per kind, "
                + "classes and class loaders, GC roots, the layout sizes assume, and what GC roots reach."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens summary heap.json.gz",
                "  heaplens summary heap.json --format json | jq .types",
                "  heaplens summary app.hprof",
                "  ssh prod cat /tmp/heap.json | heaplens summary -"})
final class SummaryCommand implements Callable<Integer> {
    private final Console console;

    @Mixin
    DumpArgument dump;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "table, markdown (Ruby dumps) or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format = OutputFormat.TABLE;

    @Option(names = "--reachability", description = "Ruby dumps: also build the heap graph and report what GC roots"
            + " reach (reads the dump a second time; memory grows with the objects). JVM dumps always do.")
    boolean reachability;

    @Mixin
    GraphDumpOptions dumpOptions;

    SummaryCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        SummaryRenderer.requireSupported(format);
        DumpInput input = DumpInput.open(dump.dump, console.in());
        HeapSummary summary = dumpOptions.runtimeFor(console, input).summary(input, reachability);
        console.out().print(SummaryRenderer.render(summary, format, input.name()));
        console.out().flush();
        return 0;
    }
}
