package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.analysis.jvm.JvmSummary;
import dev.heaplens.analysis.ruby.Summary;
import dev.heaplens.analysis.ruby.SummarySink;
import dev.heaplens.format.ruby.ReadResult;
import dev.heaplens.io.DumpFormat;
import dev.heaplens.io.DumpInput;
import dev.heaplens.report.JvmSummaryRenderer;
import dev.heaplens.report.OutputFormat;
import dev.heaplens.report.SummaryRenderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.concurrent.Callable;

@Command(name = "summary", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"What fills this heap, in one page.",
                "Objects and memsize per type, IMEMO kinds, flags, GC roots, classes, shapes, allocation",
                "info, and how the dump read."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens summary heap.json.gz",
                "  heaplens summary heap.json --format json | jq .types",
                "  ssh prod cat /tmp/heap.json | heaplens summary -"})
final class SummaryCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(index = "0", paramLabel = "DUMP", description = "ObjectSpace.dump_all output (.json, .json.gz, or - for stdin).")
    String dump;

    @Option(names = "--format", paramLabel = "FORMAT", description = "table, markdown or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format = OutputFormat.TABLE;

    @Option(names = "--reachability", description = {"Also build the heap graph and report what GC roots reach",
            "(reads the dump a second time; memory grows with the objects)."})
    boolean reachability;

    @Mixin
    DumpOptions dumpOptions;

    SummaryCommand(Console console) {
        this.console = console;
    }

    /** A JVM dump is read into the heap graph: kinds, classes, loaders, roots and reachability. */
    private int jvmSummary(DumpInput input) {
        if (format == OutputFormat.MARKDOWN) {
            throw new HeaplensException("summary of an HPROF dump is written as table or json");
        }
        LoadedHeap loaded = LoadedHeap.load(console, dump, dumpOptions, input);
        JvmHeap heap = (JvmHeap) loaded.heap;
        JvmSummary summary = JvmSummary.of(heap, loaded.dominators);
        console.out().print(JvmSummaryRenderer.render(summary, format, input.name()));
        console.out().flush();
        return 0;
    }

    @Override
    public Integer call() {
        SummaryRenderer.requireSupported(format);
        DumpInput input = DumpInput.open(dump, console.in());
        if (input.format() == DumpFormat.HPROF) {
            return jvmSummary(input);
        }
        ReadResult<SummarySink> read = dumpOptions.read(console, input, SummarySink.FIELDS, SummarySink::new);
        Summary summary = Summary.of(Summary.Input.of(input.name(), read), read.sinks());
        Reachability reach = null;
        if (reachability) {
            LoadedHeap loaded = LoadedHeap.load(console, dump, dumpOptions);
            reach = Reachability.of(loaded.dominators, loaded.namer());
        }
        console.out().print(SummaryRenderer.render(summary, reach, format));
        console.out().flush();
        return 0;
    }
}
