package dev.heaplens.format.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.graph.NarrowInts;
import dev.heaplens.graph.Scratch;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Array lengths stored for 2^32 + 1000 objects (a sparse scratch file standing for the index's
 * section): each asked by its long id past 2^31 and 2^32, copied in runs there as an index write
 * does; and a dump with no array answers -1 for any object.
 */
class ArrayLengthsPast2To31Test {
    private static final long LENGTH = (1L << 32) + 1000;

    @TempDir
    Path dir;

    @Test
    void lengthsPast2To32() {
        Scratch scratch = Scratch.mappedIn(dir);
        NarrowInts stored = NarrowInts.where(scratch, LENGTH, -1, Integer.MAX_VALUE);
        long[] at = {(1L << 31) - 1, (1L << 31) + 2, (1L << 32) + 7, LENGTH - 2};
        for (long o : at) {
            stored.put(o, new int[] {(int) (o % 100_003), -1}, 2);
        }
        ArrayLengths lengths = ArrayLengths.stored(() -> stored);
        assertThat(lengths.any()).isTrue();
        for (long o : at) {
            assertThat(lengths.length(o)).as("object %d", o).isEqualTo(o % 100_003);
            assertThat(lengths.length(o + 1)).as("object %d", o + 1).isEqualTo(-1);
            int[] run = new int[3];
            lengths.copy(o, run, 2);
            assertThat(run).containsExactly((int) (o % 100_003), -1, 0);
        }
        stored.release(scratch);
        ArrayLengths none = ArrayLengths.stored(() -> null);
        assertThat(none.any()).isFalse();
        assertThat(none.length(1L << 32)).isEqualTo(-1);
    }
}
