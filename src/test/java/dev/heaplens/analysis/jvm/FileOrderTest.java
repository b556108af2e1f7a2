package dev.heaplens.analysis.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.PrimitiveIterator;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Records put in file order: the order of offsets asked as needed against a brute-force stable
 * sort and against {@link FileOrder#sort}, and the lazy merge of two sorted lists against their
 * union sorted, on seeded random offsets, small ones (packed with their index) and ones too large
 * to pack (sorted by {@code AddressSort}).
 */
class FileOrderTest {
    @Test
    void ordersRecordsAsAStableSortOfTheirOffsets() {
        Random random = new Random(28);
        for (int round = 0; round < 200; round++) {
            int n = random.nextInt(3000);
            boolean huge = round % 2 == 1; // offsets past what packs beside an index: the other sort
            long[] offsets = new long[n];
            for (int i = 0; i < n; i++) {
                long at = random.nextInt(1 << 20) * 16L; // many repeat: the order must be stable
                offsets[i] = huge ? at + (1L << 60) : at;
            }
            Integer[] expected = new Integer[n]; // the brute force: indexes sorted by offset, stably
            Arrays.setAll(expected, i -> i);
            Arrays.sort(expected, Comparator.comparingLong(i -> offsets[i]));
            int[] order = FileOrder.order(n, i -> offsets[i]);
            assertThat(order).as("round %d", round).containsExactly(Arrays.stream(expected).mapToInt(i -> i).toArray());
            int[] values = random.ints(n).toArray();
            assertThat(FileOrder.permuted(values, order)).containsExactly(FileOrder.sort(values.clone(), offsets.clone()));
        }
    }

    @Test
    void mergesTwoSortedListsAsTheirUnionSorted() {
        Random random = new Random(24);
        for (int round = 0; round < 200; round++) {
            long[] all = LongStream.generate(() -> random.nextInt(1 << 24) * 8L).distinct()
                    .limit(random.nextInt(500)).toArray();
            long[] a = Arrays.stream(all).filter(x -> random.nextBoolean()).sorted().toArray();
            long[] b = Arrays.stream(all).filter(x -> Arrays.binarySearch(a, x) < 0).sorted().toArray();
            PrimitiveIterator.OfLong merged = FileOrder.merge(i -> a[i], a.length, j -> b[j], b.length);
            long[] got = LongStream.generate(merged::nextLong).limit(all.length).toArray();
            assertThat(merged.hasNext()).isFalse();
            assertThat(got).containsExactly(Arrays.stream(all).sorted().toArray());
        }
    }
}
