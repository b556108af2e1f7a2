package dev.heaplens.format.hprof;

import dev.heaplens.util.LongIndex;

/**
 * Finds object addresses that a streaming pass meets more than once (a dump whose records or
 * heap segments are repeated), in bounded memory. Every address is checked while the set of
 * addresses seen stays under {@link #CAPACITY}; past that, only the addresses whose hash falls in
 * a sample (1/2, 1/4... of them) are kept and checked, and each repeat found counts for the
 * addresses it stands for. So the count is exact for dumps of up to {@link #CAPACITY} objects and
 * an estimate above (a repeated segment of thousands of objects is always seen).
 */
final class RepeatedAddresses {
    private static final int CAPACITY = 1 << 18;

    private LongIndex seen = new LongIndex();
    /** The sample is 1 address in 2^level. */
    private int level;
    private double repeats;

    void offer(long address) {
        if (!sampled(address)) {
            return;
        }
        int before = seen.size();
        seen.add(address);
        if (seen.size() == before) {
            repeats += 1L << level;
        } else if (seen.size() >= CAPACITY) {
            sampleLess();
        }
    }

    /** Adds another part's addresses of the same dump: those both saw are repeats. */
    void addAll(RepeatedAddresses other) {
        repeats += other.repeats;
        while (level < other.level) {
            sampleLess();
        }
        for (int i = 0; i < other.seen.size(); i++) {
            offer(other.seen.key(i));
        }
    }

    /** About how many objects were met again at an address already seen (exact while nothing was sampled). */
    long repeats() {
        return Math.round(repeats);
    }

    boolean exact() {
        return level == 0;
    }

    /** The warning for {@code repeats} objects met again ({@code exact} or estimated), or null when none. */
    static String warning(long repeats, boolean exact) {
        if (repeats == 0) {
            return null;
        }
        return (exact ? "" : "about ") + repeats + " objects have the address of an object dumped before them (the dump"
                + " repeats records or heap segments): each copy is counted, so counts and sizes include the repeats"
                + (exact ? "" : " (estimated from a sample of the addresses)");
    }

    private void sampleLess() {
        level++;
        LongIndex kept = new LongIndex();
        for (int i = 0; i < seen.size(); i++) {
            long a = seen.key(i);
            if (sampled(a)) {
                kept.add(a);
            }
        }
        seen = kept;
    }

    /** Addresses are aligned and clustered: sampled by the top bits of a multiplicative hash, which every bit feeds. */
    private boolean sampled(long address) {
        return level == 0 || (address * 0x9E3779B97F4A7C15L) >>> (64 - level) == 0;
    }
}
