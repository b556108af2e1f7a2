package dev.heaplens.web;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.graph.RetainedByGroup;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.analysis.graph.TopRetainers;
import dev.heaplens.analysis.strings.DuplicateStrings;
import dev.heaplens.analysis.suspects.Suspect;
import dev.heaplens.analysis.suspects.SuspectsResult;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.Scratch;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.LoadedHeap;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;

/**
 * One dump as the views read it: loaded once through the runtime, then indexed so that a page
 * is a slice of a precomputed array. What is cheap and needed by the first page is built at
 * once; the grouped retained sizes of the other keys and duplicate strings are built in the
 * background and waited for only if asked before they are ready.
 */
final class ServedDump {
    /** Groups whose retained size is made exact (the rest are lower bounds), as retained shows by default. */
    static final int EXACT_GROUPS = 20;
    /** Duplicate-string values kept for paging. */
    static final int STRINGS_KEPT = 1000;

    final int id;
    final HeapRuntime runtime;
    final LoadedHeap heap;
    final Dominators dominators;
    final HeapGraph graph;
    /** Reachable objects, largest retained first. */
    final IdCells byRetained;
    /** Dominator children, each node's {@code childStart..childEnd} range ordered largest retained first. */
    private final IdCells children;
    /** Objects per class: class {@code c}'s are {@code classObjects[classStart[c]..classStart[c+1])}, reachable ones largest retained first. */
    private final Map<String, Integer> classIds = new HashMap<>();
    /** The kind (JVM) or type (Ruby) of class objects, as {@code ObjectNamer.kind} names it in either case. */
    private static final String CLASS_KIND = "class";
    private final int classObjectCount;
    private final long[] classStart;
    private final IdCells classObjects;
    final RootPaths.Tree strongPaths;
    final Reachability reachability;
    private final Map<GroupBy, Future<List<RetainedByGroup.Row>>> groups = new HashMap<>();
    private final Map<GroupBy, Future<List<RetainedByGroup.Row>>> bounds = new HashMap<>();
    private final Map<GroupBy, Future<List<Reachability.KindRow>>> unreachable = new HashMap<>();
    private final Future<DuplicateStrings> strings;
    private final Future<RootPaths.Levels> strongLevels;

    ServedDump(int id, HeapRuntime runtime, LoadedHeap heap, Executor background) {
        this.id = id;
        this.runtime = runtime;
        this.heap = heap;
        this.dominators = heap.dominators();
        this.graph = heap.graph();
        // the per-object columns in the heap's scratch: mapped beside the index out of core
        Scratch scratch = heap.scratch();
        this.byRetained = TopRetainers.all(dominators, scratch);
        this.children = sortedChildren(scratch);
        long n = graph.objectCount();
        IdCells classOf = scratch.idCellsWhereRoom(n, n); // a class's number is below the object count
        long[] counts = new long[64];
        int classCount = 0;
        for (long o = 0; o < n; o++) {
            if (CLASS_KIND.equalsIgnoreCase(heap.namer().kind(o))) {
                classCount++;
            }
            String name = heap.namer().className(o);
            Integer c = classIds.get(name);
            if (c == null) {
                c = classIds.size();
                classIds.put(name, c);
                if (c == counts.length) {
                    counts = java.util.Arrays.copyOf(counts, c * 2);
                }
            }
            classOf.set(o, c);
            counts[c]++;
        }
        this.classObjectCount = classCount;
        classStart = new long[classIds.size() + 1];
        for (int c = 0; c < classIds.size(); c++) {
            classStart[c + 1] = classStart[c] + counts[c];
        }
        long[] next = java.util.Arrays.copyOf(classStart, classStart.length - 1);
        classObjects = scratch.idCellsWhereRoom(n, n);
        for (long i = 0, reachable = byRetained.length(); i < reachable; i++) {
            long o = byRetained.get(i);
            classObjects.set(next[(int) classOf.get(o)]++, o);
        }
        for (long o = 0; o < n; o++) {
            if (!dominators.isReachable(o)) {
                classObjects.set(next[(int) classOf.get(o)]++, o);
            }
        }
        scratch.release(classOf);
        this.strongPaths = RootPaths.tree(graph, graph.strongReferences(), scratch);
        this.reachability = heap.reachability();
        // the keys the overview shows first; every key's lower bounds before any exact retained set
        List<GroupBy> keys = new java.util.ArrayList<>(List.of(GroupBy.CLASS, kindKey(), originKey()));
        runtime.graphKeys().stream().filter(k -> !keys.contains(k)).forEach(keys::add);
        for (GroupBy key : keys) {
            bounds.put(key, CompletableFuture.supplyAsync(() -> RetainedByGroup.lowerBounds(dominators, heap.namer(), key, scratch), background));
        }
        unreachable.put(GroupBy.CLASS, CompletableFuture.supplyAsync(
                () -> Reachability.unreachableBy(dominators, heap.namer()::className), background));
        unreachable.put(kindKey(), CompletableFuture.supplyAsync(
                () -> Reachability.unreachableBy(dominators, heap.namer()::kind), background));
        this.strongLevels = CompletableFuture.supplyAsync(() -> RootPaths.levels(graph, graph.strongReferences(), scratch), background);
        background.execute(() -> childGroups(Dominators.SUPER_ROOT)); // the tree's first page grouped: a pass over all top nodes
        for (GroupBy key : keys) {
            groups.put(key, CompletableFuture.supplyAsync(
                    () -> RetainedByGroup.compute(dominators, heap.namer(), key, EXACT_GROUPS, scratch), background));
        }
        this.strings = runtime.hasStringValues()
                ? CompletableFuture.supplyAsync(() -> runtime.duplicateStrings(heap.input(), STRINGS_KEPT), background)
                : null;
    }

