package dev.heaplens.cli;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.ObjectRows;
import dev.heaplens.analysis.graph.Leaks;
import dev.heaplens.graph.EdgeFilter;
import dev.heaplens.graph.RetainedSet;
import dev.heaplens.io.DumpInput;
import dev.heaplens.report.LeaksRenderer;
import dev.heaplens.report.OutputFormat;
import dev.heaplens.report.ObjectRenderer;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.LeakCandidates;
import dev.heaplens.runtime.LoadedHeap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

@Command(name = "leaks", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"What keeps accumulating, from three dumps A, B, C taken in that order.",
                "All three Ruby or all three JVM. Objects allocated after A, present in B and still alive in C, per group, with what they "
                + "retain in C and a sample path from a GC root. Take Ruby dumps with "
                + "ObjectSpace.trace_object_allocations_start on: objects are then told apart exactly even "
                + "when Ruby reuses a freed slot; JVM objects are told apart by address and class. One Ruby "
                + "dump of the three can be - (standard input)."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens leaks a.json b.json c.json --by location",
                "  heaplens leaks a.json.gz b.json.gz c.json.gz --fail-over 1MB   # exit 3 when more than 1 MB leaked",
                "  heaplens leaks a.hprof b.hprof c.hprof --by package",
                "",
                KeyHelp.GRAPH_EXPLAINED})
final class LeaksCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(index = "0", paramLabel = "A", description = "The first dump (the baseline), Ruby or JVM.")
    String a;

    @Parameters(index = "1", paramLabel = "B", description = "The second dump, of the same runtime.")
    String b;

    @Parameters(index = "2", paramLabel = "C", description = "The third dump, of the same runtime.")
    String c;

    @Option(names = "--by", paramLabel = "KEY", description = KeyHelp.GRAPH
            + " (default: " + KeyHelp.LEAK_DEFAULTS + ").")
    GroupBy by;

    @Option(names = "--no-retained", description = "Counts and bytes alone: no retained sizes and no sample paths, so C "
            + "is read without its references (faster, in less heap). A sound index of C is used; none is written.")
    boolean noRetained;

    @Option(names = "--sort", paramLabel = "ORDER", description = "bytes (the leaked objects' own) or retained (what"
            + " each group keeps alive in C; measures every group, not only those shown) (default: ${DEFAULT-VALUE}).")
    Leaks.Order sort = Leaks.Order.BYTES;

    @Mixin
    TopOption top = new TopOption(10);

    @Mixin
    FormatOption format;

    @Mixin
    GrowthGate gate;

    @Mixin
    GraphDumpOptions dumpOptions;

    LeaksCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        if (noRetained && sort == Leaks.Order.RETAINED) {
            throw new dev.heaplens.HeaplensException("--sort retained needs the retained sizes that --no-retained leaves out");
        }
        DumpSets.Dumps dumps = DumpSets.openOfOneRuntime(console, List.of(a, b, c), dumpOptions);
        List<DumpInput> inputs = dumps.inputs();
        HeapRuntime runtime = dumps.runtime();
        GroupBy key = runtime.key(by != null ? by : runtime.defaultLeakKey(), runtime.graphKeys(), inputs.get(0).name());
        int shownCount = top.atLeastOne();
        LeakCandidates candidates = noRetained
                ? runtime.leakCandidates(inputs.get(0), inputs.get(1), runtime.loadObjects(inputs.get(2)))
                : runtime.leakCandidates(inputs.get(0), inputs.get(1), inputs.get(2));
        LoadedHeap heapC = candidates.heapC();
        // No dominator tree: the retained sets shown are found by traversals of C's graph.
        EdgeFilter strong = heapC.graph().strongReferences();
        Leaks leaks = noRetained ? Leaks.withoutRetained(heapC.namer(), candidates.newInB(), candidates.rule(), key)
                : Leaks.find(heapC.namer(), strong, candidates.newInB(), candidates.rule(), key, shownCount, sort);
        List<Leaks.Group> shown = leaks.groups().subList(0, Math.min(shownCount, leaks.groups().size()));

        Set<Long> objects = new LinkedHashSet<>();
        shown.forEach(g -> {
            if (g.samplePath() != null) {
                for (long o : g.samplePath().objects()) {
                    objects.add(o);
                }
            }
        });
        long[] steps = objects.stream().mapToLong(Long::longValue).toArray();
        // Of the formats only JSON shows what each object of a sample path retains: a traversal of
        // C's graph per 31 objects, made for it alone.
        RetainedSet[] retainedOfSteps = format.format == OutputFormat.JSON
                ? RetainedSet.eachOf(heapC.graph(), strong, steps, heapC.scratch()) : new RetainedSet[steps.length];
        ObjectRows rows = heapC.rows(steps, retainedOfSteps);
        Map<String, ObjectRenderer.PathView> paths = new HashMap<>();
        for (Leaks.Group g : shown) {
            if (g.samplePath() != null) {
                paths.put(g.key(), PathViews.of(heapC, g.samplePath(), rows::of));
            }
        }
        List<String> names = inputs.stream().map(DumpInput::name).toList();
        console.out().print(LeaksRenderer.render(leaks, shown, paths, key.label(), format.format, names));
        console.out().flush();
        if (format.rowsOnly()) {
            console.err().println("heaplens: " + LeaksRenderer.totalsNote(leaks));
        }
        return gate.check(console, "leaked memory", leaks.leakedBytes(), candidates.bytesOfA());
    }
}
