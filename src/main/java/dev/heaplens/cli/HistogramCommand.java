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
                "",
                "KEY for Ruby dumps: type, class, imemo (IMEMO objects only, by kind),",
                "location (file:line), file, gem (from the path: gems, vendor_ruby, ruby stdlib,",
                "ruby core, app), method, generation. location, file, gem, method and generation",
                "need a dump taken with ObjectSpace.trace_object_allocations_start; other objects",
                "fall in '(no allocation info)'.",
                "KEY for JVM heap dumps (HPROF): class, package (arrays under their element's),",
                "loader (the class's defining class loader) or kind (instance, object array,",
                "primitive array, class; --by type is taken for kind)."})
final class HistogramCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(index = "0", paramLabel = "DUMP", description = DumpArgument.ANY_DUMP
            + "; - reads either from standard input.")
    String dump;

    @Option(names = "--by", paramLabel = "KEY", description = "Group by KEY (default: ${DEFAULT-VALUE}).")
    GroupBy by = GroupBy.CLASS;

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
        DumpInput input = DumpInput.open(dump, console.in());
        Histogram histogram = dumpOptions.runtimeFor(console, input).histogram(input, by);
        HistogramView view = HistogramView.of(histogram, sort, top.top, minBytes);
        console.out().print(HistogramRenderer.render(view, format.format, input.name()));
        console.out().flush();
        if (format.rowsOnly()) {
            console.err().println("heaplens: " + HistogramRenderer.totalsNote(view));
        }
        return 0;
    }
}
