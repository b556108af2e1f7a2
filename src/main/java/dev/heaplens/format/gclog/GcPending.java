package dev.heaplens.format.gclog;

/**
 * What the lines of a GC id said before the line that ends it (generation sizes, metaspace, a
 * cycle's start time), in a small ring indexed by id: GC ids only grow, and a GC ends long
 * before the ring comes round, so memory stays fixed however long the log.
 */
final class GcPending {
    static final class Slot {
        int id = -1;
        long oldBefore;
        long oldAfter;
        long metaspace;
        long humongous;
        long start;

        void reset(int newId) {
            id = newId;
            oldBefore = -1;
            oldAfter = -1;
            metaspace = -1;
            humongous = -1;
            start = Long.MIN_VALUE;
        }
    }

    private final Slot[] slots;

    GcPending(int size) {
        slots = new Slot[size];
        for (int i = 0; i < size; i++) {
            slots[i] = new Slot();
        }
    }

    /** The slot of {@code id}, cleared if it held an older id. */
    Slot slot(int id) {
        Slot s = slots[Math.floorMod(id, slots.length)];
        if (s.id != id) {
            s.reset(id);
        }
        return s;
    }

    /** The slot of {@code id} if something was recorded for it (and frees it), else null. */
    Slot take(int id) {
        Slot s = slots[Math.floorMod(id, slots.length)];
        if (s.id != id) {
            return null;
        }
        s.id = -1;
        return s;
    }
}
