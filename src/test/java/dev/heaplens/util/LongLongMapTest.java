package dev.heaplens.util;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class LongLongMapTest {
    @Test
    void agreesWithAHashMapThroughGrowthAndOverwrites() {
        agreesWithAHashMap(new LongLongMap());
    }

    /** Pages of two slots: every probe that wraps past a page's end, every page boundary, is taken. */
    @Test
    void agreesWithAHashMapInManySmallPages() {
        agreesWithAHashMap(new LongLongMap(2));
    }

    private static void agreesWithAHashMap(LongLongMap map) {
        Random random = new Random(42);
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
        assertThat(map.get(0, -7)).isEqualTo(-7);
        map.put(0, 5);
        assertThat(map.get(0, -7)).isEqualTo(5);
        assertThat(map.size()).isEqualTo(oracle.size() + 1);
    }
}
