package dev.heaplens.format.hprof;

import java.util.Arrays;

/**
 * Per slot (an array class, a primitive type), the lengths n of objects sized
 * align(header + n × element), kept so that their bytes can be summed for any layout once the
 * pass is over: a pass can then count while the layout is still being detected.
 *
 * <p>With n = MOD·q + r, align(h + e·n) = e·MOD·q + align(h + e·r) whenever the alignment divides
 * e·MOD, which holds for every alignment a layout may have (a power of two up to MOD). So the
 * count of each residue r and the sum of n are enough, with no per-object state.
 */
final class LengthTallies {
    static final int MOD = 256;

    private long[] counts = new long[16];
    private long[] lengthSums = new long[16];
    /** Per slot, counts by n mod MOD; allocated for the slots used. */
    private long[][] residues = new long[16][];

    void add(int slot, long n) {
        ensure(slot);
        counts[slot]++;
        lengthSums[slot] += n;
        residuesOf(slot)[(int) (n & (MOD - 1))]++;
    }

    /** Adds {@code other}'s slot {@code from} into this one's slot {@code to}. */
    void addAll(int to, LengthTallies other, int from) {
        if (from >= other.counts.length || other.counts[from] == 0) {
            return;
        }
        ensure(to);
        counts[to] += other.counts[from];
        lengthSums[to] += other.lengthSums[from];
        long[] mine = residuesOf(to);
        long[] theirs = other.residues[from];
        for (int r = 0; r < MOD; r++) {
            mine[r] += theirs[r];
        }
    }

    long count(int slot) {
        return slot < counts.length ? counts[slot] : 0;
    }

    long lengthSum(int slot) {
        return slot < lengthSums.length ? lengthSums[slot] : 0;
    }

    /** Σ align(header + elementBytes × n) over the slot's objects, under {@code layout}'s alignment. */
    long bytes(int slot, long header, int elementBytes, HprofLayout layout) {
        if (count(slot) == 0) {
            return 0;
        }
        long[] byResidue = residues[slot];
        long total = 0;
        long residueSum = 0;
        for (int r = 0; r < MOD; r++) {
            if (byResidue[r] != 0) {
                total += byResidue[r] * layout.align(header + (long) elementBytes * r);
                residueSum += byResidue[r] * r;
            }
        }
        return total + (long) elementBytes * (lengthSums[slot] - residueSum);
    }

    private long[] residuesOf(int slot) {
        if (residues[slot] == null) {
            residues[slot] = new long[MOD];
        }
        return residues[slot];
    }

    private void ensure(int slot) {
        if (slot >= counts.length) {
            int n = Math.max(slot + 1, counts.length * 2);
            counts = Arrays.copyOf(counts, n);
            lengthSums = Arrays.copyOf(lengthSums, n);
            residues = Arrays.copyOf(residues, n);
        }
    }
}
