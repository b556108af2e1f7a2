package dev.heaplens.analysis.jvm;

/**
 * Which of many 64-bit keys may occur more than once, in two bits a bucket: a key whose bucket
 * was filled once occurs once for sure, the others maybe more. Grouping only the maybes keeps the
 * grouping's index to the repeated values (a String content held once needs no group: 4.6M of
 * them on a generated 30M-object dump held 450 MB of groups). About 16 buckets a key, so that
 * few single keys share a bucket by chance.
 */
final class RepeatedKeys {
    /** Two bits a bucket, side by side (one cache line read a key, where two bit sets took two): once, more. */
    private final long[] buckets;
    private final int mask;

    /** Room for about {@code keys} keys. */
    RepeatedKeys(int keys) {
        int count = Integer.highestOneBit((int) Math.max(64, Math.min(1 << 30, keys * 16L)));
        this.buckets = new long[count >>> 5];
        this.mask = count - 1;
    }

    void add(long key) {
        int b = bucket(key);
        long once = 1L << ((b & 31) << 1);
        long word = buckets[b >>> 5];
        buckets[b >>> 5] = word | ((word & once) != 0 ? once << 1 : once);
    }

    /** False only for a key added once (or never). */
    boolean maybeRepeated(long key) {
        int b = bucket(key);
        return (buckets[b >>> 5] & (2L << ((b & 31) << 1))) != 0;
    }

    private int bucket(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }
}
