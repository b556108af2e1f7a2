package dev.heaplens.analysis.graph;

import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.WideIds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A level is sorted in place, small ones as an array and big ones through bits, and nothing outside it
 * moves: with the queue and bits in the heap, and mapped (the queue's ids wide).
 */
class LevelOrderTest {
    @TempDir
    Path dir;

    @AfterEach
    void narrowAgain() {
        WideIds.force(false);
    }

    @Test
    void sortsSmallAndBigLevelsAlikeLeavingTheRestOfTheQueue() {
        sortsLevels(Scratch.heap(), 7);
    }

    @Test
    void sortsLevelsInMappedBitsAndWideIdsAlike() {
        WideIds.force(true);
        Scratch scratch = MappedScratch.withoutHeapRoom(dir);
        sortsLevels(scratch, 8);
        assertThat(scratch.mappedBytes()).as("the bits and the queue mapped, 8 bytes an id").isEqualTo(8L * (200_000 / 64) + 8L * 200_000);
    }

    private static void sortsLevels(Scratch scratch, long seed) {
        int objects = 200_000; // levels of 195 objects and more go through the bits
        LevelOrder order = new LevelOrder(objects, scratch);
        Random rnd = new Random(seed);
        IdCells cells = scratch.idCells(objects, objects);
        for (int round = 0; round < 40; round++) {
            int size = round % 2 == 0 ? 1 + rnd.nextInt(150) : 195 + rnd.nextInt(20_000);
            int[] shuffled = IntStream.range(0, objects).toArray();
            for (int i = objects - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int t = shuffled[i];
                shuffled[i] = shuffled[j];
                shuffled[j] = t;
            }
            int from = rnd.nextInt(objects - size);
            for (int i = 0; i < objects; i++) {
                cells.set(i, shuffled[i]);
            }
            order.sort(cells, from, from + size);
            int[] queue = IntStream.range(0, objects).map(i -> (int) cells.get(i)).toArray();
            int[] expected = shuffled.clone();
            Arrays.sort(expected, from, from + size);
            assertThat(Arrays.equals(queue, expected)).as("round " + round + ", " + size + " objects sorted, the rest unmoved").isTrue();
        }
    }
}
