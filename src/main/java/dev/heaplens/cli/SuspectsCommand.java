package dev.heaplens.cli;

import dev.heaplens.analysis.suspects.SuspectsResult;
import dev.heaplens.report.OutputFormat;
import dev.heaplens.report.SuspectsRenderer;
import dev.heaplens.io.DumpInput;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.LoadedHeap;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "suspects", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"What is wrong with the heap: the leak suspects, in words.",
                "Eclipse MAT's rules over the dominator tree: an object the GC roots hold",
                "alone that retains more than the threshold, or a class whose such objects",
                "do together; where their memory accumulates, the path from a GC root that",
                "keeps it, and what it holds. Then the runtime's checks (Ruby: methods defined",
                "at run time; JVM: weakly reachable objects, finalizers, classes loaded",
                "twice). Tool overhead (the allocation tracer) is named and left out of every",
                "share. With --fail-over it is a CI memory gate (exit 3)."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens suspects heap.json",
                "  heaplens suspects app.hprof --format markdown > suspects.md",
                "  heaplens suspects heap.json.gz --threshold 5 --format json",
                "  heaplens suspects heap.json --fail-over 30    # exit 3 when a suspect holds more than 30% of the heap"})
final class SuspectsCommand implements Callable<Integer> {
    /** Exit code when a suspect holds more than --fail-over, as diff's gate. */
    static final int OVER_LIMIT = 3;
    private final Console console;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    DumpArgument dump;

    @Option(names = "--threshold", paramLabel = "PCT", converter = Converters.Percent.class,
            description = "A suspect retains more than PCT percent of the heap (default: ${DEFAULT-VALUE}).")
    double threshold = 10;

    @Option(names = "--format", paramLabel = "FORMAT", description = "table, markdown or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format = OutputFormat.TABLE;

    @Option(names = "--fail-over", paramLabel = "PCT", converter = Converters.Percent.class,
            description = "Exit with code 3 when a suspect retains more than PCT percent of the heap.")
    Double failOver;

    @Mixin
    GraphDumpOptions dumpOptions;

    SuspectsCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        if (threshold <= 0 || threshold > 100) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--threshold must be more than 0 and at most 100, not " + threshold);
        }
        if (format != OutputFormat.TABLE && format != OutputFormat.MARKDOWN && format != OutputFormat.JSON) {
            throw new CommandLine.ParameterException(spec.commandLine(), "suspects is written as table, markdown or json, not " + format);
        }
        DumpInput input = DumpInput.open(dump.dump, console.in());
        HeapRuntime runtime = dumpOptions.runtimeFor(console, input);
        LoadedHeap loaded = runtime.loadForSuspects(input);
        SuspectsResult result = runtime.suspects(loaded, threshold);
        console.out().print(SuspectsRenderer.render(result, format));
        console.out().flush();
        if (failOver != null && result.largestSharePercent() > failOver) {
            console.err().println("heaplens: a suspect retains " + String.format(Locale.ROOT, "%.1f%%", result.largestSharePercent())
                    + " of the heap, over --fail-over " + failOver);
            return OVER_LIMIT;
        }
        return 0;
    }
}
