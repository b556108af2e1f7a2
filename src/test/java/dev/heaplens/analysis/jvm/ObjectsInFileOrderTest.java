package dev.heaplens.analysis.jvm;

import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.WideIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Objects in their records' file order, in the heap and as past 2^31 in mapped cells, against a stable
 * sort of (offset, object): objects with no record left out, objects sharing an offset (Strings sharing
 * one array) in id order, offsets past what packs beside an index.
 */
class ObjectsInFileOrderTest {
    @TempDir
    Path dir;

    @Test
    void objectsComeInFileOrderTiesInIdOrder() {
        for (long seed = 1; seed <= 60; seed++) {
            Random rnd = new Random(seed);
            int n = rnd.nextInt(seed % 7 == 0 ? 5000 : 60);
            long[] offsets = new long[n];
            for (int o = 0; o < n; o++) {
                int kind = rnd.nextInt(10);
                offsets[o] = kind == 0 ? -1 : kind == 1 && o > 0 ? offsets[rnd.nextInt(o)]
                        : 20 + rnd.nextInt(1000) + (rnd.nextInt(20) == 0 ? 1L << 50 : 0);
            }
            List<long[]> expected = new ArrayList<>();
            for (int o = 0; o < n; o++) {
                if (offsets[o] > 0) {
                    expected.add(new long[] {offsets[o], o});
                }
            }
            expected.sort(Comparator.comparingLong(a -> a[0])); // stable: ties in id order
            Scratch mapped = MappedScratch.withoutHeapRoom(dir.resolve("s" + seed));
            assertThat(WideIds.asPast2To31(() -> inFileOrder(mapped, offsets))).as("seed %d mapped", seed)
                    .containsExactlyElementsOf(expected.stream().map(a -> a[0] + "@" + a[1]).toList());
            assertThat(inFileOrder(Scratch.heap(), offsets)).as("seed %d in the heap", seed)
                    .containsExactlyElementsOf(expected.stream().map(a -> a[0] + "@" + a[1]).toList());
            mapped.releaseAll();
        }
    }

    private static List<String> inFileOrder(Scratch scratch, long[] offsets) {
        ObjectsInFileOrder order = new ObjectsInFileOrder(scratch, offsets.length);
        for (long offset : offsets) {
            order.add(offset);
        }
        order.sort();
        List<String> got = new ArrayList<>();
        for (long k = order.first(); k < order.size(); k++) {
            got.add(order.offset(k) + "@" + order.object(k));
        }
        order.release();
        return got;
    }
}
