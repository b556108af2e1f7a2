package dev.heaplens.cli;

import dev.heaplens.analysis.graph.ObjectRow;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.graph.TopRetainers;
import dev.heaplens.report.OutputFormat;
import dev.heaplens.report.RetentionRenderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "top", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"The objects that keep the most memory alive.",
                "Largest retained size first (what the GC would free if the object were gone), from the",
                "dominator tree."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens top heap.json", "  heaplens top heap.json.gz --top 50 --format tsv"})
final class TopCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(index = "0", paramLabel = "DUMP", description = "ObjectSpace.dump_all output (.json, .json.gz, or - for stdin).")
    String dump;

    @Option(names = "--top", paramLabel = "N", description = "How many objects (default: ${DEFAULT-VALUE}).")
    int top = 20;

    @Option(names = "--format", paramLabel = "FORMAT", description = "table, markdown, tsv, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format = OutputFormat.TABLE;

    @Mixin
    DumpOptions dumpOptions;

    TopCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        LoadedHeap loaded = LoadedHeap.load(console, dump, dumpOptions);
        int[] largest = TopRetainers.largest(loaded.dominators, Math.max(1, top));
        loaded.showValuesOf(largest);
        List<ObjectRow> rows = new ArrayList<>();
        for (int o : largest) {
            rows.add(ObjectRow.of(o, loaded.dominators, loaded.namer()));
        }
        Reachability reach = Reachability.of(loaded.dominators, loaded.namer());
        console.out().print(RetentionRenderer.top(rows, reach, format, loaded.input.name()));
        console.out().flush();
        return 0;
    }
}
