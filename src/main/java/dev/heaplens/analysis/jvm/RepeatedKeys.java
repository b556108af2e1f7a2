package dev.heaplens.analysis.jvm;

import dev.heaplens.graph.LongCells;
import dev.heaplens.graph.Scratch;

/**
 * Which of many 64-bit keys may occur more than once, in two bits a bucket: a key whose bucket
 * was filled once occurs once for sure, the others maybe more. Grouping only the maybes keeps the
 * grouping's index to the repeated values (a String content held once needs no group: 4.6M of
 * them on a generated 30M-object dump held 450 MB of groups). About 16 buckets a key, so that
 * few single keys share a bucket by chance: 4 bytes a key, in cells of a scratch (a heap array while
 * the heap has room, else mapped).
 */
final class RepeatedKeys {
    /** Two bits a bucket, side by side (one cache line read a key, where two bit sets took two): once, more. */
    private final LongCells buckets;
    private final long mask;

    /** Room for about {@code keys} keys, in {@code scratch}. */
    RepeatedKeys(long keys, Scratch scratch) {
        long count = Long.highestOneBit(Math.max(64, keys * 16));
        this.buckets = scratch.longCellsWhereRoom(count >>> 5);
        this.mask = count - 1;
    }

    void add(long key) {
        long b = bucket(key);
        long once = 1L << ((b & 31) << 1);
        long word = buckets.get(b >>> 5);
        buckets.set(b >>> 5, word | ((word & once) != 0 ? once << 1 : once));
    }

    /** False only for a key added once (or never). */
    boolean maybeRepeated(long key) {
        long b = bucket(key);
        return (buckets.get(b >>> 5) & (2L << ((b & 31) << 1))) != 0;
    }

    /** Gives the buckets back (mapped ones: their disk). */
    void release(Scratch scratch) {
        scratch.release(buckets);
    }

    private long bucket(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (h ^ (h >>> 32)) & mask;
    }
}
