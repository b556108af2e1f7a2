package dev.heaplens.analysis.suspects;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.ToolOverhead;
import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.Scratch;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * Leak suspects, runtime-neutral: {@link LeakRules} and {@link GroupAccumulation} pick the objects,
 * this names them, finds their paths from the GC roots (one breadth-first search for all) and puts
 * each in words ({@link SuspectText}). Tool overhead at the top of the dominator tree is left out
 * of the heap the shares are of, and is never a suspect.
 */
public final class SuspectFinder {
    /**
     * Top objects from this share of the heap on get their path with its fields stored in the index
     * (naming a field reads the holder's record, and on a JVM dump the address table): no threshold
     * below it is likely, and below it the fields are named when asked.
     */
    static final double LABELLED_SHARE = 0.001;
    /** Classes of held objects shown under a suspect. */
    static final int HELD_CLASSES = 5;

    private final NamedHeap heap;
    private final Dominators d;
    private final GroupBy originKey;
    private final DominatedChildren children;
    /** What the index stored for suspects; null when computed here. */
    private final SuspectInputs stored;

    private SuspectFinder(NamedHeap heap, Dominators d, GroupBy originKey, SuspectInputs stored,
                          DominatedChildren children) {
        this.heap = heap;
        this.d = d;
        this.originKey = originKey;
        this.stored = stored;
        this.children = children;
    }

    /**
     * @param originKey where objects come from in this runtime (gem, package), for the words and keywords
     * @param stored what an index stored for suspects (then {@code findings} is not called), or null
     * @param findings the runtime's findings, given the analysed heap's bytes (what their shares are of)
     */
    public static SuspectsResult find(String dumpName, NamedHeap heap, Dominators d, double thresholdPercent,
                                      GroupBy originKey, SuspectInputs stored, LongFunction<List<Finding>> findings) {
        return find(dumpName, heap, d, thresholdPercent, originKey, stored, findings, Scratch.heap());
    }

    /**
     * As {@link #find(String, NamedHeap, Dominators, double, GroupBy, SuspectInputs, LongFunction)}, every
     * node's dominated children, once many are asked for, listed in {@code scratch} (mapped out of core).
     */
    public static SuspectsResult find(String dumpName, NamedHeap heap, Dominators d, double thresholdPercent,
                                      GroupBy originKey, SuspectInputs stored, LongFunction<List<Finding>> findings,
                                      Scratch scratch) {
        return new SuspectFinder(heap, d, originKey, stored, new DominatedChildren(d, scratch)).run(dumpName, thresholdPercent, findings);
    }

    /**
     * Everything suspects needs that no threshold changes, for an index to store: every top object
     * with its accumulation point and what that holds, the shortest paths from the roots to all of
     * them, and the findings.
     */
    public static SuspectInputs inputs(NamedHeap heap, Dominators d, LongFunction<List<Finding>> findings) {
        return inputs(heap, d, null, Scratch.heap(), findings);
    }

    /**
     * As {@link #inputs(NamedHeap, Dominators, LongFunction)}, with {@link #pathTree} made ahead, or
     * null to make it here; every node's dominated children and the path tree in {@code scratch}
     * (mapped out of core, so that the heap holds what the top objects need, not 20 bytes an object).
     */
    public static SuspectInputs inputs(NamedHeap heap, Dominators d, RootPaths.Tree madeAhead, Scratch scratch,
                                       LongFunction<List<Finding>> findings) {
        DominatedChildren children = DominatedChildren.forMany(d, scratch);
        long[] topIds = children.of(Dominators.SUPER_ROOT);
        // the findings first, from the top's ids alone: their checks' columns are gone before the top
        // objects' are made (together they were the peak of suspects from an index out of core)
        List<Finding> found = findings.apply(d.reachableBytes() - overheadBytes(heap, d, topIds));
        TopObjects live = TopObjects.of(heap, d, topIds);
        SuspectFinder finder = new SuspectFinder(heap, d, null, null, children);
        RootPaths.Tree tree = madeAhead != null ? madeAhead : RootPaths.tree(d.graph(), d.filter(), scratch);
        long[] accumulation = new long[live.size()];
        HeldRows held = new HeldRows(live.size());
        Map<Integer, TopObjects.LabelledPath> paths = new HashMap<>();
        for (int i = 0; i < live.size(); i++) {
            accumulation[i] = LeakRules.accumulationPoint(d, children, live.object[i]);
            long holder = accumulation[i] >= 0 ? accumulation[i] : live.object[i];
            held.add(finder.held(holder));
            if (live.retained[i] >= LABELLED_SHARE * d.reachableBytes()) {
                paths.put(i, finder.labelled(tree, tree.pathTo(holder)));
            }
        }
        TopObjects top = new TopObjects(live.object, live.retained, live.retainedCount, live.className, accumulation,
                held, paths::get);
        // the paths to every top object and accumulation point: all that suspects asks, at any threshold
        return new SuspectInputs(top, StoredRootPaths.of(d.graph(), tree, live.object, accumulation), found);
    }

