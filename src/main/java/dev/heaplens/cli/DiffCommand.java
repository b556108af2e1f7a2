package dev.heaplens.cli;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.histogram.HistogramDiff;
import dev.heaplens.analysis.histogram.SortOrder;
import dev.heaplens.io.DumpInput;
import dev.heaplens.report.DiffRenderer;
import dev.heaplens.runtime.HeapRuntime;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "diff", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"What grew between two dumps (both Ruby or both JVM), per group.",
                "Count and bytes before, after and the change, most grown first; groups that appeared or "
                + "vanished included; --top 0 shows every group. With --fail-over or --fail-over-pct it is a "
                + "CI memory gate. One of the two can be - (standard input)."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens diff before.json after.json --by class",
                "  heaplens diff before.json.gz after.json.gz --by location --format tsv",
                "  heaplens diff base.json pr.json --fail-over 10MB    # exit 3 when total growth > 10 MB",
                "  heaplens diff before.hprof after.hprof --by package"})
final class DiffCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(index = "0", paramLabel = "BEFORE", description = "The earlier dump, Ruby or JVM.")
    String before;

    @Parameters(index = "1", paramLabel = "AFTER", description = "The later dump, of the same runtime.")
    String after;

    @Option(names = "--by", paramLabel = "KEY", description = "Ruby dumps: class, type, imemo, location, file, gem,"
            + " method or generation; JVM heap dumps: class, package, loader or kind (default: ${DEFAULT-VALUE}).")
    GroupBy by = GroupBy.CLASS;

    @Mixin
    TopOption top = new TopOption(50);

    @Option(names = "--sort", paramLabel = "ORDER", description = "bytes or count grown (default: ${DEFAULT-VALUE}).")
    SortOrder sort = SortOrder.BYTES;

    @Mixin
    FormatOption format;

    @Mixin
    GrowthGate gate;

    @Mixin
    ParallelDumpOptions dumpOptions;

    DiffCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        DumpSets.Dumps dumps = DumpSets.openOfOneRuntime(console, List.of(before, after), dumpOptions);
        List<DumpInput> inputs = dumps.inputs();
        HeapRuntime runtime = dumps.runtime();
        HistogramDiff diff = HistogramDiff.of(runtime.histogram(inputs.get(0), by), runtime.histogram(inputs.get(1), by),
                sort);
        List<HistogramDiff.Row> rows = diff.rows();
        List<HistogramDiff.Row> shown = top.top == 0 ? rows : rows.subList(0, Math.min(top.top, rows.size()));
        console.out().print(DiffRenderer.render(diff, shown, format.format, inputs.get(0).name(), inputs.get(1).name()));
        console.out().flush();
        if (format.rowsOnly()) {
            console.err().println("heaplens: " + DiffRenderer.totalsNote(diff));
        }
        return gate.check(console, "memory", diff.bytesDelta(), diff.before().bytes());
    }
}
