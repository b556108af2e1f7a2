package dev.heaplens.graph;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The sort in runs from scratch against {@link AddressSort#sort} (the in-heap sort, the oracle): the
 * same sorted keys, the same reading order (equal keys by reading index), the same duplicates, on
 * seeded keys with many equal ones across runs, runs of many lengths (one key to all of them), keys
 * in order already (no reading order), runs each in order but not one after another, and an HPROF
 * dump's order (a few keys, then one long ascending stream), in mappings small enough that every
 * column crosses many of them.
 */
class ExternalAddressSortTest {
    @TempDir
    Path dir;

    @Test
    void sortsAsTheInHeapSortDoesInRunsOfAnyLength() {
        for (long seed = 1; seed <= 200; seed++) {
            Random rnd = new Random(seed);
            int n = rnd.nextInt(5) == 0 ? rnd.nextInt(50) : rnd.nextInt(30_000);
            long[] keys = keys(rnd, n);
            int runLength = switch (rnd.nextInt(4)) {
                case 0 -> 1 + rnd.nextInt(8);
                case 1 -> 1 + rnd.nextInt(Math.max(1, n / 3));
                case 2 -> Math.max(1, n);
                default -> 4_096 + rnd.nextInt(9_000); // runs long enough for the run merge inside a run
            };
            check(seed, keys, runLength);
        }
    }

    /** As a graph past 2^31 objects sorts (forced on a few): reading indices 8 bytes each, in the runs' files and the merged order. */
    @Test
    void sortsTheSameWithWideReadingIndices() {
        MappedIds.forceWide = true;
        try {
            for (long seed = 201; seed <= 260; seed++) {
                Random rnd = new Random(seed);
                int n = 2 + rnd.nextInt(10_000);
                long[] keys = InPlaceAddressSortTest.keys(rnd, n);
                int runLength = seed % 3 == 0 ? n : 1 + rnd.nextInt(Math.max(1, n / 2)); // one run, or merged from many
                ExternalAddressSort sort = check(seed, keys, runLength);
                if (sort.readingIndex != null) {
                    assertThat(sort.readingIndex).as("seed %d", seed).isInstanceOf(MappedIds.Wide.class);
                }
            }
        } finally {
            MappedIds.forceWide = false;
        }
    }

    @Test
    void keysInOrderHaveNoReadingOrder() {
        long[] keys = new long[10_000];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = 0x7_0000_0000L + 16L * (i / 3); // ascending, with duplicates
        }
        ExternalAddressSort sort = sort(keys, 777);
        assertThat(sort.readingIndex).isNull();
        assertThat(sort.sorted.toArray()).isEqualTo(keys);
        assertThat(sort.duplicates).isEqualTo(10_000 - 3_334);
    }

    @Test
    void runsEachInOrderButNotOneAfterAnother() {
        long[] keys = new long[9_000];
        for (int i = 0; i < keys.length; i++) {
            int run = i / 3_000;
            keys[i] = 8L * ((2 - run) * 3_000 + i % 3_000); // three ascending runs, in descending order
        }
        check(0, keys, 3_000);
    }

    @Test
    void runLengthForTheHeapIsAThirdOfItAtTwelveBytesAKey() {
        assertThat(ExternalAddressSort.runLength(360L << 20)).isEqualTo((int) ((360L << 20) / 36));
        assertThat(ExternalAddressSort.runLength(1L << 20)).isEqualTo(ExternalAddressSort.MIN_RUN);
        assertThat(ExternalAddressSort.runLength(Long.MAX_VALUE)).isEqualTo(ExternalAddressSort.MAX_RUN);
        assertThatThrownBy(() -> sort(new long[] {1}, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    private ExternalAddressSort check(long seed, long[] keys, int runLength) {
        long[] expected = keys.clone();
        int[] expectedOrder = AddressSort.sort(expected);
        ExternalAddressSort sort = sort(keys, runLength);
        assertThat(sort.sorted.toArray()).as("seed %d, runs of %d: keys", seed, runLength).isEqualTo(expected);
        int[] order = new int[keys.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = sort.readingIndex == null ? i : (int) sort.readingIndex.get(i);
        }
        assertThat(order).as("seed %d, runs of %d: reading order", seed, runLength).isEqualTo(expectedOrder);
        int duplicates = 0;
        for (int i = 1; i < expected.length; i++) {
            duplicates += expected[i] == expected[i - 1] ? 1 : 0;
        }
        assertThat(sort.duplicates).as("seed %d: duplicates", seed).isEqualTo(duplicates);
        return sort;
    }

    /** Sorts {@code keys} handed over in pieces of uneven sizes, as the parts hand theirs, in mappings of 256 bytes. */
    private ExternalAddressSort sort(long[] keys, int runLength) {
        int[] at = {0};
        ExternalAddressSort.Source source = (to, count) -> {
            System.arraycopy(keys, at[0], to, 0, count);
            at[0] += count;
        };
        return new ExternalAddressSort(source, keys.length, runLength, Scratch.mappedIn(dir, 8));
    }

    /** The in-place sort's test keys (equal ones, both signs, interleaved streams, a narrow range), or an HPROF dump's order. */
    private static long[] keys(Random rnd, int n) {
        return rnd.nextInt(4) == 0 ? hprofOrder(rnd, n) : InPlaceAddressSortTest.keys(rnd, n);
    }

    /** A few class objects anywhere, then every other object ascending. */
    private static long[] hprofOrder(Random rnd, int n) {
        long[] keys = new long[n];
        int classes = Math.min(n, rnd.nextInt(200));
        long next = 0x7_0000_0000L;
        for (int i = 0; i < n; i++) {
            if (i < classes) {
                keys[i] = 0x7_0000_0000L + 8L * rnd.nextInt(Math.max(1, n * 4));
            } else {
                next += 8L * (1 + rnd.nextInt(6));
                keys[i] = next;
            }
        }
        return keys;
    }
}
