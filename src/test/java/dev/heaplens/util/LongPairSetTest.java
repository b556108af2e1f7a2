package dev.heaplens.util;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Against java.util.HashSet of pairs, through growth, duplicates and colliding halves. */
class LongPairSetTest {
    @Test
    void agreesWithAHashSet() {
        Random random = new Random(7);
        LongPairSet set = new LongPairSet(4);
        Set<List<Long>> oracle = new HashSet<>();
        for (int i = 0; i < 50_000; i++) {
            long first = 1 + random.nextInt(5000) * 40L;
            long second = random.nextInt(30);
            set.add(first, second);
            oracle.add(List.of(first, second));
        }
        assertThat(set.size()).isEqualTo(oracle.size());
        for (int i = 0; i < 50_000; i++) {
            long first = 1 + random.nextInt(6000) * 40L;
            long second = random.nextInt(35);
            assertThat(set.contains(first, second)).isEqualTo(oracle.contains(List.of(first, second)));
        }
        assertThatThrownBy(() -> set.add(0, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
