package dev.heaplens.util;

/**
 * A set of (long, long) pairs with open addressing in one primitive array, a pair's two halves
 * side by side so that a probe costs one cache miss; no object per entry. Used for object
 * identities (address plus generation, or address plus type and class) across dumps. The first
 * half must not be 0 (no object lives at address 0): 0 marks an empty slot.
 */
public final class LongPairSet {
    private long[] slots; // first, second, first, second...
    private int size;

    public LongPairSet() {
        this(1024);
    }

    public LongPairSet(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        slots = new long[capacity * 2];
    }

    public int size() {
        return size;
    }

    public void add(long first, long second) {
        if (first == 0) {
            throw new IllegalArgumentException("0 is not a valid first half");
        }
        int mask = (slots.length >> 1) - 1;
        int slot = slot(first, second, mask);
        while (slots[slot * 2] != 0) {
            if (slots[slot * 2] == first && slots[slot * 2 + 1] == second) {
                return;
            }
            slot = (slot + 1) & mask;
        }
        slots[slot * 2] = first;
        slots[slot * 2 + 1] = second;
        if (++size * 2 > (slots.length >> 1)) {
            grow();
        }
    }

    public boolean contains(long first, long second) {
        int mask = (slots.length >> 1) - 1;
        int slot = slot(first, second, mask);
        long f;
        while ((f = slots[slot * 2]) != 0) {
            if (f == first && slots[slot * 2 + 1] == second) {
                return true;
            }
            slot = (slot + 1) & mask;
        }
        return false;
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        size = 0;
        for (int i = 0; i < old.length; i += 2) {
            if (old[i] != 0) {
                add(old[i], old[i + 1]);
            }
        }
    }

    private static int slot(long first, long second, int mask) {
        long h = (first * 0x9E3779B97F4A7C15L) ^ (second * 0xC2B2AE3D27D4EB4FL);
        return (int) (h ^ (h >>> 29)) & mask;
    }
}
