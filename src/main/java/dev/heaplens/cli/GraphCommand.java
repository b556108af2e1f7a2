package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.graph.ClassNameSuggestions;
import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.analysis.graph.ReferrerGraph;
import dev.heaplens.report.Sizes;
import dev.heaplens.report.GraphDrawing;
import dev.heaplens.runtime.LoadedHeap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "graph", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"What holds the objects of a class, as a Mermaid or DOT graph.",
                "Up to LIMIT of them and their referrers, walked back LEVEL levels (Crystal MemProf's "
                + "pretty_log_object_graph). Edges are labelled [position among the referrer's "
                + "references],level or class,level for an object's pointer to its class."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens graph heap.json --class Foo > foo.mmd",
                "  heaplens graph heap.json --class 'ActiveRecord::Base' --level 3 --format dot | dot -Tsvg > g.svg"})
final class GraphCommand implements Callable<Integer> {
    private final Console console;

    @Mixin
    DumpArgument dump;

    @Option(names = "--class", required = true, paramLabel = "NAME", description = "The class, as histogram --by class names it.")
    String className;

    @Option(names = "--level", paramLabel = "N", converter = Converters.NonNegative.class, description = "Levels of referrers; 0 = until none is new (default: ${DEFAULT-VALUE}).")
    int level = 5;

    @Option(names = "--limit", paramLabel = "N", converter = Converters.NonNegative.class, description = "Objects of the class drawn; 0 = all, up to 10,000 (default: ${DEFAULT-VALUE}).")
    int limit = 10;

    @Option(names = "--format", paramLabel = "FORMAT", description = "mermaid or dot (default: ${DEFAULT-VALUE}).")
    GraphDrawing.Format format = GraphDrawing.Format.MERMAID;

    @Mixin
    GraphDumpOptions dumpOptions;

    GraphCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        LoadedHeap loaded = Load.heap(console, dump.dump, dumpOptions);
        NamedHeap.ClassObjects targets = loaded.namer().objectsOfClass(className, ReferrerGraph.targetsDrawn(limit));
        if (targets.count() == 0) {
            throw new HeaplensException("no objects of class '" + className + "' in " + loaded.input().name()
                    + suggestions(loaded.namer().classNames()));
        }
        ReferrerGraph.Result result = ReferrerGraph.walk(loaded.graph(), targets.first(), level);
        List<GraphDrawing.Node> nodes = new ArrayList<>();
        for (long o : result.nodes()) {
            String own = loaded.namer().classObjectName(o);
            String name = own != null ? own + " (" + loaded.namer().kind(o).toLowerCase() + ")" : loaded.namer().className(o);
            nodes.add(new GraphDrawing.Node(hex(loaded, o), hex(loaded, o) + " " + name));
        }
        List<GraphDrawing.Edge> edges = new ArrayList<>();
        for (ReferrerGraph.Edge e : result.edges()) {
            String label = loaded.namer().edgeLabel(e.from(), e.index(), e.to()) + "," + e.level();
            edges.add(new GraphDrawing.Edge(hex(loaded, e.from()), hex(loaded, e.to()), label));
        }
        String comment = Sizes.plural(targets.count(), "object") + " of " + className + ", " + Sizes.count(result.targets().size()) + " drawn, "
                + (level <= 0 ? "all levels" : Sizes.plural(level, "level"))
                + GraphDrawing.cuts(limit, targets.count(), result);
        console.out().print(GraphDrawing.render(nodes, edges, format, comment));
        console.out().flush();
        return 0;
    }

    private static String hex(LoadedHeap loaded, long o) {
        return "0x" + Long.toHexString(loaded.graph().address(o));
    }

    /** "; did you mean ..." with the closest class names, or nothing. */
    private String suggestions(List<String> names) {
        List<String> best = ClassNameSuggestions.closest(className, names);
        return best.isEmpty() ? "" : "; did you mean " + String.join(", ", best) + "?";
    }
}
