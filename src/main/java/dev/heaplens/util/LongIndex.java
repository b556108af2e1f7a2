package dev.heaplens.util;

import java.util.Arrays;

/**
 * Numbers distinct long keys 0, 1, 2... in the order they are first added, so that callers can
 * keep per-key values in plain arrays. Open addressing in primitive arrays: no object per key,
 * and any long is a valid key.
 */
public final class LongIndex {
    private long[] keys;
    /** Index + 1 of the key in the same slot; 0 marks an empty slot. */
    private int[] slots;
    private long[] byIndex = new long[16];
    private int size;

    public LongIndex() {
        keys = new long[64];
        slots = new int[64];
    }

    public int size() {
        return size;
    }

    /** The index of {@code key}, or -1 when it was never added. */
    public int indexOf(long key) {
        int mask = keys.length - 1;
        for (int slot = mix(key) & mask; slots[slot] != 0; slot = (slot + 1) & mask) {
            if (keys[slot] == key) {
                return slots[slot] - 1;
            }
        }
        return -1;
    }

    /** The index of {@code key}, numbering it next when it is new. */
    public int add(long key) {
        int mask = keys.length - 1;
        int slot = mix(key) & mask;
        for (; slots[slot] != 0; slot = (slot + 1) & mask) {
            if (keys[slot] == key) {
                return slots[slot] - 1;
            }
        }
        int index = size++;
        keys[slot] = key;
        slots[slot] = index + 1;
        if (index == byIndex.length) {
            byIndex = Arrays.copyOf(byIndex, TableGrowth.doubled(byIndex.length, index));
        }
        byIndex[index] = key;
        if (size * 2 > keys.length) {
            grow();
        }
        return index;
    }

    /** The key numbered {@code index}. */
    public long key(int index) {
        if (index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        return byIndex[index];
    }

    private void grow() {
        keys = new long[TableGrowth.doubled(keys.length, size)];
        slots = new int[keys.length];
        int mask = keys.length - 1;
        for (int index = 0; index < size; index++) {
            int slot = mix(byIndex[index]) & mask;
            while (slots[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            keys[slot] = byIndex[index];
            slots[slot] = index + 1;
        }
    }

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