    /**
     * The whole tree of shortest paths from the roots over the strong references, as the index
     * stores it: it needs no dominator tree (the dominators follow the same references), so it can
     * be made while that is computed.
     */
    public static RootPaths.Tree pathTree(HeapGraph g) {
        return RootPaths.tree(g, g.strongReferences(), Scratch.heap());
    }

    /** The heap's bytes less what tools hold at the top of the dominator tree: what the findings' shares are of. */
    public static long analysedBytes(NamedHeap heap, Dominators d) {
        return d.reachableBytes() - overheadBytes(heap, d, new DominatedChildren(d).of(Dominators.SUPER_ROOT));
    }

    /** What tools retain among the top objects {@code topIds}: {@link #overhead}'s sum, with no column per top object. */
    private static long overheadBytes(NamedHeap heap, Dominators d, long[] topIds) {
        long bytes = 0;
        for (long o : topIds) {
            if (ToolOverhead.toolOf(heap.className(o)) != null) {
                bytes += d.retainedSize(o);
            }
        }
        return bytes;
    }

    private static long overheadBytes(List<Overhead> overhead) {
        return overhead.stream().mapToLong(Overhead::retainedBytes).sum();
    }

    private SuspectsResult run(String dumpName, double thresholdPercent, LongFunction<List<Finding>> findings) {
        TopObjects top = stored != null ? stored.top() : TopObjects.of(heap, d, children.of(Dominators.SUPER_ROOT));
        String[] names = new String[top.size()]; // each top object's class, null for tool overhead
        List<Overhead> overhead = overhead(top, names);
        long analysed = d.reachableBytes() - overheadBytes(overhead);
        long threshold = (long) (thresholdPercent * analysed / 100);
        LeakRules.Found found = LeakRules.find(top, names, threshold);

        long[] accumulations = new long[found.singles().length];
        BitSet targets = new BitSet(); // without stored inputs only: an index-less heap, whose ids are ints
        for (int i = 0; i < accumulations.length; i++) {
            int t = found.singles()[i];
            long o = top.object[t];
            accumulations[i] = top.stored() ? top.accumulation(t) : LeakRules.accumulationPoint(d, children, o);
            targets.set((int) (accumulations[i] >= 0 ? accumulations[i] : o));
        }
        List<long[]> samples = new ArrayList<>();
        for (LeakRules.Group g : found.groups()) {
            long[] sample = GroupAccumulation.sample(g.objects());
            samples.add(sample);
            for (long o : sample) {
                targets.set((int) o);
            }
        }
        RootPaths.ToRoot tree = stored != null ? stored.paths()
                : targets.isEmpty() ? null : RootPaths.tree(d.graph(), d.filter(), targets);

        List<Suspect> suspects = new ArrayList<>();
        for (int i = 0; i < accumulations.length; i++) {
            int t = found.singles()[i];
            long o = top.object[t];
            long acc = accumulations[i];
            TopObjects.LabelledPath path = top.stored() ? top.path(t) : null;
            if (path == null) {
                path = labelled(tree, tree.pathTo(acc >= 0 ? acc : o));
            }
            List<Suspect.HeldClass> held = top.stored() ? top.held(t) : held(acc >= 0 ? acc : o);
            suspects.add(suspect(Suspect.Kind.SINGLE, top.className[t], o, 1, top.retained[t], analysed, acc, path, held));
        }
        for (int i = 0; i < found.groups().size(); i++) {
            LeakRules.Group g = found.groups().get(i);
            GroupAccumulation.Result merged = GroupAccumulation.of(d, tree, samples.get(i));
            long[] common = merged.commonPath();
            RootPaths.Path first = common.length > 0 ? tree.pathTo(common[common.length - 1]) : tree.pathTo(g.objects()[0]);
            long acc = merged.accumulation();
            suspects.add(suspect(Suspect.Kind.GROUP, g.className(), g.objects()[0], g.objects().length, g.retainedBytes(),
                    analysed, acc, labelled(tree, first), acc >= 0 ? held(acc) : List.of()));
        }
        return new SuspectsResult(dumpName, d.reachableBytes(), analysed, thresholdPercent, suspects,
                stored != null ? stored.findings() : findings.apply(analysed), overhead);
    }

