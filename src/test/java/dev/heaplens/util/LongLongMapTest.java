package dev.heaplens.util;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LongLongMapTest {
    @Test
    void agreesWithAHashMapThroughGrowthAndOverwrites() {
        Random random = new Random(42);
        LongLongMap map = new LongLongMap();
        Map<Long, Long> oracle = new HashMap<>();
        for (int i = 0; i < 50_000; i++) {
            long key = random.nextInt(20_000) * 8L + 0x7f00_0000_0000L; // aligned, like object ids
            long value = random.nextLong();
            map.put(key, value);
            oracle.put(key, value);
        }
        assertThat(map.size()).isEqualTo(oracle.size());
        oracle.forEach((k, v) -> assertThat(map.get(k, -1)).isEqualTo(v));
        assertThat(map.get(0x10, -7)).isEqualTo(-7);
        assertThatThrownBy(() -> map.put(0, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
