package dev.heaplens.cli;

import dev.heaplens.analysis.graph.ObjectRow;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.graph.TopRetainers;
import dev.heaplens.report.RetentionRenderer;
import dev.heaplens.runtime.LoadedHeap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "top", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"The objects that keep the most memory alive.",
                "Largest retained size first (what the GC would free if the object were gone),",
                "from the dominator tree."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens top heap.json", "  heaplens top heap.json.gz --top 50 --format tsv", "  heaplens top app.hprof"})
final class TopCommand implements Callable<Integer> {
    private final Console console;

    @Mixin
    DumpArgument dump;

    @Mixin
    TopOption top = new TopOption(20);

    @Mixin
    FormatOption format;

    @Mixin
    GraphDumpOptions dumpOptions;

    TopCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        LoadedHeap loaded = Load.heap(console, dump.dump, dumpOptions);
        long[] largest = TopRetainers.largest(loaded.dominators(), top.atLeastOne());
        List<ObjectRow> rows = loaded.rows(largest).inOrder();
        Reachability reach = loaded.reachability();
        console.out().print(RetentionRenderer.top(rows, reach, format.format, loaded.input().name()));
        console.out().flush();
        return 0;
    }
}
