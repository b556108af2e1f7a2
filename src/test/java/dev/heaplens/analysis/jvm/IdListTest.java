package dev.heaplens.analysis.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.WideIds;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The growing list of ids against a {@code List<Long>} of what was added and replaced: in the heap, in
 * mapped chunks, and in mapped chunks 8 bytes an id (ids past 2^31 and 2^32 kept whole), across the
 * chunks' edges; its mapped disk given back when released.
 */
class IdListTest {
    @TempDir
    Path dir;

    @Test
    void holdsWhatWasAddedAndReplaced() {
        Random random = new Random(31);
        for (int round = 0; round < 40; round++) {
            boolean wide = round % 3 == 2;
            WideIds.force(wide);
            try {
                Scratch scratch = round % 3 == 0 ? Scratch.heap() : MappedScratch.withoutHeapRoom(dir);
                long objects = wide ? 6L << 30 : 1 << 30;
                IdList list = new IdList(scratch, objects);
                List<Long> expected = new ArrayList<>();
                int n = random.nextInt(round % 4 == 0 ? 70 : 20_000);
                for (int i = 0; i < n; i++) {
                    long id = (long) (random.nextDouble() * objects);
                    list.add(id);
                    expected.add(id);
                    if (random.nextInt(10) == 0) {
                        int at = random.nextInt(expected.size());
                        long other = (long) (random.nextDouble() * objects);
                        list.set(at, other);
                        expected.set(at, other);
                    }
                }
                assertThat(list.size()).isEqualTo(n);
                for (int i = 0; i < n; i++) {
                    assertThat(list.get(i)).as("round %d, id %d", round, i).isEqualTo(expected.get(i));
                }
                list.release();
                assertThat(scratch.liveBytes()).isZero();
            } finally {
                WideIds.force(false);
            }
        }
    }
}