    String name() {
        return heap.input().name();
    }

    /** Suspects at the default threshold, computed on first use and kept. */
    SuspectsResult suspects() {
        return suspects(SUSPECTS_THRESHOLD);
    }

    /** Suspects at {@code thresholdPercent}, computed on first use and kept (the page offers a few). */
    synchronized SuspectsResult suspects(double thresholdPercent) {
        return suspects.computeIfAbsent(thresholdPercent, t -> runtime.suspects(heap, t));
    }

    /** Every object the suspects view links to at the thresholds it offers: suspects, accumulation points, paths' steps. */
    java.util.Set<Long> suspectObjects() {
        java.util.Set<Long> objects = new java.util.LinkedHashSet<>();
        for (double threshold : SUSPECTS_THRESHOLDS) {
            for (Suspect s : suspects(threshold).suspects()) {
                objects.add(s.object().object());
                if (s.accumulation() != null) {
                    objects.add(s.accumulation().object());
                }
                s.path().forEach(step -> objects.add(step.object().object()));
            }
        }
        return objects;
    }

    /** The threshold of {@code heaplens suspects} when not told. */
    static final double SUSPECTS_THRESHOLD = 10;
    /** The thresholds the suspects view offers (and a report holds): suspects.js lists the same. */
    static final double[] SUSPECTS_THRESHOLDS = {1, 2, 5, 10, 20, 30, 50};
    private final java.util.Map<Double, SuspectsResult> suspects = new java.util.HashMap<>();

    /** Ruby's coarse category is its type, the JVM's its kind: as the runtime says. */
    GroupBy kindKey() {
        return runtime.kindKey();
    }

    /** Where objects come from at the coarsest level (a Ruby gem, a Java package): as the runtime says. */
    GroupBy originKey() {
        return runtime.originKey();
    }

    /**
     * Objects of the class kind (Ruby type CLASS, JVM kind class): the figure summary calls
     * classes, so that the label means one number in every view.
     */
    int classObjectCount() {
        return classObjectCount;
    }

    /**
     * The groups of {@code key} with their retained sizes: the largest {@link #EXACT_GROUPS} exact
     * once the background has made them, lower bounds (marked inexact) until then.
     */
    List<RetainedByGroup.Row> groups(GroupBy key) {
        Future<List<RetainedByGroup.Row>> exact = groups.get(key);
        return exact.isDone() ? await(exact) : await(bounds.get(key));
    }

