package dev.heaplens.analysis.graph;

import dev.heaplens.graph.IntCells;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** A level is sorted in place, small ones as ints and big ones through bits, and nothing outside it moves. */
class LevelOrderTest {
    @Test
    void sortsSmallAndBigLevelsAlikeLeavingTheRestOfTheQueue() {
        int objects = 200_000; // levels of 195 objects and more go through the bits
        LevelOrder order = new LevelOrder(objects);
        Random rnd = new Random(7);
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
            int[] queue = shuffled.clone();
            order.sort(IntCells.of(queue), from, from + size);
            int[] expected = shuffled.clone();
            Arrays.sort(expected, from, from + size);
            assertThat(Arrays.equals(queue, expected)).as("round " + round + ", " + size + " objects sorted, the rest unmoved").isTrue();
        }
    }
}
