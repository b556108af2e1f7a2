package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * {@link RunMergeSort} against a brute-force stable sort (positions ordered by key, then by
 * position) on random keys made of long ascending runs with keys out of place before, between and
 * inside them, equal keys within and across runs, and signed keys; and keys it must decline
 * (too many runs or outliers, no long run) left untouched.
 */
class RunMergeSortTest {
    private static final int CASES = 400;

    @Test
    void mergesMostlySortedKeysAsAStableSort() {
        int merged = 0;
        for (long seed = 1; seed <= CASES; seed++) {
            Random rnd = new Random(seed);
            long[] keys = mostlySorted(rnd);
            long[] original = keys.clone();
            int[] perm = RunMergeSort.sort(keys);
            if (perm == null) {
                assertThat(keys).as("seed %d: declined keys untouched", seed).isEqualTo(original);
                continue;
            }
            merged++;
            int[] expected = stableOrder(original);
            assertThat(perm).as("seed %d: permutation", seed).isEqualTo(expected);
            for (int i = 0; i < keys.length; i++) {
                assertThat(keys[i]).as("seed %d: key %d", seed, i).isEqualTo(original[expected[i]]);
            }
        }
        assertThat(merged).as("cases merged").isGreaterThan(CASES / 2);
    }

    /** The one-run case, merged inside the keys: outliers before and after the run, equal to its keys too. */
    @Test
    void mergesOneRunWithOutliersOnBothSides() {
        for (long seed = 1; seed <= 200; seed++) {
            Random rnd = new Random(seed);
            long[] run = rnd.longs(RunMergeSort.LONG_RUN + rnd.nextInt(5_000), -512, 512).map(k -> k * 8).toArray();
            Arrays.sort(run);
            long[] before = rnd.longs(rnd.nextInt(250), -600, 600).map(k -> k * 8).toArray();
            long[] after = rnd.longs(rnd.nextInt(300), -600, 600).map(k -> k * 8).toArray();
            Arrays.sort(after);
            after = Arrays.copyOf(after, Math.min(after.length, 1)); // after the run: at most one key, or it would be a run of its own
            if (after.length == 1 && after[0] >= run[run.length - 1]) {
                after[0] = run[run.length - 1] - 8;
            }
            long[] keys = concat(concat(before, run), after);
            long[] original = keys.clone();
            int[] perm = RunMergeSort.sort(keys);
            assertThat(perm).as("seed %d: merged", seed).isNotNull();
            int[] expected = stableOrder(original);
            assertThat(perm).as("seed %d: permutation", seed).isEqualTo(expected);
            for (int i = 0; i < keys.length; i++) {
                assertThat(keys[i]).as("seed %d: key %d", seed, i).isEqualTo(original[expected[i]]);
            }
        }
    }

    @Test
    void declinesKeysThatAreNotMostlySorted() {
        Random rnd = new Random(7);
        long[] shuffled = rnd.longs(50_000, 0, 1 << 20).toArray();
        long[] manyRuns = new long[(RunMergeSort.MAX_RUNS + 1) * RunMergeSort.LONG_RUN];
        for (int i = 0; i < manyRuns.length; i++) {
            manyRuns[i] = i % RunMergeSort.LONG_RUN; // MAX_RUNS + 1 long runs
        }
        long[] shortRuns = new long[RunMergeSort.LONG_RUN - 1];
        Arrays.setAll(shortRuns, i -> shortRuns.length - i);
        for (long[] keys : new long[][] {shuffled, manyRuns, shortRuns}) {
            long[] original = keys.clone();
            assertThat(RunMergeSort.sort(keys)).isNull();
            assertThat(keys).isEqualTo(original);
        }
    }

    /** One to MAX_RUNS + 1 long ascending runs, with up to a twentieth of the keys out of place. */
    private static long[] mostlySorted(Random rnd) {
        int runs = 1 + rnd.nextInt(RunMergeSort.MAX_RUNS + 1);
        long base = rnd.nextBoolean() ? -(1L << 40) : 0x8000_0000L; // signed order across zero too
        long span = rnd.nextBoolean() ? 64 : 1L << 30; // small spans repeat keys within and across runs
        long[] keys = new long[0];
        for (int r = 0; r < runs; r++) {
            int length = RunMergeSort.LONG_RUN + rnd.nextInt(3 * RunMergeSort.LONG_RUN);
            long[] run = new long[length];
            for (int i = 0; i < length; i++) {
                run[i] = base + (long) (rnd.nextDouble() * span) * 8;
            }
            Arrays.sort(run);
            keys = concat(keys, run);
        }
        int outliers = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(keys.length / 20);
        int inside = rnd.nextInt(3); // a key inside a run cuts it in two
        for (int k = 0; k < outliers; k++) {
            // mostly a prefix, as HPROF's class objects, else between runs or anywhere
            int at = k < inside ? rnd.nextInt(keys.length + 1) : rnd.nextInt(4) > 0 ? 0 : boundary(rnd, keys);
            long key = rnd.nextInt(8) == 0 ? keys[rnd.nextInt(keys.length)] : base + (long) (rnd.nextDouble() * span) * 8;
            long[] grown = new long[keys.length + 1];
            System.arraycopy(keys, 0, grown, 0, at);
            grown[at] = key;
            System.arraycopy(keys, at, grown, at + 1, keys.length - at);
            keys = grown;
        }
        return keys;
    }

    /** A position where one ascending run ends and another begins, or the end. */
    private static int boundary(Random rnd, long[] keys) {
        int start = rnd.nextInt(keys.length);
        for (int i = start + 1; i < keys.length; i++) {
            if (keys[i] < keys[i - 1]) {
                return i;
            }
        }
        return keys.length;
    }

    private static long[] concat(long[] a, long[] b) {
        long[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /** Positions ordered by key, equal keys by position. */
    private static int[] stableOrder(long[] keys) {
        return IntStream.range(0, keys.length).boxed()
                .sorted(Comparator.<Integer>comparingLong(i -> keys[i]).thenComparingInt(i -> i))
                .mapToInt(Integer::intValue).toArray();
    }
}
