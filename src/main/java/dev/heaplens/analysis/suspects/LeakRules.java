package dev.heaplens.analysis.suspects;

import dev.heaplens.graph.Dominators;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Eclipse MAT's leak-suspect rules over the dominator tree, on object ids only (the naming and the
 * words are {@link SuspectFinder}'s). The top of the tree is what the GC roots hold alone:
 * <ul>
 * <li>a single suspect is a top object retaining more than the threshold;</li>
 * <li>a group suspect is a class whose top objects together retain more than the threshold (a
 * class already named by a single suspect is not named again);</li>
 * <li>a single suspect's accumulation point is found by walking down to the biggest dominated child
 * while that child keeps at least {@link #BIG_DROP_RATIO} of its parent's retained size.</li>
 * </ul>
 * A group's accumulation point is {@link GroupAccumulation}'s.
 */
public final class LeakRules {
    /** A child keeping less than this share of its parent's retained size ends the walk down. */
    public static final double BIG_DROP_RATIO = 0.7;
    /** The walk down gives up (no accumulation point) after this many steps, as MAT does. */
    static final int MAX_DEPTH = 1000;

    private LeakRules() {
    }

    /** A class whose top objects together retain more than the threshold: its objects, largest retained first. */
    public record Group(String className, long[] objects, long retainedBytes) {
    }

    /** The single and group suspects of a heap: {@code singles} as indexes into the top objects. */
    public record Found(int[] singles, List<Group> groups) {
    }

    /**
     * The suspects among the top objects {@code top} ({@code names}: their class names, null for
     * tool overhead, left out): those retaining more than {@code threshold} bytes, largest first;
     * then classes whose top objects together retain more than it, largest first. Both as indexes
     * into {@code top}.
     */
    static Found find(TopObjects top, String[] names, long threshold) {
        List<Integer> singles = new ArrayList<>();
        Set<String> singleClasses = new HashSet<>();
        Map<String, long[]> sums = new HashMap<>(); // class -> {retained, count}
        for (int i = 0; i < top.size(); i++) {
            if (names[i] == null) {
                continue;
            }
            long[] s = sums.computeIfAbsent(names[i], k -> new long[2]);
            s[0] += top.retained[i];
            s[1]++;
            if (top.retained[i] > threshold) {
                singles.add(i);
                singleClasses.add(names[i]);
            }
        }
        Map<String, List<Integer>> members = new HashMap<>();
        for (int i = 0; i < top.size(); i++) {
            if (names[i] != null && sums.get(names[i])[0] > threshold && !singleClasses.contains(names[i])) {
                members.computeIfAbsent(names[i], k -> new ArrayList<>()).add(i);
            }
        }
        List<Group> groups = new ArrayList<>();
        members.forEach((cls, list) -> groups.add(new Group(cls, objects(top, list), sums.get(cls)[0])));
        groups.sort((a, b) -> a.retainedBytes != b.retainedBytes ? Long.compare(b.retainedBytes, a.retainedBytes)
                : a.className.compareTo(b.className));
        return new Found(sortedLargestFirst(top, singles), groups);
    }

    /** The objects at {@code indexes} of {@code top}, largest first. */
    private static long[] objects(TopObjects top, List<Integer> indexes) {
        int[] sorted = sortedLargestFirst(top, indexes);
        long[] objects = new long[sorted.length];
        for (int k = 0; k < sorted.length; k++) {
            objects[k] = top.object[sorted[k]];
        }
        return objects;
    }

    /**
     * Where a single suspect's memory accumulates: from {@code o}, the biggest dominated child while
     * it keeps at least {@link #BIG_DROP_RATIO} of its parent; -1 when the walk goes deeper than
     * {@link #MAX_DEPTH} steps.
     */
    static long accumulationPoint(Dominators d, DominatedChildren children, long o) {
        long at = o;
        for (int depth = 0; depth <= MAX_DEPTH; depth++) {
            long biggest = biggestChild(d, children.of(at));
            if (biggest < 0 || (double) d.retainedSize(biggest) / d.retainedSize(at) < BIG_DROP_RATIO) {
                return at;
            }
            at = biggest;
        }
        return -1;
    }

    /** The child that retains the most (then more objects, then the lower id), or -1. */
    static long biggestChild(Dominators d, long[] children) {
        long best = -1;
        for (long c : children) {
            if (best < 0 || ranksAbove(d, c, best)) {
                best = c;
            }
        }
        return best;
    }

    /** Larger retained size first, then more retained objects, then the lower id: a total order. */
    static boolean ranksAbove(Dominators d, long a, long b) {
        if (d.retainedSize(a) != d.retainedSize(b)) {
            return d.retainedSize(a) > d.retainedSize(b);
        }
        if (d.retainedCount(a) != d.retainedCount(b)) {
            return d.retainedCount(a) > d.retainedCount(b);
        }
        return a < b;
    }

    private static int[] sortedLargestFirst(TopObjects top, List<Integer> indexes) {
        Integer[] boxed = indexes.toArray(new Integer[0]);
        Arrays.sort(boxed, (a, b) -> a.equals(b) ? 0 : top.ranksAbove(a, b) ? -1 : 1);
        return Arrays.stream(boxed).mapToInt(Integer::intValue).toArray();
    }
}
