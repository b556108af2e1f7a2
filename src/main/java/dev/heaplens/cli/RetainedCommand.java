package dev.heaplens.cli;

import dev.heaplens.analysis.graph.ObjectNamer;
import dev.heaplens.analysis.graph.RetainedByGroup;
import dev.heaplens.report.OutputFormat;
import dev.heaplens.report.RetentionRenderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "retained", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Retained size per class, type, location or gem.",
                "Eclipse MAT's semantics: what the GC would free if",
                "all of the group's objects were gone (not the sum of their overlapping retained sizes).",
                "The groups shown are exact; '>=' marks a lower bound for the rest."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens retained heap.json --by class", "  heaplens retained heap.json --by location --top 10 --format tsv"})
final class RetainedCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(index = "0", paramLabel = "DUMP", description = "ObjectSpace.dump_all output (.json, .json.gz, or - for stdin).")
    String dump;

    @Option(names = "--by", paramLabel = "KEY", description = "class, type, location or gem (default: ${DEFAULT-VALUE}).")
    ObjectNamer.Grouping by = ObjectNamer.Grouping.CLASS;

    @Option(names = "--top", paramLabel = "N", description = "Groups shown, each computed exactly (default: ${DEFAULT-VALUE}).")
    int top = 20;

    @Option(names = "--format", paramLabel = "FORMAT", description = "table, markdown, tsv, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format = OutputFormat.TABLE;

    @Mixin
    DumpOptions dumpOptions;

    RetainedCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        LoadedHeap loaded = LoadedHeap.load(console, dump, dumpOptions);
        int shown = Math.max(1, top);
        List<RetainedByGroup.Row> rows = RetainedByGroup.compute(loaded.dominators, loaded.namer(), by, shown);
        List<RetainedByGroup.Row> head = rows.subList(0, Math.min(shown, rows.size()));
        console.out().print(RetentionRenderer.retained(head, by.name().toLowerCase(Locale.ROOT), rows.size(),
                loaded.dominators.reachableBytes(), format, loaded.input.name()));
        console.out().flush();
        return 0;
    }
}
