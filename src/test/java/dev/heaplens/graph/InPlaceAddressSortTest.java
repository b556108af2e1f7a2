package dev.heaplens.graph;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The in-place sort against {@link AddressSort#sort} (the LSD radix sort and its runs, the oracle):
 * the same keys and the same permutation, on random keys with many equal ones, keys of both signs,
 * a narrow and a wide range, interleaved ascending streams (the generated big dumps' order), and
 * sizes around the insertion-sort cut.
 */
class InPlaceAddressSortTest {
    @Test
    void sortsAsTheRadixSortDoesWithTheSamePermutation() {
        for (long seed = 1; seed <= 300; seed++) {
            Random rnd = new Random(seed);
            int n = rnd.nextInt(4) == 0 ? rnd.nextInt(100) : rnd.nextInt(60_000);
            long[] keys = keys(rnd, n);
            long[] expected = keys.clone();
            int[] expectedPerm = AddressSort.sort(expected);
            int[] perm = InPlaceAddressSort.sort(keys);
            assertThat(keys).as("seed %d: keys", seed).isEqualTo(expected);
            assertThat(perm).as("seed %d: permutation", seed).isEqualTo(expectedPerm);
        }
    }

    /** Seeded keys of four shapes; {@link ExternalAddressSortTest} sorts them too. */
    static long[] keys(Random rnd, int n) {
        long[] keys = new long[n];
        switch (rnd.nextInt(4)) {
            case 0 -> { // few distinct values: long runs of equal keys
                for (int i = 0; i < n; i++) {
                    keys[i] = 0x6_0000_0000L + 8L * rnd.nextInt(5);
                }
            }
            case 1 -> { // both signs, wide
                for (int i = 0; i < n; i++) {
                    keys[i] = rnd.nextLong() & ~7L;
                }
            }
            case 2 -> { // three interleaved ascending streams, as a generated dump writes them
                long[] at = {0x6_0000_0000L, 0x7_0000_0000L, 0x6_8000_0000L};
                for (int i = 0; i < n; i++) {
                    int s = rnd.nextInt(3);
                    keys[i] = at[s];
                    at[s] += 8L * (1 + rnd.nextInt(40));
                }
            }
            default -> { // a narrow range with repeats, negative and positive
                for (int i = 0; i < n; i++) {
                    keys[i] = 8L * (rnd.nextInt(4_000) - 2_000);
                }
            }
        }
        return keys;
    }
}
