package dev.heaplens.analysis.suspects;

import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.graph.Dominators;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a group suspect's memory accumulates, as MAT finds it: the shortest paths from the GC
 * roots to the group's objects (a sample of {@link #MAX_PATHS} when there are more) are merged
 * into a tree, one level an object; from the root side, the branch that most paths take is
 * followed while it carries more than {@link #COMMON_SHARE} of the paths. The followed objects
 * are the common path; its last object is the accumulation point when the next branch drops below
 * {@link LeakRules#BIG_DROP_RATIO} of what the paths' objects retain, or when the paths end there.
 */
public final class GroupAccumulation {
    /** Paths merged at most: more objects are sampled evenly. */
    public static final int MAX_PATHS = 10_000;
    /** A branch is followed while more than this share of the paths goes through it. */
    public static final double COMMON_SHARE = 0.8;

    private GroupAccumulation() {
    }

    /**
     * @param commonPath the objects most paths share, root side first (may be empty)
     * @param accumulation the accumulation point, or -1 when the paths part before one is found
     * @param paths the paths merged (of the objects sampled that a root reaches)
     */
    public record Result(long[] commonPath, long accumulation, int sampled, int paths) {
    }

    /** The objects whose paths are merged: all of them, or {@link #MAX_PATHS} evenly spaced. */
    public static long[] sample(long[] objects) {
        if (objects.length <= MAX_PATHS) {
            return objects;
        }
        long[] taken = new long[MAX_PATHS];
        for (int i = 0; i < MAX_PATHS; i++) {
            taken[i] = objects[(int) ((long) i * objects.length / MAX_PATHS)];
        }
        return taken;
    }

    /** Merges the paths of {@code sampled} (from {@code tree}) and follows the common branch. */
    public static Result of(Dominators d, RootPaths.ToRoot tree, long[] sampled) {
        List<long[]> paths = new ArrayList<>();
        List<Long> retained = new ArrayList<>();
        for (long o : sampled) {
            RootPaths.Path p = tree.pathTo(o);
            if (p != null) {
                paths.add(p.objects());
                retained.add(d.retainedSize(o));
            }
        }
        int threshold = (int) (COMMON_SHARE * sampled.length);
        List<Long> common = new ArrayList<>();
        int[] all = new int[paths.size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        Branch parent = biggest(branches(paths, retained, all, 0));
        int depth = 0;
        long accumulation = -1;
        while (parent != null && parent.members.size() > threshold) {
            common.add(parent.object);
            Branch next = biggest(branches(paths, retained, parent.memberArray(), depth + 1));
            if (next == null || (double) next.retained / parent.retained < LeakRules.BIG_DROP_RATIO) {
                accumulation = parent.object;
                break;
            }
            parent = next;
            depth++;
        }
        return new Result(common.stream().mapToLong(Long::longValue).toArray(), accumulation, sampled.length, paths.size());
    }

    /** The paths through one object at one depth, and what their end objects retain together. */
    private static final class Branch {
        final long object;
        final List<Integer> members = new ArrayList<>();
        long retained;

        Branch(long object) {
            this.object = object;
        }

        int[] memberArray() {
            return members.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    private static Map<Long, Branch> branches(List<long[]> paths, List<Long> retained, int[] members, int depth) {
        Map<Long, Branch> byObject = new LinkedHashMap<>();
        for (int p : members) {
            long[] path = paths.get(p);
            if (path.length > depth) {
                Branch b = byObject.computeIfAbsent(path[depth], Branch::new);
                b.members.add(p);
                b.retained += retained.get(p);
            }
        }
        return byObject;
    }

    /** The branch most paths take (then the most retained, then the lower object id), or null. */
    private static Branch biggest(Map<Long, Branch> branches) {
        Branch best = null;
        for (Branch b : branches.values()) {
            if (best == null || b.members.size() > best.members.size()
                    || b.members.size() == best.members.size() && (b.retained > best.retained
                    || b.retained == best.retained && b.object < best.object)) {
                best = b;
            }
        }
        return best;
    }
}
