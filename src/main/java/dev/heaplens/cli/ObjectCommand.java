package dev.heaplens.cli;

import dev.heaplens.analysis.graph.ObjectReport;
import dev.heaplens.report.ObjectRenderer;
import dev.heaplens.report.OutputFormat;
import dev.heaplens.runtime.LoadedHeap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.concurrent.Callable;

@Command(name = "object", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Everything about one object.",
                "Its record, shallow and retained size, the chain of dominators up to the GC roots, and its "
                + "first referrers and references."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens object heap.json 0x7f84e29f8008", "  heaplens object heap.json 0x7f84e29f8008 --format json | jq .retainedSize"})
final class ObjectCommand implements Callable<Integer> {
    private final Console console;

    @Mixin
    DumpArgument dump;

    @Parameters(index = "1", paramLabel = "ADDRESS", description = "The object's address, as in the dump (0x7f...).")
    String address;

    @Option(names = "--neighbours", paramLabel = "N", converter = Converters.NonNegative.class, description = "Referrers and references listed (default: ${DEFAULT-VALUE}).")
    int neighbours = 10;

    @Option(names = "--format", paramLabel = "FORMAT", description = "table or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format = OutputFormat.TABLE;

    @Mixin
    GraphDumpOptions dumpOptions;

    ObjectCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        ObjectRenderer.requireTextOrJson(format, "object");
        LoadedHeap loaded = Load.heap(console, dump.dump, dumpOptions);
        long o = loaded.objectAt(address);
        ObjectReport report = loaded.objectReport(o, neighbours);
        console.out().print(ObjectRenderer.object(report, format));
        console.out().flush();
        return 0;
    }
}
