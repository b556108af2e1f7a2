package dev.heaplens.graph;

import java.util.Arrays;

/**
 * Ints indexed by long: in the heap ({@link IntPages}, or one plain array) or mapped out of core
 * ({@link MappedInts}). The analyses' columns over every object are {@link IdCells} instead: a final
 * class C1 inlines whatever else implements this.
 */
public interface IntCells {
    int get(long i);

    void set(long i, int value);

    /** Every cell set to {@code value}. */
    void fill(int value);

    /** {@code values} behind the interface, not copied. */
    static IntCells of(int[] values) {
        return new OneArray(values);
    }

    /** One heap array behind the interface. */
    final class OneArray implements IntCells {
        private final int[] values;

        private OneArray(int[] values) {
            this.values = values;
        }

        @Override
        public int get(long i) {
            return values[(int) i];
        }

        @Override
        public void set(long i, int value) {
            values[(int) i] = value;
        }

        @Override
        public void fill(int value) {
            Arrays.fill(values, value);
        }
    }
}
