package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Paged ints indexed by long, past Java's 2^31 array limit: a sparse column allocates only the pages
 * written, so indices beyond 2^31 and 2^32 are checked without gigabytes of heap. The oracle is a
 * plain map of what was written (every other place reads zero).
 */
class IntPagesTest {
    private static final long PAST_INT = 1L << 31;

    @Test
    void valuesPast2To31RoundTripInTheirOwnPages() {
        long length = 3L * PAST_INT + 12_345; // about 6.4 billion ints: 25.8 GB if allocated
        IntPages pages = IntPages.sparse(length, 20);
        long[] at = {0, PAST_INT - 1, PAST_INT, PAST_INT + 1, 1L << 32, (1L << 32) + 7, 2 * PAST_INT + (1L << 30) + 3, length - 1};
        for (int k = 0; k < at.length; k++) {
            pages.set(at[k], k + 1);
        }
        for (int k = 0; k < at.length; k++) {
            assertThat(pages.get(at[k])).as("index %d", at[k]).isEqualTo(k + 1);
        }
        // neighbours in the same pages were never written: zero, not a value aliased from 2^32 below
        assertThat(pages.get(PAST_INT - 2)).isZero();
        assertThat(pages.get(PAST_INT + 2)).isZero();
        assertThat(pages.get(at[4] - PAST_INT * 2 + 1)).isZero();
        assertThat(pages.length()).isEqualTo(length);
        assertThat(pages.allocatedPages()).isEqualTo(6); // 2^31 - 1 and 2^31 sit in different pages; 2^32 and + 7 share one
        assertThat(pages.pages[pages.pages.length - 1]).hasSize((int) (length & pages.mask));
    }

    @Test
    void randomIndicesAgainstAMap() {
        Random rnd = new Random(28);
        long length = 5L * PAST_INT;
        IntPages pages = IntPages.sparse(length, 16);
        java.util.Map<Long, Integer> written = new java.util.HashMap<>();
        for (int k = 0; k < 2_000; k++) {
            long i = Math.floorMod(rnd.nextLong(), length);
            int v = rnd.nextInt();
            pages.set(i, v);
            written.put(i, v);
        }
        written.forEach((i, v) -> assertThat(pages.get(i)).as("index %d", i).isEqualTo(v));
        assertThat(pages.allocatedPages()).isLessThanOrEqualTo(2_000);
    }

    @Test
    void truncatedPast2To31KeepsWholePagesAndCutsTheLast() {
        IntPages pages = IntPages.sparse(3 * PAST_INT, 20);
        pages.set(PAST_INT + 5, 42);
        pages.set(PAST_INT + 9, 43);
        IntPages cut = pages.truncated(PAST_INT + 8);
        assertThat(cut.length()).isEqualTo(PAST_INT + 8);
        assertThat(cut.get(PAST_INT + 5)).isEqualTo(42);
        assertThat(cut.pages[cut.pages.length - 1]).hasSize(8);
        assertThat(cut.allocatedPages()).isEqualTo(1);
    }

    @Test
    void aDenseColumnIsAllocatedWholeAndChecksItsArguments() {
        IntPages pages = new IntPages(10, 2);
        assertThat(pages.allocatedPages()).isEqualTo(3);
        assertThat(pages.pages[2]).hasSize(2);
        for (long i = 0; i < 10; i++) {
            pages.set(i, (int) i * 3);
        }
        assertThat(pages.get(9)).isEqualTo(27);
        assertThat(new IntPages(0, 30).length()).isZero();
        assertThatThrownBy(() -> new IntPages(-1, 20)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new IntPages(10, 31)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> IntPages.sparse(Long.MAX_VALUE, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
