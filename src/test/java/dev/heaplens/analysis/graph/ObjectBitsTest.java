package dev.heaplens.analysis.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.SparseScratch;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A set of objects, in the heap and mapped, walked with {@link ObjectBits#next} against {@link BitSet}'s
 * {@code nextSetBit} from every start; and mapped past 2^31 and 2^32 objects (a sparse file: only the
 * pages written take memory or disk).
 */
class ObjectBitsTest {
    @TempDir
    Path dir;

    @Test
    void nextIsABitSetsNextSetBitInTheHeapAndMapped() {
        Random rnd = new Random(31);
        for (Scratch scratch : new Scratch[] {Scratch.heap(), MappedScratch.withoutHeapRoom(dir)}) {
            for (int round = 0; round < 40; round++) {
                int objects = 1 + rnd.nextInt(3000);
                BitSet oracle = new BitSet();
                for (int k = rnd.nextInt(round % 4 == 0 ? 3 : objects); k > 0; k--) {
                    oracle.set(rnd.nextInt(objects));
                }
                ObjectBits bits = ObjectBits.none(objects, scratch);
                for (int o = oracle.nextSetBit(0); o >= 0; o = oracle.nextSetBit(o + 1)) {
                    bits.set(o);
                }
                String at = (scratch.isMapped() ? "mapped" : "heap") + ", round " + round;
                for (int from = 0; from <= objects + 1; from++) {
                    int expected = oracle.nextSetBit(from);
                    assertThat(bits.next(from)).as("%s, from %d", at, from).isEqualTo(expected);
                    if (from < objects) {
                        assertThat(bits.get(from)).as("%s, %d", at, from).isEqualTo(oracle.get(from));
                    }
                }
                assertThat(bits.objects()).isEqualTo(objects);
                assertThat(bits.scratch()).isSameAs(scratch);
            }
        }
    }

    @Test
    void mappedPastTwoToTheThirtyOneAndThirtyTwo() {
        long objects = (1L << 32) + 200;
        ObjectBits bits = ObjectBits.none(objects, SparseScratch.withoutHeapRoom(dir));
        long[] set = {(1L << 31) + 3, (1L << 32) + 1, (1L << 32) + 130, objects - 1};
        for (long o : set) {
            bits.set(o);
        }
        assertThat(bits.next(1L << 31)).isEqualTo((1L << 31) + 3);
        assertThat(bits.next(1L << 32)).isEqualTo((1L << 32) + 1);
        assertThat(bits.next((1L << 32) + 2)).isEqualTo((1L << 32) + 130);
        assertThat(bits.next((1L << 32) + 131)).isEqualTo(objects - 1);
        assertThat(bits.next(objects)).isEqualTo(-1);
        assertThat(bits.get((1L << 32) + 130)).isTrue();
        assertThat(bits.get((1L << 32) + 129)).isFalse();
    }
}
