package dev.heaplens.cli;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.analysis.histogram.HistogramView;
import dev.heaplens.analysis.histogram.SortOrder;
import dev.heaplens.io.DumpInput;
import dev.heaplens.report.HistogramRenderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "histogram", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Objects and bytes per group, biggest first, with totals.",
                "Bytes are memsize on a Ruby dump, shallow size on a JVM dump. --top 0 shows",
                "every group."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens histogram heap.json --by class --top 20",
                "  heaplens histogram heap.json.gz --by location --min-bytes 1MB --format markdown",
                "  heaplens histogram heap.json --by gem --format tsv | sort -t$'\\t' -k2 -n",
                "  heaplens histogram app.hprof --by package",
                "  heaplens histogram heap.json --by gem,file,location,class   # one read",
                "",
                KeyHelp.HISTOGRAM_EXPLAINED})
final class HistogramCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(index = "0", paramLabel = "DUMP", description = DumpArgument.ANY_DUMP
            + "; - reads either from standard input.")
    String dump;

    @Option(names = "--by", paramLabel = "KEY", split = ",", description = KeyHelp.HISTOGRAM + " (default: class). Several keys,"
            + " comma-separated, give a table each from one read of the dump; tsv and csv then give one table, its"
            + " first column the key, its last the group.")
    List<GroupBy> by = List.of(GroupBy.CLASS);

    @Mixin
    TopOption top = new TopOption(50);

    @Option(names = "--min-bytes", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Hide groups smaller than SIZE (e.g. 4096, 10KB, 1MB).")
    long minBytes;

    @Option(names = "--sort", paramLabel = "ORDER", description = "bytes or count (default: ${DEFAULT-VALUE}).")
    SortOrder sort = SortOrder.BYTES;

    @Mixin
    FormatOption format;

    @Mixin
    ParallelDumpOptions dumpOptions;

    HistogramCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        by = by.stream().distinct().toList(); // a key given twice is one table, not two
        DumpInput input = DumpInput.open(dump, console.in());
        List<HistogramView> views = new ArrayList<>();
        for (Histogram histogram : dumpOptions.runtimeFor(console, input).histograms(input, by)) {
            views.add(HistogramView.of(histogram, sort, top.top, minBytes));
        }
        console.out().print(HistogramRenderer.render(views, format.format, input.name()));
        console.out().flush();
        if (format.rowsOnly()) {
            for (HistogramView view : views) {
                console.err().println("heaplens: " + (views.size() > 1 ? "by " + view.histogram().by().label() + ", " : "")
                        + HistogramRenderer.totalsNote(view));
            }
        }
        return 0;
    }
}
