package dev.heaplens.format.hprof;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class LengthTalliesTest {
    @Test
    void bytesEqualTheSumOfEachObjectsSizeForEveryLayout() {
        Random random = new Random(7);
        List<Long> lengths = new ArrayList<>();
        LengthTallies tallies = new LengthTallies();
        LengthTallies other = new LengthTallies();
        for (int i = 0; i < 5_000; i++) {
            long n = random.nextInt(4) == 0 ? random.nextInt(100_000) : random.nextInt(40);
            lengths.add(n);
            (i % 2 == 0 ? tallies : other).add(3, n);
        }
        tallies.addAll(3, other, 3);
        assertThat(tallies.count(3)).isEqualTo(lengths.size());
        for (HprofLayout layout : List.of(HprofLayout.COMPRESSED_64, HprofLayout.UNCOMPRESSED_64, HprofLayout.COMPACT_64,
                new HprofLayout(12, 16, 4, 16), new HprofLayout(12, 16, 4, 256), new HprofLayout(8, 12, 4, 1))) {
            for (int element : new int[] {1, 2, 4, 8}) {
                long expected = 0;
                for (long n : lengths) {
                    expected += layout.arraySize(n, element);
                }
                assertThat(tallies.bytes(3, layout.arrayBase(element), element, layout)).as(layout + " x" + element)
                        .isEqualTo(expected);
            }
        }
        assertThat(tallies.bytes(0, 16, 4, HprofLayout.COMPRESSED_64)).isZero();
    }
}
