package dev.heaplens.cli;

import dev.heaplens.analysis.graph.ObjectRows;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.graph.EdgeFilter;
import dev.heaplens.report.ObjectRenderer;
import dev.heaplens.report.OutputFormat;
import dev.heaplens.runtime.LoadedHeap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

@Command(name = "paths", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"How an object is kept alive.",
                "The shortest chains of references from a GC root to it, one step a line."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens paths heap.json 0x7f84e29f8008", "  heaplens paths heap.json 0x7f84e29f8008 --max 5 --format json"})
final class PathsCommand implements Callable<Integer> {
    private final Console console;

    @Mixin
    DumpArgument dump;

    @Parameters(index = "1", paramLabel = "ADDRESS", description = "The object's address, as in the dump (0x7f...).")
    String address;

    @Option(names = "--max", paramLabel = "N", converter = Converters.NonNegative.class, description = "At most N distinct shortest paths (default: ${DEFAULT-VALUE}).")
    int max = 3;

    @Option(names = "--format", paramLabel = "FORMAT", description = "table or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format = OutputFormat.TABLE;

    @Mixin
    GraphDumpOptions dumpOptions;

    PathsCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        ObjectRenderer.requireTextOrJson(format, "paths");
        LoadedHeap loaded = Load.heap(console, dump.dump, dumpOptions);
        long target = loaded.objectAt(address);
        List<RootPaths.Path> paths = RootPaths.shortest(loaded.graph(), loaded.graph().strongReferences(), target,
                Math.max(1, max), loaded.scratch());
        // No strong path: say whether weak, soft or phantom references still reach it.
        boolean weakOnly = paths.isEmpty() && loaded.graph().hasWeakReferences();
        if (weakOnly) {
            paths = RootPaths.shortest(loaded.graph(), EdgeFilter.ALL, target, Math.max(1, max), loaded.scratch());
            weakOnly = !paths.isEmpty();
        }
        Set<Long> shown = new LinkedHashSet<>(List.of(target));
        paths.forEach(p -> {
            for (long o : p.objects()) {
                shown.add(o);
            }
        });
        ObjectRows rows = loaded.rows(shown);
        List<ObjectRenderer.PathView> views = new ArrayList<>();
        for (RootPaths.Path p : paths) {
            views.add(PathViews.of(loaded, p, rows::of));
        }
        console.out().print(ObjectRenderer.paths(rows.of(target), views, weakOnly,
                loaded.graph().rootCount() > 0, format));
        console.out().flush();
        return 0;
    }
}
