package dev.heaplens.util;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Against a HashMap numbering keys in first-seen order, through growth and any long (0 and negatives too). */
class LongIndexTest {
    @Test
    void numbersKeysInTheOrderFirstAdded() {
        Random random = new Random(11);
        LongIndex index = new LongIndex();
        Map<Long, Integer> oracle = new HashMap<>();
        for (int i = 0; i < 100_000; i++) {
            long key = random.nextInt(3) == 0 ? random.nextLong() : random.nextInt(20_000) - 10_000;
            int expected = oracle.computeIfAbsent(key, k -> oracle.size());
            assertThat(index.add(key)).isEqualTo(expected);
        }
        assertThat(index.size()).isEqualTo(oracle.size());
        oracle.forEach((key, i) -> {
            assertThat(index.indexOf(key)).isEqualTo(i);
            assertThat(index.key(i)).isEqualTo(key);
        });
        assertThat(index.indexOf(Long.MIN_VALUE + 1)).isEqualTo(oracle.getOrDefault(Long.MIN_VALUE + 1, -1));
    }
}
