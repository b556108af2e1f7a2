package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heaplens.HeaplensException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scratch arrays in mapped files against plain arrays given the same random writes, across many small
 * pages; the files are unlinked once mapped, so none is left, even when the computation fails; a
 * directory that cannot hold them is said in one line.
 */
class ScratchTest {
    @TempDir
    Path dir;

    @Test
    void mappedArraysHoldWhatPlainArraysHold() throws IOException {
        Random rnd = new Random(28);
        for (int byteShift = 4; byteShift <= 12; byteShift += 4) {
            Scratch scratch = Scratch.mappedIn(dir, byteShift);
            int length = 1 + rnd.nextInt(5000);
            MappedInts ints = scratch.ints(length);
            MappedLongs longs = scratch.longs(length);
            int[] intOracle = new int[length];
            long[] longOracle = new long[length];
            for (int k = 0; k < 20_000; k++) {
                int i = rnd.nextInt(length);
                intOracle[i] = rnd.nextInt();
                ints.set(i, intOracle[i]);
                longOracle[i] = rnd.nextLong();
                longs.set(i, longOracle[i]);
            }
            for (int i = 0; i < length; i++) {
                assertThat(ints.get(i)).as("shift %d, int %d", byteShift, i).isEqualTo(intOracle[i]);
                assertThat(longs.get(i)).as("shift %d, long %d", byteShift, i).isEqualTo(longOracle[i]);
            }
            ints.fill(-7);
            for (int i = 0; i < length; i++) {
                assertThat(ints.get(i)).isEqualTo(-7);
            }
            assertThat(scratch.mappedBytes()).isEqualTo(12L * length);
            assertNoFileLeft();
        }
    }

    /**
     * A released (or shrunk) column's disk comes back at once, as the kernel sees it (the scratch files this
     * process holds open, from /proc): not when a collection frees its mapping.
     */
    @Test
    void releasedColumnsGiveTheirDiskBackAtOnce() throws IOException {
        Assumptions.assumeTrue(HeldScratch.available(), "no /proc here");
        Scratch scratch = Scratch.mappedIn(dir, 12);
        MappedInts ints = scratch.ints(10_000);
        MappedLongs longs = scratch.longs(3_000);
        MappedBytes bytes = scratch.bytes(5_000);
        ints.fill(7);
        assertThat(heldOpen()).containsExactlyInAnyOrder(40_000L, 24_000L, 5_000L);
        assertThat(scratch.liveBytes()).isEqualTo(69_000);
        scratch.release(ints);
        scratch.release(ints); // twice: passed over
        scratch.release(new Object()); // not its own: passed over
        assertThat(heldOpen()).containsExactlyInAnyOrder(24_000L, 5_000L);
        assertThat(scratch.liveBytes()).isEqualTo(29_000);
        scratch.shrink(longs, 8_000); // the first 1,000 longs kept
        scratch.shrink(longs, 16_000); // never grown back
        assertThat(heldOpen()).containsExactlyInAnyOrder(8_000L, 5_000L);
        assertThat(scratch.liveBytes()).isEqualTo(13_000);
        longs.set(999, 5);
        assertThat(longs.get(999)).isEqualTo(5);
        bytes.set(4_999, (byte) 5);
        scratch.releaseAll();
        assertThat(heldOpen()).isEmpty();
        assertThat(scratch.liveBytes()).isZero();
        assertThat(scratch.peakLiveBytes()).isEqualTo(69_000);
        assertThat(scratch.mappedBytes()).isEqualTo(69_000);
    }

    private List<Long> heldOpen() throws IOException {
        return HeldScratch.sizes(dir, false);
    }

    @Test
    void aFailedComputationLeavesNoScratchFile() throws IOException {
        DominatorsOracleTest.Case c = new DominatorsOracleTest.Case(7);
        EdgeFilter failing = (source, reference, target) -> {
            throw new IllegalStateException("a filter that fails");
        };
        assertThatThrownBy(() -> Dominators.compute(c.graph, failing, Phases.NONE, Scratch.mappedIn(dir)))
                .hasMessageContaining("a filter that fails");
        assertNoFileLeft();
    }

    @Test
    void aDirectoryThatCannotHoldScratchIsSaidInOneLine() throws IOException {
        Path notADirectory = Files.writeString(dir.resolve("file"), "x");
        assertThatThrownBy(() -> Scratch.mappedIn(notADirectory).ints(10))
                .isInstanceOf(HeaplensException.class)
                .hasMessageStartingWith("cannot map a scratch file of 40 bytes in " + notADirectory + ": ")
                .hasMessageNotContaining("\n");
    }

    private void assertNoFileLeft() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.filter(f -> f.getFileName().toString().contains("scratch"))).isEmpty();
        }
    }
}
