package dev.heaplens.cli;

import dev.heaplens.analysis.ruby.GroupBy;
import dev.heaplens.analysis.ruby.Histogram;
import dev.heaplens.analysis.ruby.HistogramDiff;
import dev.heaplens.io.DumpInput;
import dev.heaplens.report.DiffRenderer;
import dev.heaplens.report.OutputFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "diff", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"What grew between two dumps (both Ruby or both JVM), per group.",
                "Count and bytes before, after and the change, most grown first; groups that appeared",
                "or vanished included. With --fail-over/--fail-over-pct it is a CI memory gate."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens diff before.json after.json --by class",
                "  heaplens diff before.json.gz after.json.gz --by location --format tsv",
                "  heaplens diff base.json pr.json --fail-over 10MB    # exit 3 when total growth > 10 MB",
                "  heaplens diff before.hprof after.hprof --by package"})
final class DiffCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(index = "0", paramLabel = "BEFORE", description = "The earlier dump.")
    String before;

    @Parameters(index = "1", paramLabel = "AFTER", description = "The later dump.")
    String after;

    @Option(names = "--by", paramLabel = "KEY", description = "Ruby dumps: class, type, imemo, location, file, gem,"
            + " method or generation; JVM heap dumps: class, package, loader or kind (default: ${DEFAULT-VALUE}).")
    GroupBy by = GroupBy.CLASS;

    @Option(names = "--top", paramLabel = "N", description = "Show at most N groups; 0 for all (default: ${DEFAULT-VALUE}).")
    int top = 50;

    @Option(names = "--sort", paramLabel = "ORDER", description = "bytes or count grown (default: ${DEFAULT-VALUE}).")
    HistogramDiff.SortOrder sort = HistogramDiff.SortOrder.BYTES;

    @Option(names = "--format", paramLabel = "FORMAT", description = "table, markdown, tsv, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format = OutputFormat.TABLE;

    @Mixin
    GrowthGate gate;

    @Mixin
    DumpOptions dumpOptions;

    DiffCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        List<DumpInput> inputs = DumpSets.openOfOneRuntime(console, List.of(before, after));
        Histogram a = DumpHistogram.read(console, inputs.get(0), by, dumpOptions);
        Histogram b = DumpHistogram.read(console, inputs.get(1), by, dumpOptions);
        HistogramDiff diff = HistogramDiff.of(a, b, sort);
        List<HistogramDiff.Row> shown = top <= 0 ? diff.rows() : diff.rows().subList(0, Math.min(top, diff.rows().size()));
        console.out().print(DiffRenderer.render(diff, shown, format, inputs.get(0).name(), inputs.get(1).name()));
        console.out().flush();
        if (format == OutputFormat.TSV || format == OutputFormat.CSV) {
            console.err().println("heaplens: " + DiffRenderer.totalsNote(diff));
        }
        return gate.check(console, "memory", diff.bytesDelta(), diff.before().bytes());
    }
}