    /** {@code path} with what leads to each step: the root's kind, then fields or indexes. */
    private TopObjects.LabelledPath labelled(RootPaths.ToRoot tree, RootPaths.Path path) {
        if (path == null) {
            return new TopObjects.LabelledPath(new long[0], new String[0]);
        }
        long[] objects = path.objects();
        String[] via = new String[objects.length];
        via[0] = path.rootCategory();
        for (int k = 1; k < objects.length; k++) {
            via[k] = tree.via(heap, objects[k - 1], objects[k]);
        }
        return new TopObjects.LabelledPath(objects, via);
    }

    private Suspect suspect(Suspect.Kind kind, String className, long object, long instances, long retained, long analysed,
                            long acc, TopObjects.LabelledPath labelled, List<Suspect.HeldClass> held) {
        List<Suspect.PathStep> path = new ArrayList<>();
        for (int k = 0; k < labelled.objects().length; k++) {
            path.add(new Suspect.PathStep(ref(labelled.objects()[k]), labelled.via()[k]));
        }
        String location = acc >= 0 && heap.location(acc) != null ? heap.location(acc) : heap.location(object);
        String origin = location == null ? null : heap.group(acc >= 0 && heap.location(acc) != null ? acc : object, originKey);
        double share = analysed <= 0 ? 0 : (double) retained / analysed;
        Suspect.ObjectRef accumulation = acc >= 0 ? ref(acc) : null;
        String loader = heap.loader(object);
        SuspectText words = new SuspectText(kind, className, ref(object), instances, retained, share, accumulation, path,
                held, location, origin, loader);
        return new Suspect(kind, className, ref(object), instances, retained, share, accumulation, path, held, location,
                loader, words.text(), words.keywords());
    }

    private Suspect.ObjectRef ref(long o) {
        String own = heap.classObjectName(o);
        return new Suspect.ObjectRef(o, d.graph().address(o), heap.className(o), own != null ? "class " + own : heap.className(o),
                d.graph().shallowSize(o), d.retainedSize(o));
    }

    /** The dominated children of {@code o} by class, most retained first (their retained sets are disjoint). */
    private List<Suspect.HeldClass> held(long o) {
        Map<String, long[]> sums = new HashMap<>();
        for (long c : children.of(o)) {
            long[] s = sums.computeIfAbsent(heap.className(c), k -> new long[2]);
            s[0]++;
            s[1] += d.retainedSize(c);
        }
        List<Suspect.HeldClass> rows = new ArrayList<>();
        sums.forEach((cls, s) -> rows.add(new Suspect.HeldClass(cls, s[0], s[1])));
        rows.sort((a, b) -> a.retainedBytes() != b.retainedBytes() ? Long.compare(b.retainedBytes(), a.retainedBytes())
                : a.className().compareTo(b.className()));
        return List.copyOf(rows.subList(0, Math.min(HELD_CLASSES, rows.size())));
    }

    /** Tool objects among the top objects, by tool and class; {@code names} gets every top object's class, null for a tool's. */
    private List<Overhead> overhead(TopObjects top, String[] names) {
        Map<String, long[]> byClass = new LinkedHashMap<>();
        Map<String, String> tools = new HashMap<>();
        for (int i = 0; i < top.size(); i++) {
            String cls = top.className[i];
            String tool = ToolOverhead.toolOf(cls);
            names[i] = tool == null ? cls : null;
            if (tool != null) {
                tools.put(cls, tool);
                long[] s = byClass.computeIfAbsent(cls, k -> new long[2]);
                s[0] += top.retainedCount[i];
                s[1] += top.retained[i];
            }
        }
        List<Overhead> rows = new ArrayList<>();
        byClass.forEach((cls, s) -> rows.add(new Overhead(tools.get(cls), cls, s[0], s[1])));
        return rows;
    }
}
