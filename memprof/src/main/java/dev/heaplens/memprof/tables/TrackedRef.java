package dev.heaplens.memprof.tables;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;

/**
 * One tracked live object: a weak reference (so tracking never keeps it alive) that the GC
 * enqueues once the object is collected, with the object's stack, size and table slot.
 * 40 bytes with compressed oops (12 header, 4 references of the Reference, 3 ints), 56 without.
 */
class TrackedRef extends WeakReference<Object> {
    final int stack;
    /** The size in 8-byte units: HotSpot sizes are multiples of 8, and this covers 16 GiB. */
    final int sizeUnits;
    int slot;

    TrackedRef(Object o, ReferenceQueue<Object> queue, int stack, long size) {
        super(o, queue);
        this.stack = stack;
        this.sizeUnits = (int) Math.min(Integer.MAX_VALUE, size >>> 3);
    }

    long size() {
        return (long) sizeUnits << 3;
    }

    /** The GC count when the object was allocated; only {@link Aged} objects know it. */
    int bornAtGc() {
        return 0;
    }

    /** A tracked object that also knows when it was born, for MEMPROF_MIN_GCS (4 bytes more). */
    static final class Aged extends TrackedRef {
        private final int bornAtGc;

        Aged(Object o, ReferenceQueue<Object> queue, int stack, long size, int bornAtGc) {
            super(o, queue, stack, size);
            this.bornAtGc = bornAtGc;
        }

        @Override
        int bornAtGc() {
            return bornAtGc;
        }
    }
}
