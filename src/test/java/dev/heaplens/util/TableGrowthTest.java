package dev.heaplens.util;

import dev.heaplens.HeaplensException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TableGrowthTest {
    @Test
    void aTableDoublesUpToTheLongestArrayThenRefusesInOneLine() {
        assertThat(TableGrowth.doubled(64, 16)).isEqualTo(128);
        assertThat(TableGrowth.doubled(TableGrowth.LONGEST / 2, 1)).isEqualTo(TableGrowth.LONGEST);
        // the next doubling would be 2^31: an int overflow, a negative array size
        assertThatThrownBy(() -> TableGrowth.doubled(TableGrowth.LONGEST, 268_435_457L))
                .isInstanceOf(HeaplensException.class)
                .hasMessage("more than 268,435,457 distinct keys in one of heaplens's tables, the most it holds in one "
                        + "(a Java array's limit)");
    }
}
