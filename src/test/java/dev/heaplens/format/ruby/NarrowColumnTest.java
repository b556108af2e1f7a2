package dev.heaplens.format.ruby;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** A narrowed column gives back every value it was made from, in the fewest bytes its largest needs. */
class NarrowColumnTest {
    @Test
    void eachWidthGivesBackItsValues() {
        Random rnd = new Random(28);
        int[][] cases = {
                {-1, 0, 254},                 // 1 byte: 255 kept as 255
                {-1, 255, 65_534},            // 2 bytes
                {-1, 65_535, 16_777_214},     // 3 bytes
                {-1, 16_777_215, Integer.MAX_VALUE}, // 4: kept as ints
        };
        int[] widths = {1, 2, 3, 4};
        for (int k = 0; k < cases.length; k++) {
            int[] values = new int[10_000];
            for (int i = 0; i < values.length; i++) {
                values[i] = cases[k][rnd.nextInt(3)]; // the bounds themselves
                if (rnd.nextBoolean()) {
                    values[i] = -1 + rnd.nextInt(cases[k][2] == Integer.MAX_VALUE ? Integer.MAX_VALUE : cases[k][2] + 2);
                }
            }
            values[0] = cases[k][2]; // the largest, so that the width is the case's
            NarrowColumn column = NarrowColumn.of(values.clone());
            assertThat(column.width()).as("case %d", k).isEqualTo(widths[k]);
            for (int i = 0; i < values.length; i++) {
                assertThat(column.get(i)).as("case %d value %d", k, i).isEqualTo(values[i]);
            }
            assertThat(column.toInts()).isEqualTo(values);
        }
    }

    @Test
    void valuesBelowMinusOneAndEmptyColumnsStayExact() {
        int[] odd = {3, -2, Integer.MIN_VALUE, -1};
        NarrowColumn column = NarrowColumn.of(odd);
        assertThat(column.width()).isEqualTo(4);
        assertThat(column.toInts()).isSameAs(odd);
        assertThat(NarrowColumn.of(new int[0]).toInts()).isEmpty();
        int[] unset = {-1, -1, -1};
        assertThat(NarrowColumn.of(unset).width()).isEqualTo(1);
        assertThat(NarrowColumn.of(unset).toInts()).containsExactly(-1, -1, -1);
        int[] indexed = {1, 2};
        assertThat(NarrowColumn.wrap(indexed).toInts()).as("a column read from an index is not copied").isSameAs(indexed);
    }
}
