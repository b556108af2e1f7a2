package dev.heaplens.analysis.suspects;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.ToolOverhead;
import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.analysis.graph.ObjectReport;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.graph.Dominators;

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
    /** Classes of held objects shown under a suspect. */
    static final int HELD_CLASSES = 5;

    private final NamedHeap heap;
    private final Dominators d;
    private final GroupBy originKey;
    private final DominatedChildren children;

    private SuspectFinder(NamedHeap heap, Dominators d, GroupBy originKey) {
        this.heap = heap;
        this.d = d;
        this.originKey = originKey;
        this.children = new DominatedChildren(d);
    }

    /**
     * @param originKey where objects come from in this runtime (gem, package), for the words and keywords
     * @param findings the runtime's findings, given the analysed heap's bytes (what their shares are of)
     */
    public static SuspectsResult find(String dumpName, NamedHeap heap, Dominators d, double thresholdPercent,
                                      GroupBy originKey, LongFunction<List<Finding>> findings) {
        return new SuspectFinder(heap, d, originKey).run(dumpName, thresholdPercent, findings);
    }

    private SuspectsResult run(String dumpName, double thresholdPercent, LongFunction<List<Finding>> findings) {
        int[] top = children.of(Dominators.SUPER_ROOT);
        String[] names = new String[top.length]; // each top object's class, null for tool overhead
        List<Overhead> overhead = overhead(top, names);
        long overheadBytes = overhead.stream().mapToLong(Overhead::retainedBytes).sum();
        long analysed = d.reachableBytes() - overheadBytes;
        long threshold = (long) (thresholdPercent * analysed / 100);
        LeakRules.Found found = LeakRules.find(d, children, top, names, threshold);

        int[] accumulations = new int[found.singles().length];
        BitSet targets = new BitSet();
        for (int i = 0; i < accumulations.length; i++) {
            int o = found.singles()[i];
            accumulations[i] = LeakRules.accumulationPoint(d, children, o);
            targets.set(accumulations[i] >= 0 ? accumulations[i] : o);
        }
        List<int[]> samples = new ArrayList<>();
        for (LeakRules.Group g : found.groups()) {
            int[] sample = GroupAccumulation.sample(g.objects());
            samples.add(sample);
            for (int o : sample) {
                targets.set(o);
            }
        }
        RootPaths.Tree tree = targets.isEmpty() ? null : RootPaths.tree(d.graph(), d.filter(), targets);

        List<Suspect> suspects = new ArrayList<>();
        for (int i = 0; i < accumulations.length; i++) {
            int o = found.singles()[i];
            int acc = accumulations[i];
            RootPaths.Path path = tree.pathTo(acc >= 0 ? acc : o);
            suspects.add(suspect(Suspect.Kind.SINGLE, heap.className(o), o, 1, d.retainedSize(o), analysed, acc,
                    path == null ? null : path.rootCategory(), path == null ? new int[0] : path.objects()));
        }
        for (int i = 0; i < found.groups().size(); i++) {
            LeakRules.Group g = found.groups().get(i);
            GroupAccumulation.Result merged = GroupAccumulation.of(d, tree, samples.get(i));
            int[] common = merged.commonPath();
            RootPaths.Path first = common.length > 0 ? tree.pathTo(common[common.length - 1]) : tree.pathTo(g.objects()[0]);
            int[] pathObjects = first == null ? new int[0] : first.objects();
            suspects.add(suspect(Suspect.Kind.GROUP, g.className(), g.objects()[0], g.objects().length, g.retainedBytes(),
                    analysed, merged.accumulation(), first == null ? null : first.rootCategory(), pathObjects));
        }
        return new SuspectsResult(dumpName, d.reachableBytes(), analysed, thresholdPercent, suspects,
                findings.apply(analysed), overhead);
    }

    private Suspect suspect(Suspect.Kind kind, String className, int object, long instances, long retained, long analysed,
                            int acc, String rootCategory, int[] pathObjects) {
        List<Suspect.PathStep> path = new ArrayList<>();
        for (int k = 0; k < pathObjects.length; k++) {
            String via = k == 0 ? rootCategory : ObjectReport.via(heap, pathObjects[k - 1], pathObjects[k]);
            path.add(new Suspect.PathStep(ref(pathObjects[k]), via));
        }
        int holder = acc >= 0 ? acc : kind == Suspect.Kind.SINGLE ? object : -1;
        String location = acc >= 0 && heap.location(acc) != null ? heap.location(acc) : heap.location(object);
        String origin = location == null ? null : heap.group(acc >= 0 && heap.location(acc) != null ? acc : object, originKey);
        double share = analysed <= 0 ? 0 : (double) retained / analysed;
        Suspect.ObjectRef accumulation = acc >= 0 ? ref(acc) : null;
        List<Suspect.HeldClass> held = holder >= 0 ? held(holder) : List.of();
        SuspectText words = new SuspectText(kind, className, ref(object), instances, retained, share, accumulation, path,
                held, location, origin);
        return new Suspect(kind, className, ref(object), instances, retained, share, accumulation, path, held, location,
                words.text(), words.keywords());
    }

    private Suspect.ObjectRef ref(int o) {
        String own = heap.classObjectName(o);
        return new Suspect.ObjectRef(o, d.graph().address(o), heap.className(o), own != null ? "class " + own : heap.className(o),
                d.graph().shallowSize(o), d.retainedSize(o));
    }

    /** The dominated children of {@code o} by class, most retained first (their retained sets are disjoint). */
    private List<Suspect.HeldClass> held(int o) {
        Map<String, long[]> sums = new HashMap<>();
        for (int c : children.of(o)) {
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
    private List<Overhead> overhead(int[] top, String[] names) {
        Map<String, long[]> byClass = new LinkedHashMap<>();
        Map<String, String> tools = new HashMap<>();
        for (int i = 0; i < top.length; i++) {
            int o = top[i];
            String cls = heap.className(o);
            String tool = ToolOverhead.toolOf(cls);
            names[i] = tool == null ? cls : null;
            if (tool != null) {
                tools.put(cls, tool);
                long[] s = byClass.computeIfAbsent(cls, k -> new long[2]);
                s[0] += d.retainedCount(o);
                s[1] += d.retainedSize(o);
            }
        }
        List<Overhead> rows = new ArrayList<>();
        byClass.forEach((cls, s) -> rows.add(new Overhead(tools.get(cls), cls, s[0], s[1])));
        return rows;
    }
}
