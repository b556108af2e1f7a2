package dev.heaplens.util;

import dev.heaplens.HeaplensException;

import java.util.Locale;

/**
 * How {@link LongGroupMap} and {@link LongIndex} grow: each doubles one Java array, which holds at
 * most 2^31 - 1 elements, so a table stops at 2^30. Past that a dump gets a one-line refusal naming
 * the limit, where doubling the length would overflow an {@code int} (NegativeArraySizeException).
 * Their keys are few (a histogram's groups, a dump's classes); {@link LongLongMap}, which can be
 * asked to hold a key per String, is paged instead.
 */
final class TableGrowth {
    /** The longest array a table grows to. */
    static final int LONGEST = 1 << 30;

    private TableGrowth() {
    }

    /** Twice {@code length}, the next length of a table holding {@code entries}; refused past {@link #LONGEST}. */
    static int doubled(int length, long entries) {
        if (length >= LONGEST) {
            throw new HeaplensException(String.format(Locale.ROOT,
                    "more than %,d distinct keys in one of heaplens's tables, the most it holds in one (a Java array's limit)",
                    entries));
        }
        return length * 2;
    }
}