    /** Waits for every key's exact figures (a report is written once, with them). */
    void awaitExact() {
        groups.values().forEach(ServedDump::await);
    }

    /** Whether {@link #groups} gives the exact figures for {@code key} (answers built on it can be kept). */
    boolean exact(GroupBy key) {
        return groups.get(key).isDone();
    }

    List<Reachability.KindRow> unreachable(GroupBy key) {
        return await(unreachable.get(key));
    }

    /** Every object's distance from the roots by strong references: several shortest paths without a new search. */
    RootPaths.Levels strongLevels() {
        return await(strongLevels);
    }

    /** Duplicate strings, or null for a Ruby dump. */
    DuplicateStrings strings() {
        return strings == null ? null : await(strings);
    }

    /** The objects of class {@code name} (reachable ones largest retained first), or null for no such class. */
    long[] classRange(String name) {
        Integer c = classIds.get(name);
        return c == null ? null : new long[] {classStart[c], classStart[c + 1]};
    }

    long classObject(long i) {
        return classObjects.get(i);
    }

    /** The dominator children of {@code node} ({@link Dominators#SUPER_ROOT} for the top), as a range of {@link #child}. */
    long[] childRange(long node) {
        return new long[] {dominators.childStart(node), dominators.childEnd(node)};
    }

    long child(long i) {
        return children.get(i);
    }

    /**
     * The dominator children of {@code node} grouped by class, largest retained first; the
     * retained size of a group is the sum of its members' (their subtrees are disjoint). Kept for
     * nodes with many children, whose grouping is a pass over all of them.
     */
    List<RetainedByGroup.Row> childGroups(long node) {
        long[] range = childRange(node);
        if (range[1] - range[0] < MANY_CHILDREN) {
            return groupChildren(range);
        }
        return childGroups.computeIfAbsent(node, k -> groupChildren(range));
    }

    private static final int MANY_CHILDREN = 10_000;
    private final Map<Long, List<RetainedByGroup.Row>> childGroups = new java.util.concurrent.ConcurrentHashMap<>();

    private List<RetainedByGroup.Row> groupChildren(long[] range) {
        Map<String, long[]> sums = new HashMap<>();
        for (long i = range[0]; i < range[1]; i++) {
            long c = children.get(i);
            long[] s = sums.computeIfAbsent(heap.namer().className(c), k -> new long[3]);
            s[0]++;
            s[1] += graph.shallowSize(c);
            s[2] += dominators.retainedSize(c);
        }
        List<RetainedByGroup.Row> rows = new java.util.ArrayList<>();
        sums.forEach((k, s) -> rows.add(new RetainedByGroup.Row(k, s[0], s[1], -1, s[2], true)));
        rows.sort(java.util.Comparator.comparingLong(RetainedByGroup.Row::retainedBytes).reversed()
                .thenComparing(RetainedByGroup.Row::group));
        return List.copyOf(rows);
    }

    /** Dominators' child ranges, each refilled in retained order: one pass over the sorted objects. */
    private IdCells sortedChildren(Scratch scratch) {
        long n = graph.objectCount();
        long reachable = byRetained.length();
        IdCells sorted = scratch.idCellsWhereRoom(reachable, n);
        IdCells next = scratch.idCellsWhereRoom(n + 1, n + 1); // each node's next place: a child index, at most the reachable count
        for (long o = 0; o < n; o++) {
            next.set(o, dominators.childStart(o));
        }
        next.set(n, dominators.childStart(Dominators.SUPER_ROOT));
        for (long i = 0; i < reachable; i++) {
            long o = byRetained.get(i);
            long parent = dominators.immediateDominator(o);
            long at = parent == Dominators.SUPER_ROOT ? n : parent;
            long place = next.get(at);
            next.set(at, place + 1);
            sorted.set(place, o);
        }
        scratch.release(next);
        return sorted;
    }

    private static <T> T await(Future<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
