package dev.heaplens.memprof.tables;

import java.util.Arrays;

/**
 * The tracked live objects: an array of their weak references, a slot per object, with freed
 * slots reused (a stack of free slot numbers). Per tracked object that is the reference itself,
 * one array slot and one free-list int.
 */
final class LiveTable {
    private TrackedRef[] refs = new TrackedRef[1024];
    private int[] free = new int[1024];
    private int freeCount;
    private int used;
    private int live;

    synchronized void add(TrackedRef ref) {
        int slot;
        if (freeCount > 0) {
            slot = free[--freeCount];
        } else {
            if (used == refs.length) {
                refs = Arrays.copyOf(refs, used * 2);
                free = Arrays.copyOf(free, used * 2);
            }
            slot = used++;
        }
        ref.slot = slot;
        refs[slot] = ref;
        live++;
    }

    /** Forgets the first {@code n} references of {@code batch}, which the GC has enqueued. */
    synchronized void remove(TrackedRef[] batch, int n) {
        for (int k = 0; k < n; k++) {
            TrackedRef ref = batch[k];
            int slot = ref.slot;
            if (slot < used && refs[slot] == ref) {
                refs[slot] = null;
                free[freeCount++] = slot;
                live--;
            }
        }
    }

    /** Visits every object still alive (cleared but not yet removed ones are left out). */
    synchronized void forEachLive(Visitor visitor) {
        for (int i = 0; i < used; i++) {
            TrackedRef r = refs[i];
            if (r != null && !r.refersTo(null)) {
                visitor.visit(r);
            }
        }
    }

    synchronized int live() {
        return live;
    }

    /**
     * What tracking costs, as {@code sizes} measures it: {live objects, bytes of their references,
     * bytes of the slot and free-list arrays, slots those arrays have (sized for the peak)}.
     */
    synchronized long[] cost(SizeOf sizes) {
        long refBytes = 0;
        for (int i = 0; i < used; i++) {
            if (refs[i] != null) {
                refBytes += sizes.of(refs[i]);
            }
        }
        return new long[] {live, refBytes, sizes.of(refs) + sizes.of(free), refs.length};
    }

    interface Visitor {
        void visit(TrackedRef ref);
    }
}
