package dev.heaplens.util;

/**
 * A long → long map with open addressing in one primitive array (key and value side by side), no
 * object per entry or lookup. Key 0, which marks an empty slot, is kept beside the array.
 */
public final class LongLongMap {
    private long[] slots; // key, value, key, value...
    private int size;
    private boolean hasZero;
    private long zeroValue;

    public LongLongMap() {
        slots = new long[64];
    }

    public int size() {
        return size;
    }

    public void put(long key, long value) {
        if (key == 0) {
            size += hasZero ? 0 : 1;
            hasZero = true;
            zeroValue = value;
            return;
        }
        int mask = (slots.length >> 1) - 1;
        int slot = slot(key, mask);
        while (slots[slot * 2] != 0 && slots[slot * 2] != key) {
            slot = (slot + 1) & mask;
        }
        if (slots[slot * 2] == 0) {
            slots[slot * 2] = key;
            if (++size * 2 > (slots.length >> 1)) {
                slots[slot * 2 + 1] = value;
                grow();
                return;
            }
        }
        slots[slot * 2 + 1] = value;
    }

    /** The value of {@code key}, or {@code absent}. */
    public long get(long key, long absent) {
        if (key == 0) {
            return hasZero ? zeroValue : absent;
        }
        int mask = (slots.length >> 1) - 1;
        int slot = slot(key, mask);
        long k;
        while ((k = slots[slot * 2]) != 0) {
            if (k == key) {
                return slots[slot * 2 + 1];
            }
            slot = (slot + 1) & mask;
        }
        return absent;
    }

    private void grow() {
        long[] old = slots;
        slots = new long[TableGrowth.doubled(old.length, size)];
        size = hasZero ? 1 : 0;
        for (int i = 0; i < old.length; i += 2) {
            if (old[i] != 0) {
                put(old[i], old[i + 1]);
            }
        }
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 31)) & mask;
    }
}
