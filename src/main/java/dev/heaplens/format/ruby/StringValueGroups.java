package dev.heaplens.format.ruby;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One reading thread's strings grouped by a 64-bit hash of their value, for the duplicate-strings
 * check (by the hash mixed once more, one to one): per group the strings, their memsize, the smallest memsize and the lowest address.
 * <p>
 * Why this shape: a table of every distinct value (a million on the 1.2 GB dump) is tens of MB
 * probed at random, a cache miss per string, and per-chunk tables of parallel arrays took about
 * 200 MB. Here a thread's table is small and fixed (4 MiB, four longs a group side by side:
 * {@code hash, lowest address, bytes, strings << 32 | smallest}); a group's slot is taken from the
 * hash's top bits, so the table in slot order is almost in hash order. When it is half full it is
 * written out as a run sorted by hash, 32 bytes a group, and emptied; after the read the runs of
 * all threads are merged in one sequential pass ({@link #duplicated}), which keeps only the groups
 * of more than one string. A slot whose last word is 0 is empty: a group has at least one string.
 */
final class StringValueGroups {
    private static final int STRIDE = 4;
    private static final int HASH = 0;
    private static final int FIRST = 1;
    private static final int BYTES = 2;
    private static final int COUNTS = 3;
    private static final int SLOT_BITS = 17;
    /** Groups a table holds before it is written out: half its slots. */
    private static final int LIMIT = 1 << (SLOT_BITS - 1);
    /** Slots past the last home slot, so that probes never wrap around (and slot order stays hash order). */
    private static final int SPARE = 1024;
    /** The low word of {@link #COUNTS} holds the smallest memsize below this; at or above it, {@link #hugeSmallest} has it. */
    private static final long SATURATED = 0xFFFF_FFFFL;

    /** Made at the first string. */
    private long[] table;
    private int size;
    private final List<long[]> runs = new ArrayList<>();
    /** The exact smallest memsize of values with a string of 4 GiB or more (none in any real dump), by hash. */
    private final Map<Long, Long> hugeSmallest = new HashMap<>();

    /** Adds one string of value hash {@code valueHash}. */
    void add(long valueHash, long address, long memsize) {
        // mixed one-to-one (an odd multiplier, then a shift-xor): even hashes of poor top bits spread over the slots
        long h = valueHash * 0x9E3779B97F4A7C15L;
        addMixed(h ^ (h >>> 32), address, memsize);
    }

    private void addMixed(long hash, long address, long memsize) {
        if (table == null) {
            table = new long[((1 << SLOT_BITS) + SPARE) * STRIDE];
        }
        if (memsize >= SATURATED) {
            hugeSmallest.merge(hash, memsize, Math::min);
        }
        long small = Math.min(memsize, SATURATED);
        int end = table.length;
        for (int at = (int) (hash >>> (64 - SLOT_BITS)) * STRIDE; at < end; at += STRIDE) {
            long counts = table[at + COUNTS];
            if (counts == 0) {
                if (size == LIMIT) {
                    break;
                }
                table[at + HASH] = hash;
                table[at + FIRST] = address;
                table[at + BYTES] = memsize;
                table[at + COUNTS] = 1L << 32 | small;
                size++;
                return;
            }
            if (table[at + HASH] == hash) {
                table[at + FIRST] = Math.min(table[at + FIRST], address);
                table[at + BYTES] += memsize;
                table[at + COUNTS] = (counts + (1L << 32)) & ~SATURATED | Math.min(counts & SATURATED, small);
                return;
            }
        }
        writeRun(); // full, or (never seen) a probe past the spare slots
        addMixed(hash, address, memsize);
    }

    /** Writes the table out as a run sorted by hash (unsigned) and empties it. */
    private void writeRun() {
        long[] run = new long[size * STRIDE];
        int n = 0;
        for (int at = 0; at < table.length; at += STRIDE) {
            if (table[at + COUNTS] != 0) {
                System.arraycopy(table, at, run, n, STRIDE);
                n += STRIDE;
                // almost in order already: a group is only ever a few slots past its home
                for (int j = n - STRIDE; j > 0 && Long.compareUnsigned(run[j - STRIDE + HASH], run[j + HASH]) > 0; j -= STRIDE) {
                    swap(run, j - STRIDE, j);
                }
            }
        }
        runs.add(run);
        Arrays.fill(table, 0);
        size = 0;
    }

    private static void swap(long[] a, int i, int j) {
        for (int k = 0; k < STRIDE; k++) {
            long t = a[i + k];
            a[i + k] = a[j + k];
            a[j + k] = t;
        }
    }

    /**
     * The groups of {@code all} threads merged, of which those of more than one string are kept.
     * Empties {@code all}: their tables and runs go as the merge ends.
     */
    static Duplicated duplicated(List<StringValueGroups> all) {
        List<long[]> runs = new ArrayList<>();
        Map<Long, Long> huge = new HashMap<>();
        for (StringValueGroups g : all) {
            if (g.size > 0) {
                g.writeRun();
            }
            g.table = null;
            runs.addAll(g.runs);
            g.runs.clear();
            g.hugeSmallest.forEach((hash, smallest) -> huge.merge(hash, smallest, Math::min));
        }
        Duplicated out = new Duplicated();
        int[] next = new int[runs.size()]; // each run's next group
        while (true) {
            long hash = 0;
            boolean any = false;
            for (int r = 0; r < next.length; r++) { // the smallest hash at the runs' heads
                long[] run = runs.get(r);
                if (next[r] < run.length && (!any || Long.compareUnsigned(run[next[r] + HASH], hash) < 0)) {
                    hash = run[next[r] + HASH];
                    any = true;
                }
            }
            if (!any) {
                return out;
            }
            long first = Long.MAX_VALUE;
            long bytes = 0;
            long strings = 0;
            long small = SATURATED;
            for (int r = 0; r < next.length; r++) { // a hash is at most once a run
                long[] run = runs.get(r);
                int at = next[r];
                if (at < run.length && run[at + HASH] == hash) {
                    first = Math.min(first, run[at + FIRST]);
                    bytes += run[at + BYTES];
                    strings += run[at + COUNTS] >>> 32;
                    small = Math.min(small, run[at + COUNTS] & SATURATED);
                    next[r] = at + STRIDE;
                }
            }
            out.add(strings, bytes, small < SATURATED ? small : huge.get(hash), first);
        }
    }

    /** What the check keeps after the read: the count of distinct values, and the groups of more than one string. */
    static final class Duplicated {
        int values;
        int groups;
        int[] strings = new int[64];
        long[] bytes = new long[64];
        long[] smallest = new long[64];
        long[] first = new long[64];

        private void add(long count, long bytesOf, long smallestOf, long firstOf) {
            values++;
            if (count < 2) {
                return;
            }
            if (groups == strings.length) {
                strings = Arrays.copyOf(strings, groups * 2);
                bytes = Arrays.copyOf(bytes, groups * 2);
                smallest = Arrays.copyOf(smallest, groups * 2);
                first = Arrays.copyOf(first, groups * 2);
            }
            strings[groups] = (int) count;
            bytes[groups] = bytesOf;
            smallest[groups] = smallestOf;
            first[groups++] = firstOf;
        }
    }
}
