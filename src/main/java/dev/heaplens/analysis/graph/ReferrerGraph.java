package dev.heaplens.analysis.graph;

import dev.heaplens.graph.HeapGraph;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The neighbourhood of a suspicious class, as Crystal MemProf's {@code pretty_log_object_graph}
 * draws it: up to {@code limit} objects of the class as targets, then their referrers walked back
 * {@code level} levels. An edge is labelled with its level: 0 for the objects that point straight
 * at a target, 1 for those pointing at a level-0 referrer, and so on.
 */
public final class ReferrerGraph {
    /** Referrers followed at most, so a widely shared object cannot flood the picture. */
    public static final int MAX_EDGES = 1000;
    /** Objects of the class drawn at most when all are asked for: a picture, not a list of a class's millions. */
    public static final int MAX_TARGETS = 10_000;

    private ReferrerGraph() {
    }

    /** An edge {@code from} → {@code to}: {@code index} is the position among {@code from}'s references. */
    public record Edge(long from, long to, int index, int level) {
    }

    /** The objects drawn as targets, then the references walked back to them. */
    public record Result(List<Long> targets, List<Edge> edges, boolean truncated) {
        /** Every object drawn: targets first, then referrers in the order found. */
        public Set<Long> nodes() {
            Set<Long> nodes = new LinkedHashSet<>(targets);
            for (Edge e : edges) {
                nodes.add(e.to());
                nodes.add(e.from());
            }
            return nodes;
        }
    }

    /** Objects of a class drawn for {@code --limit}: {@code limit <= 0} asks for all, up to {@link #MAX_TARGETS}. */
    public static int targetsDrawn(int limit) {
        return limit <= 0 ? MAX_TARGETS : limit;
    }

    /**
     * @param targets the objects of the class drawn, in address order
     * @param levels  how far to walk back ({@code <= 0}: until no new referrer)
     */
    public static Result walk(HeapGraph g, long[] targets, int levels) {
        List<Long> chosen = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        List<Long> frontier = new ArrayList<>();
        for (long t : targets) {
            chosen.add(t);
            seen.add(t);
            frontier.add(t);
        }
        List<Edge> edges = new ArrayList<>();
        Set<Reference> drawn = new HashSet<>(); // a reference held twice is drawn once
        boolean truncated = false;
        for (int level = 0; !frontier.isEmpty() && (levels <= 0 || level < levels); level++) {
            List<Long> next = new ArrayList<>();
            for (long to : frontier) {
                for (long i = g.inStart(to), end = g.inEnd(to); i < end; i++) {
                    long from = g.source(i);
                    if (edges.size() >= MAX_EDGES) {
                        truncated = true;
                        break;
                    }
                    if (!drawn.add(new Reference(from, to))) {
                        continue;
                    }
                    edges.add(new Edge(from, to, indexAmongReferences(g, from, to), level));
                    if (seen.add(from)) {
                        next.add(from);
                    }
                }
            }
            frontier = next;
        }
        return new Result(chosen, edges, truncated);
    }

    /** A reference drawn, by its ends (ids past 2^32 too: no two packed in one long). */
    private record Reference(long from, long to) {
    }

    private static int indexAmongReferences(HeapGraph g, long from, long to) {
        long start = g.outStart(from);
        for (long i = start, end = g.outEnd(from); i < end; i++) {
            if (g.target(i) == to) {
                return (int) (i - start);
            }
        }
        return -1;
    }
}
