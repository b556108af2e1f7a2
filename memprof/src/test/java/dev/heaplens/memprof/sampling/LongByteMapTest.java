package dev.heaplens.memprof.sampling;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The primitive map against a HashMap (the oracle) on random puts and gets, through several growths. */
class LongByteMapTest {
    @Test
    void agreesWithAHashMap() {
        Random random = new Random(14);
        LongByteMap map = new LongByteMap();
        Map<Long, Byte> oracle = new HashMap<>();
        for (int step = 0; step < 200_000; step++) {
            // pointer-like keys (aligned, close together), plus 0 and negatives
            long key = random.nextInt(4) == 0 ? random.nextLong() : 0x7f00_0000_0000L + 8L * random.nextInt(20_000);
            if (random.nextBoolean()) {
                byte value = (byte) random.nextInt(127);
                map.put(key, value);
                oracle.put(key, value);
            } else {
                Byte expected = oracle.get(key);
                assertThat(map.get(key)).isEqualTo(expected == null ? -1 : expected.intValue());
            }
        }
        map.put(0, (byte) 5);
        oracle.put(0L, (byte) 5);
        oracle.forEach((k, v) -> assertThat(map.get(k)).isEqualTo(v.intValue()));
        assertThat(map.size()).isEqualTo(oracle.size());
    }

    @Test
    void valuesOutsideTheRangeAreRefused() {
        assertThatThrownBy(() -> new LongByteMap().put(1, (byte) -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LongByteMap().put(1, Byte.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class);
    }
}
