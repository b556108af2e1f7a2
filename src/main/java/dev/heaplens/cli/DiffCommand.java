package dev.heaplens.cli;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.analysis.histogram.HistogramDiff;
import dev.heaplens.analysis.histogram.SortOrder;
import dev.heaplens.io.DumpInput;
import dev.heaplens.report.DiffRenderer;
import dev.heaplens.runtime.HeapRuntime;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
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
                "  heaplens diff before.hprof after.hprof --by package",
                "  heaplens diff before.json after.json --by gem,location   # two tables",
                "",
                KeyHelp.HISTOGRAM_EXPLAINED})
final class DiffCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(index = "0", paramLabel = "BEFORE", description = "The earlier dump, Ruby or JVM.")
    String before;

    @Parameters(index = "1", paramLabel = "AFTER", description = "The later dump, of the same runtime.")
    String after;

    @Option(names = "--by", paramLabel = "KEY", split = ",", description = KeyHelp.HISTOGRAM + " (default: class)."
            + " Several keys, comma-separated, give a table each from one read of each dump; tsv and csv then give"
            + " one table, its first column the key, its last the group. The gate checks the first key's total.")
    List<GroupBy> by = List.of(GroupBy.CLASS);

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
        by = by.stream().distinct().toList(); // a key given twice is one table, not two
        DumpSets.Dumps dumps = DumpSets.openOfOneRuntime(console, List.of(before, after), dumpOptions);
        List<DumpInput> inputs = dumps.inputs();
        HeapRuntime runtime = dumps.runtime();
        List<Histogram> before = runtime.histograms(inputs.get(0), by);
        List<Histogram> after = runtime.histograms(inputs.get(1), by);
        List<DiffRenderer.Shown> diffs = new ArrayList<>();
        for (int i = 0; i < before.size(); i++) {
            HistogramDiff diff = HistogramDiff.of(before.get(i), after.get(i), sort);
            List<HistogramDiff.Row> rows = diff.rows();
            diffs.add(new DiffRenderer.Shown(diff, top.top == 0 ? rows : rows.subList(0, Math.min(top.top, rows.size()))));
        }
        console.out().print(DiffRenderer.render(diffs, format.format, inputs.get(0).name(), inputs.get(1).name()));
        console.out().flush();
        if (format.rowsOnly()) {
            for (DiffRenderer.Shown d : diffs) {
                console.err().println("heaplens: " + (diffs.size() > 1 ? "by " + d.diff().by().label() + ", " : "")
                        + DiffRenderer.totalsNote(d.diff()));
            }
        }
        HistogramDiff gated = diffs.get(0).diff();
        return gate.check(console, "memory", gated.bytesDelta(), gated.before().bytes());
    }
}
