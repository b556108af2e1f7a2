package dev.heaplens.gc;

import java.util.Arrays;

/**
 * Sizes some logs give per GC besides the whole heap, by event index: the old generation before
 * and after (promotion is its growth in a young pause), metaspace after, humongous after (G1).
 * -1 where unknown.
 */
public final class GcEventDetails {
    private long[] oldBefore = new long[0];
    private long[] oldAfter = new long[0];
    private long[] metaspace = new long[0];
    private long[] humongous = new long[0];

    public void set(int event, long oldBeforeBytes, long oldAfterBytes, long metaspaceBytes, long humongousBytes) {
        if (event >= oldBefore.length) {
            int n = Math.max(64, Math.max(event + 1, oldBefore.length * 2));
            oldBefore = grow(oldBefore, n);
            oldAfter = grow(oldAfter, n);
            metaspace = grow(metaspace, n);
            humongous = grow(humongous, n);
        }
        oldBefore[event] = oldBeforeBytes;
        oldAfter[event] = oldAfterBytes;
        metaspace[event] = metaspaceBytes;
        humongous[event] = humongousBytes;
    }

    private static long[] grow(long[] a, int n) {
        int old = a.length;
        long[] b = Arrays.copyOf(a, n);
        Arrays.fill(b, old, n, -1);
        return b;
    }

    public long oldBefore(int event) {
        return event < oldBefore.length ? oldBefore[event] : -1;
    }

    public long oldAfter(int event) {
        return event < oldAfter.length ? oldAfter[event] : -1;
    }

    public long metaspace(int event) {
        return event < metaspace.length ? metaspace[event] : -1;
    }

    public long humongous(int event) {
        return event < humongous.length ? humongous[event] : -1;
    }
}
