package dev.heaplens.cli;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.RetainedByGroup;
import dev.heaplens.io.DumpInput;
import dev.heaplens.report.RetentionRenderer;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.LoadedHeap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "retained", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Retained size per group of objects (KEY, below).",
                "Eclipse MAT's semantics: what the GC would free if all of the group's objects were gone "
                + "(not the sum of their overlapping retained sizes). The groups shown are exact; '>=' marks "
                + "a lower bound for the rest."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens retained heap.json --by class", "  heaplens retained heap.json --by location --top 10 --format tsv",
                "  heaplens retained app.hprof --by package",
                "",
                KeyHelp.GRAPH_EXPLAINED})
final class RetainedCommand implements Callable<Integer> {
    private final Console console;

    @Mixin
    DumpArgument dump;

    @Option(names = "--by", paramLabel = "KEY", description = KeyHelp.GRAPH + " (default: ${DEFAULT-VALUE}).")
    GroupBy by = GroupBy.CLASS;

    @Mixin
    TopOption top = new TopOption(20);

    @Mixin
    FormatOption format;

    @Mixin
    GraphDumpOptions dumpOptions;

    RetainedCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        DumpInput input = DumpInput.open(dump.dump, console.in());
        HeapRuntime runtime = dumpOptions.runtimeFor(console, input);
        GroupBy key = runtime.key(by, runtime.graphKeys(), input.name());
        LoadedHeap loaded = runtime.load(input);
        int shown = top.atLeastOne();
        List<RetainedByGroup.Row> rows = RetainedByGroup.compute(loaded.dominators(), loaded.namer(), key, shown, loaded.scratch());
        List<RetainedByGroup.Row> head = rows.subList(0, Math.min(shown, rows.size()));
        console.out().print(RetentionRenderer.retained(head, key.label(), rows.size(),
                loaded.dominators().reachableBytes(), format.format, input.name()));
        console.out().flush();
        return 0;
    }
}
