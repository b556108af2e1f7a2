package dev.heaplens.util;

import java.util.Arrays;

/**
 * Count and byte sums per long key, in primitive arrays (no boxing on the hot path). Memory grows
 * with the number of distinct keys, never with the number of records added.
 */
public final class LongGroupMap {
    private static final long EMPTY = Long.MIN_VALUE;

    private long[] keys;
    private long[] counts;
    private long[] bytes;
    private int size;

    public LongGroupMap() {
        keys = new long[256];
        Arrays.fill(keys, EMPTY);
        counts = new long[256];
        bytes = new long[256];
    }

    /** Adds one record of {@code size} bytes to {@code key}'s group. Key must not be Long.MIN_VALUE. */
    public void add(long key, long size) {
        add(key, 1, size);
    }

    public void add(long key, long count, long size) {
        int slot = slotOf(key);
        if (keys[slot] == EMPTY) {
            keys[slot] = key;
            if (++this.size * 2 > keys.length) {
                grow();
                slot = slotOf(key);
            }
        }
        counts[slot] += count;
        bytes[slot] += size;
    }

    public int size() {
        return size;
    }

    /** Adds every group of {@code other} into this one. */
    public void addAll(LongGroupMap other) {
        other.forEach((key, count, size) -> add(key, count, size));
    }

    public void forEach(GroupVisitor visitor) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY) {
                visitor.visit(keys[i], counts[i], bytes[i]);
            }
        }
    }

    private int slotOf(long key) {
        int mask = keys.length - 1;
        int slot = mix(key) & mask;
        while (keys[slot] != EMPTY && keys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldCounts = counts;
        long[] oldBytes = bytes;
        keys = new long[TableGrowth.doubled(oldKeys.length, size)];
        Arrays.fill(keys, EMPTY);
        counts = new long[keys.length];
        bytes = new long[keys.length];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                int slot = slotOf(oldKeys[i]);
                keys[slot] = oldKeys[i];
                counts[slot] = oldCounts[i];
                bytes[slot] = oldBytes[i];
            }
        }
    }

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    @FunctionalInterface
    public interface GroupVisitor {
        void visit(long key, long count, long bytes);
    }
}
