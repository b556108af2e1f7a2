package dev.heaplens.util;

/**
 * A set of (long, long) pairs in two primitive arrays with open addressing: 16 bytes a slot, no
 * object per entry. Used for object identities (address plus generation, or address plus type
 * and class) across dumps.
 */
public final class LongPairSet {
    private long[] firsts;
    private long[] seconds;
    private boolean[] used;
    private int size;

    public LongPairSet() {
        this(1024);
    }

    public LongPairSet(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        firsts = new long[capacity];
        seconds = new long[capacity];
        used = new boolean[capacity];
    }

    public int size() {
        return size;
    }

    public void add(long first, long second) {
        int mask = firsts.length - 1;
        int slot = slot(first, second, mask);
        while (used[slot]) {
            if (firsts[slot] == first && seconds[slot] == second) {
                return;
            }
            slot = (slot + 1) & mask;
        }
        used[slot] = true;
        firsts[slot] = first;
        seconds[slot] = second;
        if (++size * 2 > firsts.length) {
            grow();
        }
    }

    public boolean contains(long first, long second) {
        int mask = firsts.length - 1;
        int slot = slot(first, second, mask);
        while (used[slot]) {
            if (firsts[slot] == first && seconds[slot] == second) {
                return true;
            }
            slot = (slot + 1) & mask;
        }
        return false;
    }

    /** Adds every pair of {@code other}. */
    public void addAll(LongPairSet other) {
        for (int i = 0; i < other.firsts.length; i++) {
            if (other.used[i]) {
                add(other.firsts[i], other.seconds[i]);
            }
        }
    }

    private void grow() {
        long[] f = firsts;
        long[] s = seconds;
        boolean[] u = used;
        firsts = new long[f.length * 2];
        seconds = new long[f.length * 2];
        used = new boolean[f.length * 2];
        size = 0;
        for (int i = 0; i < f.length; i++) {
            if (u[i]) {
                add(f[i], s[i]);
            }
        }
    }

    private static int slot(long first, long second, int mask) {
        long h = (first * 0x9E3779B97F4A7C15L) ^ (second * 0xC2B2AE3D27D4EB4FL);
        return (int) (h ^ (h >>> 29)) & mask;
    }

    @Override
    public String toString() {
        return "LongPairSet(" + size + ")";
    }
}
