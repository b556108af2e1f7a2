package dev.heaplens.analysis.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.PrimitiveIterator;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Records put in file order: a column sorted where it grew (its first n cells, room to spare
 * after) against the same cells sorted alone, and the lazy merge of two sorted lists against
 * their union sorted, on seeded random offsets, small ones (packed with their index) and ones too
 * large to pack (sorted by {@code AddressSort}).
 */
class FileOrderTest {
    @Test
    void sortsTheFirstCellsOfAGrownColumnAsAnExactOne() {
        Random random = new Random(28);
        for (int round = 0; round < 200; round++) {
            int n = random.nextInt(3000);
            int spare = random.nextInt(1 + n / 4);
            boolean huge = round % 2 == 1; // offsets past what packs beside an index: the other sort
            long[] offsets = new long[n + spare];
            int[] values = new int[n + spare];
            for (int i = 0; i < n + spare; i++) {
                long at = random.nextInt(1 << 20) * 16L; // many repeat: the sort must be stable
                offsets[i] = huge ? at + (1L << 60) : at;
                values[i] = i < n ? i : -1; // the spare cells are never read
            }
            long[] original = offsets.clone();
            long[] exact = Arrays.copyOf(offsets, n);
            int[] expectedValues = FileOrder.sort(Arrays.copyOf(values, n), exact);
            int[] sorted = FileOrder.sort(values, offsets, n);
            assertThat(sorted).as("round %d", round).containsExactly(expectedValues);
            assertThat(Arrays.copyOf(offsets, n)).as("round %d", round).containsExactly(exact);
            for (int k = 0; k < n; k++) { // each value beside its own offset, ascending, stably (a brute force)
                assertThat(offsets[k]).isEqualTo(original[sorted[k]]);
                if (k > 0) {
                    assertThat(offsets[k] > offsets[k - 1] || offsets[k] == offsets[k - 1] && sorted[k] > sorted[k - 1]).isTrue();
                }
            }
            assertThat(Arrays.copyOfRange(offsets, n, n + spare)).containsExactly(Arrays.copyOfRange(original, n, n + spare));
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
            int aSpare = random.nextInt(4);
            int bSpare = random.nextInt(4);
            PrimitiveIterator.OfLong merged = FileOrder.merge(Arrays.copyOf(a, a.length + aSpare), a.length,
                    Arrays.copyOf(b, b.length + bSpare), b.length);
            long[] got = LongStream.generate(merged::nextLong).limit(all.length).toArray();
            assertThat(merged.hasNext()).isFalse();
            assertThat(got).containsExactly(Arrays.stream(all).sorted().toArray());
        }
    }
}
