package dev.heaplens.analysis.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.PrimitiveIterator;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records put in file order, in the heap and in mapped cells (sorted in blocks, then merged): each
 * offset with the index it was added with, and a list of ids put in that order, against a brute-force
 * stable sort, on seeded offsets shuffled, in runs (as a dump's address order leaves them) and in
 * order, small ones (packed with their index) and ones too large to pack (kept beside their index),
 * every mapped file given back; and the lazy merge of two sorted lists against their union sorted.
 */
class FileOrderTest {
    @TempDir
    Path dir;

    private Scratch[] scratches() {
        return new Scratch[] {Scratch.heap(), MappedScratch.withoutHeapRoom(dir)};
    }

    @Test
    void ordersRecordsAsAStableSortOfTheirOffsets() {
        Random random = new Random(28);
        for (int round = 0; round < 150; round++) {
            int n = random.nextInt(round % 10 == 0 ? 20 : 3000);
            boolean huge = round % 2 == 1; // offsets past what packs beside an index: the other column
            int shape = round / 2 % 3; // shuffled, in runs, in order
            long[] offsets = new long[n];
            for (int i = 0; i < n; i++) {
                long at = shape == 0 ? random.nextInt(1 << 20) * 16L // many repeat: the order must be stable
                        : shape == 1 ? (i % 97) * 4096L + i / 97 * 16L + random.nextInt(2) * 8L : i * 24L;
                offsets[i] = huge ? at + (1L << 60) : at;
            }
            Integer[] expected = new Integer[n]; // the brute force: indexes sorted by offset, stably
            Arrays.setAll(expected, i -> i);
            Arrays.sort(expected, Comparator.comparingLong(i -> offsets[i]));
            for (Scratch scratch : scratches()) {
                // room for more than are added; mapped, in blocks of a few keys, merged
                FileOrder order = new FileOrder(scratch, n + random.nextInt(3), 1 + random.nextInt(300));
                for (long at : offsets) {
                    order.add(at);
                }
                order.sort();
                assertThat(order.size()).isEqualTo(n);
                long[] indexes = LongStream.range(0, n).map(order::index).toArray();
                long[] sorted = LongStream.range(0, n).map(order::offset).toArray();
                assertThat(indexes).as("round %d, %s", round, scratch).containsExactly(
                        Arrays.stream(expected).mapToLong(i -> i).toArray());
                assertThat(sorted).containsExactly(Arrays.stream(offsets).sorted().toArray());
                int idBits = scratch.isMapped() ? 40 : 30; // ids past 2^32 mapped, in wide cells
                IdList values = new IdList(scratch, 1L << idBits);
                long[] ids = LongStream.range(0, n).map(i -> random.nextLong() >>> (64 - idBits)).toArray();
                Arrays.stream(ids).forEach(values::add);
                IdCells permuted = order.permuted(values, 1L << idBits);
                assertThat(LongStream.range(0, n).map(permuted::get).toArray())
                        .containsExactly(Arrays.stream(expected).mapToLong(i -> ids[i]).toArray());
                order.release();
                values.release();
                scratch.release(permuted);
                assertThat(scratch.liveBytes()).isZero();
            }
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
            PrimitiveIterator.OfLong merged = FileOrder.merge(i -> a[(int) i], a.length, j -> b[(int) j], b.length);
            long[] got = LongStream.generate(merged::nextLong).limit(all.length).toArray();
            assertThat(merged.hasNext()).isFalse();
            assertThat(got).containsExactly(Arrays.stream(all).sorted().toArray());
        }
    }
}
