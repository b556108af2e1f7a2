package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.util.LongIndex;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongFunction;

/**
 * Checks the computed instance sizes against where the dump's objects sit. A JVM writes its heap
 * in address order, and after the GC that precedes a live dump most objects are packed: the gap
 * from an instance to the next object is the instance's real size. Per class, the gap most of its
 * instances have (a majority of at least {@link #MIN_SAMPLES}) is compared with the size the
 * reader computed; a class without such a majority (a dump with garbage left in place, instances
 * at the end of a region) is not judged.
 *
 * @param classes every class judged, most instances first
 */
public record InstanceSizeCheck(List<ClassGap> classes) {
    /** Instances of a class needed before its commonest gap is taken for its size. */
    public static final int MIN_SAMPLES = 3;
    /** Gaps beyond this are not between neighbours (another space, a region boundary). */
    private static final long MAX_GAP = 1 << 16;

    /**
     * One class: the size computed for its (first) instance, the gap most of its instances have to
     * the next object beyond their own computed sizes, added to that size, how many have it, and
     * how many instances had a next object in reach.
     */
    public record ClassGap(String className, long computed, long gap, long votes, long samples) {
        public boolean agrees() {
            return computed == gap;
        }
    }

    public long agreeing() {
        return classes.stream().filter(ClassGap::agrees).count();
    }

    public List<ClassGap> disagreeing() {
        return classes.stream().filter(c -> !c.agrees()).toList();
    }

    /** Checks {@code g}'s instances (objects in address order); {@code className} names a class address. */
    public static InstanceSizeCheck of(HeapGraph g, LongFunction<String> className) {
        LongIndex classIndex = new LongIndex();
        // per class: {candidate gap less the instance's size, vote balance, samples, votes, first size}; by the
        // difference, not the gap, so that a class whose instances differ in size (a StackChunk) is judged too
        List<long[]> perClass = new ArrayList<>();
        long n = g.objectCount();
        // Pass 1: each class's majority candidate (Boyer-Moore vote), without a map of gaps.
        // Neighbours are often of one class: the last class looked up is kept.
        long lastClass = -1;
        long[] s = null;
        for (long o = 0; o + 1 < n; o++) {
            long gap = gapAfter(g, o);
            if (gap <= 0) {
                continue;
            }
            long off = gap - g.shallowSize(o);
            if (g.classAddress(o) != lastClass || s == null) {
                lastClass = g.classAddress(o);
                int c = classIndex.add(lastClass);
                if (c == perClass.size()) {
                    perClass.add(new long[] {off, 0, 0, 0, g.shallowSize(o)});
                }
                s = perClass.get(c);
            }
            s[2]++;
            if (s[1] == 0) {
                s[0] = off;
                s[1] = 1;
            } else {
                s[1] += s[0] == off ? 1 : -1;
            }
        }
        // Pass 2: how many instances really have the candidate gap.
        lastClass = -1;
        for (long o = 0; o + 1 < n; o++) {
            long gap = gapAfter(g, o);
            if (gap > 0) {
                if (g.classAddress(o) != lastClass) {
                    lastClass = g.classAddress(o);
                    s = perClass.get(classIndex.indexOf(lastClass));
                }
                if (s[0] == gap - g.shallowSize(o)) {
                    s[3]++;
                }
            }
        }
        List<ClassGap> judged = new ArrayList<>();
        for (int c = 0; c < perClass.size(); c++) {
            s = perClass.get(c);
            if (s[2] >= MIN_SAMPLES && s[3] * 2 > s[2]) {
                String name = className.apply(classIndex.key(c));
                judged.add(new ClassGap(name == null ? "0x" + Long.toHexString(classIndex.key(c)) : name, s[4], s[4] + s[0],
                        s[3], s[2]));
            }
        }
        judged.sort(Comparator.comparingLong(ClassGap::samples).reversed().thenComparing(ClassGap::className));
        return new InstanceSizeCheck(List.copyOf(judged));
    }

    /** The gap from instance {@code o} to the next object, or 0 when {@code o} is no instance or it is out of reach. */
    private static long gapAfter(HeapGraph g, long o) {
        if (HprofObjectKind.of(g.kind(o)) != HprofObjectKind.INSTANCE) {
            return 0;
        }
        long gap = g.address(o + 1) - g.address(o);
        return gap > 0 && gap <= MAX_GAP ? gap : 0;
    }
}
