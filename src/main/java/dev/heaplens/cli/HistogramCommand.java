package dev.heaplens.cli;

import dev.heaplens.analysis.ruby.GroupBy;
import dev.heaplens.analysis.ruby.Histogram;
import dev.heaplens.analysis.ruby.HistogramView;
import dev.heaplens.io.DumpInput;
import dev.heaplens.report.HistogramRenderer;
import dev.heaplens.report.OutputFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.concurrent.Callable;

@Command(name = "histogram", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Objects and bytes (memsize) per group, biggest first, with totals."},
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
                "primitive array, class; type is the same)."})
final class HistogramCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(index = "0", paramLabel = "DUMP", description = "ObjectSpace.dump_all output (.json, .json.gz) or a JVM .hprof, or - for stdin.")
    String dump;

    @Option(names = "--by", paramLabel = "KEY", description = "Group by KEY (default: ${DEFAULT-VALUE}).")
    GroupBy by = GroupBy.CLASS;

    @Option(names = "--top", paramLabel = "N", description = "Show at most N groups; 0 for all (default: ${DEFAULT-VALUE}).")
    int top = 50;

    @Option(names = "--min-bytes", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Hide groups smaller than SIZE (e.g. 4096, 10KB, 1MB).")
    long minBytes;

    @Option(names = "--sort", paramLabel = "ORDER", description = "bytes or count (default: ${DEFAULT-VALUE}).")
    HistogramView.SortOrder sort = HistogramView.SortOrder.BYTES;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "table, markdown, tsv, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format = OutputFormat.TABLE;

    @Mixin
    DumpOptions dumpOptions;

    HistogramCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        DumpInput input = DumpInput.open(dump, console.in());
        Histogram histogram = DumpHistogram.read(console, input, by, dumpOptions);
        HistogramView view = HistogramView.of(histogram, sort, top, minBytes);
        console.out().print(HistogramRenderer.render(view, format, input.name()));
        console.out().flush();
        if (format == OutputFormat.TSV || format == OutputFormat.CSV) {
            console.err().println("heaplens: " + HistogramRenderer.totalsNote(view));
        }
        return 0;
    }
}
