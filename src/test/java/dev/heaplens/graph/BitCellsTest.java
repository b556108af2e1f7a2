package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bit an object, in the heap and mapped, against {@link BitSet} given the same random bits; and
 * mapped, bits past 2^31 and 2^32 (a sparse file of 2^33 bits in 64 mappings: only the pages written
 * take memory or disk), each set alone, its word holding it where it should.
 */
class BitCellsTest {
    @TempDir
    Path dir;

    @Test
    void bitsHoldWhatABitSetHoldsInTheHeapAndMapped() {
        Random rnd = new Random(2835);
        for (Scratch scratch : new Scratch[] {Scratch.heap(), Scratch.mappedIn(dir, 4, bytes -> false),
                Scratch.mappedIn(dir, 12, bytes -> false)}) {
            for (int round = 0; round < 20; round++) {
                int length = 1 + rnd.nextInt(5000);
                BitCells bits = scratch.bitsWhereRoom(length);
                BitSet oracle = new BitSet();
                for (int k = rnd.nextInt(2 * length); k > 0; k--) {
                    int i = rnd.nextInt(length);
                    oracle.set(i);
                    bits.set(i);
                }
                String at = (scratch.isMapped() ? "mapped" : "heap") + ", round " + round;
                for (int i = 0; i < length; i++) {
                    assertThat(bits.get(i)).as("%s, bit %d", at, i).isEqualTo(oracle.get(i));
                }
                for (int w = 0; w < (length + 63) / 64; w++) {
                    long[] word = oracle.get(64 * w, 64 * w + 64).toLongArray();
                    assertThat(bits.word(w)).as("%s, word %d", at, w).isEqualTo(word.length == 0 ? 0 : word[0]);
                    bits.setWord(w, 0);
                    assertThat(bits.word(w)).as("%s, word %d cleared", at, w).isZero();
                }
            }
        }
    }

    @Test
    void mappedBitsPastTwoToTheThirtyOneAndThirtyTwo() {
        Scratch scratch = Scratch.mappedIn(dir, 24, bytes -> false); // mappings of 2^21 words
        long length = 1L << 33;
        BitCells bits = scratch.bitsWhereRoom(length);
        assertThat(scratch.mappedBytes()).isEqualTo(length / 8);
        long[] at = {(1L << 31) - 1, 1L << 31, (1L << 31) + 1, (1L << 31) + 64, (1L << 32) - 1, (1L << 32) + 5, (3L << 31) + 33,
                (1L << 33) - 1};
        for (long i : at) {
            assertThat(bits.get(i)).as("bit %d before", i).isFalse();
            bits.set(i);
            assertThat(bits.get(i)).as("bit %d", i).isTrue();
        }
        for (long i : at) {
            assertThat(bits.get(i)).as("bit %d", i).isTrue();
            assertThat(bits.word(i >>> 6) & (1L << (i & 63))).as("bit %d in its word", i).isNotZero();
            for (long j : new long[] {i - 2, i + 2, i - 64, i + 64, i & 0x7fff_ffffL, i ^ (1L << 32)}) {
                if (j >= 0 && j < length && java.util.Arrays.stream(at).noneMatch(x -> x == j)) {
                    assertThat(bits.get(j)).as("bit %d beside %d", j, i).isFalse();
                }
            }
        }
        assertThat(bits.word((1L << 31 >>> 6))).as("the word of bits 2^31..2^31+63").isEqualTo(0b11L);
        assertThat(bits.word(((1L << 32) + 5) >>> 6)).isEqualTo(1L << 5);
        assertThat(bits.word((1L << 33) / 64 - 1)).isEqualTo(1L << 63);
        scratch.release(bits);
    }
}
