package dev.heaplens.graph;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ReferenceOffsets} against the plain {@code long[]} it replaces: ascending values past 2^31
 * and 2^32 (reference counts a 2^31-object dump would have, without making one), blocks that span
 * 2^32 or more kept whole, and the streamed build the dominators use.
 */
class ReferenceOffsetsTest {
    private static final int BLOCK = ReferenceOffsets.BLOCK;

    @Test
    void keepsAscendingValuesPast2To32() {
        for (long seed = 1; seed <= 20; seed++) {
            Random random = new Random(seed);
            int count = 1 + random.nextInt(5 * BLOCK);
            long[] values = new long[count];
            long v = random.nextBoolean() ? 0 : (1L << 31) - random.nextInt(1000); // some start just below 2^31
            for (int i = 0; i < count; i++) {
                values[i] = v;
                int step = random.nextInt(100);
                v += step < 90 ? random.nextInt(8) : step < 99 ? random.nextInt(1 << 20) : (1L << 32) + random.nextInt(7);
            }
            ReferenceOffsets offsets = ReferenceOffsets.of(values);
            assertThat(offsets.toArray()).as("seed %d", seed).containsExactly(values);
            assertThat(offsets.length()).isEqualTo(count);
        }
    }

    @Test
    void aBlockSpanning2To32IsKeptWholeAndItsNeighboursNarrow() {
        long[] values = new long[3 * BLOCK + 1];
        for (int i = 0; i < values.length; i++) {
            values[i] = 5L * i;
        }
        for (int i = BLOCK + 7; i < values.length; i++) {
            values[i] += 0xFFFF_FFFFL + 1; // one object of 2^32 references in the second block
        }
        ReferenceOffsets offsets = ReferenceOffsets.of(values);
        assertThat(offsets.base[0]).isZero();
        assertThat(offsets.base[1]).isEqualTo(-1); // the first wide block
        assertThat(offsets.base[2]).isEqualTo(values[2 * BLOCK]);
        assertThat(offsets.wide).hasSize(BLOCK);
        assertThat(offsets.toArray()).containsExactly(values);
        assertThat(offsets.get(BLOCK + 6)).isEqualTo(5L * (BLOCK + 6));
        assertThat(offsets.get(BLOCK + 7)).isEqualTo(5L * (BLOCK + 7) + (1L << 32));
    }

    @Test
    void aBlockSpanningJustUnder2To32StaysNarrow() {
        long[] values = {0, 0xFFFF_FFFFL, 0xFFFF_FFFFL};
        ReferenceOffsets offsets = ReferenceOffsets.of(values);
        assertThat(offsets.wide).isEmpty();
        assertThat(offsets.toArray()).containsExactly(values);
    }

    @Test
    void streamedValuesAreAskedForOnceInOrder() {
        long[] asked = new long[2 * BLOCK + 3];
        int[] next = {0};
        ReferenceOffsets offsets = ReferenceOffsets.of(asked.length, i -> {
            assertThat(i).isEqualTo(next[0]++);
            return (3L << 30) * (i / BLOCK) + i; // blocks based at 0, 3 Gi and 6 Gi: past 2^31, then 2^32
        });
        assertThat(offsets.base).containsExactly(0, (3L << 30) + BLOCK, (6L << 30) + 2 * BLOCK);
        assertThat(next[0]).isEqualTo(asked.length);
        for (int i = 0; i < asked.length; i++) {
            assertThat(offsets.get(i)).isEqualTo((3L << 30) * (i / BLOCK) + i);
        }
    }
}
