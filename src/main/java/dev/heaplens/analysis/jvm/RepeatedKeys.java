package dev.heaplens.analysis.jvm;

import java.util.BitSet;

/**
 * Which of many 64-bit keys may occur more than once, in two bits a bucket: a key whose bucket
 * was filled once occurs once for sure, the others maybe more. Grouping only the maybes keeps the
 * grouping's index to the repeated values (a String content held once needs no group: 4.6M of
 * them on a generated 30M-object dump held 450 MB of groups). About 16 buckets a key, so that
 * few single keys share a bucket by chance.
 */
final class RepeatedKeys {
    private final BitSet once;
    private final BitSet more;
    private final int mask;

    /** Room for about {@code keys} keys. */
    RepeatedKeys(int keys) {
        int buckets = Integer.highestOneBit((int) Math.max(64, Math.min(1 << 30, keys * 16L)));
        this.once = new BitSet(buckets);
        this.more = new BitSet(buckets);
        this.mask = buckets - 1;
    }

    void add(long key) {
        int b = bucket(key);
        if (once.get(b)) {
            more.set(b);
        } else {
            once.set(b);
        }
    }

    /** False only for a key added once (or never). */
    boolean maybeRepeated(long key) {
        return more.get(bucket(key));
    }

    private int bucket(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }
}
