package dev.heaplens.analysis.graph;

import dev.heaplens.graph.BitCells;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.Scratch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongFunction;

/**
 * What GC roots reach: objects and bytes reachable and not, the unreachable ones by kind, and the
 * references that point at no object of the dump.
 */
public record Reachability(long reachableCount, long reachableBytes, long unreachableCount, long unreachableBytes,
                           List<KindRow> unreachableByKind, long danglingReferences, long danglingRoots,
                           WeakOnly weakOnly) {

    /**
     * Of the unreachable objects, those that weak, soft or phantom references still reach (the GC
     * may clear those references); null for dumps without weak references (Ruby's).
     */
    public record WeakOnly(long count, long bytes) {
    }

    public record KindRow(String kind, long count, long bytes) {
    }

    public static Reachability of(Dominators d, ObjectNamer namer) {
        return of(d, namer, Scratch.heap());
    }

    /** As {@link #of(Dominators, ObjectNamer)}, the weak-only walk's bits in {@code scratch} ({@link #weakOnly(Dominators, Scratch)}). */
    public static Reachability of(Dominators d, ObjectNamer namer, Scratch scratch) {
        HeapGraph g = d.graph();
        return new Reachability(d.reachableCount(), d.reachableBytes(), d.unreachableCount(), d.unreachableBytes(),
                unreachableBy(d, namer::kind), g.danglingReferences(), g.danglingRoots(),
                weakOnly(d, scratch));
    }

    /** The unreachable objects grouped by {@code key} (a kind, a class name...), most bytes first. */
    public static List<KindRow> unreachableBy(Dominators d, LongFunction<String> key) {
        HeapGraph g = d.graph();
        Map<String, long[]> groups = new TreeMap<>();
        for (long o = 0, n = g.objectCount(); o < n; o++) {
            if (!d.isReachable(o)) {
                long[] sums = groups.computeIfAbsent(key.apply(o), k -> new long[2]);
                sums[0]++;
                sums[1] += g.shallowSize(o);
            }
        }
        List<KindRow> rows = new ArrayList<>();
        groups.forEach((k, v) -> rows.add(new KindRow(k, v[0], v[1])));
        rows.sort(Comparator.comparingLong(KindRow::bytes).reversed().thenComparing(KindRow::kind));
        return List.copyOf(rows);
    }

    /**
     * The objects a walk over every reference from the roots reaches that {@code d}'s walk (every
     * strong reference) did not. Such a walk leaves d's reachable objects only through a weak
     * reference, so only the unreachable objects behind a weak reference from a reachable one are
     * walked, not the whole graph again. Null for a dump without weak references.
     */
    public static WeakOnly weakOnly(Dominators d) {
        return weakOnly(d, Scratch.heap());
    }

    /** As {@link #weakOnly(Dominators)}, a bit an object in {@code scratch} (mapped where the heap has no room). */
    public static WeakOnly weakOnly(Dominators d, Scratch scratch) {
        HeapGraph g = d.graph();
        if (!g.hasWeakReferences()) {
            return null;
        }
        BitCells seen = scratch.bitsWhereRoom(g.objectCount());
        long[] stack = new long[64];
        long count = 0;
        long bytes = 0;
        long source = 0; // the object whose references hold reference i
        for (long i = g.nextWeakReference(0); i >= 0; i = g.nextWeakReference(i + 1)) {
            while (g.outEnd(source) <= i) {
                source++;
            }
            long t = g.target(i);
            if (!d.isReachable(source) || d.isReachable(t) || seen.get(t)) {
                continue; // an unreachable source's weak references are followed if the walk reaches it
            }
            seen.set(t);
            int sp = 0;
            stack[sp++] = t;
            while (sp > 0) {
                long v = stack[--sp];
                count++;
                bytes += g.shallowSize(v);
                for (long k = g.outStart(v), end = g.outEnd(v); k < end; k++) {
                    long w = g.target(k);
                    if (!seen.get(w) && !d.isReachable(w)) {
                        seen.set(w);
                        if (sp == stack.length) {
                            stack = Arrays.copyOf(stack, sp * 2);
                        }
                        stack[sp++] = w;
                    }
                }
            }
        }
        return new WeakOnly(count, bytes);
    }
}
