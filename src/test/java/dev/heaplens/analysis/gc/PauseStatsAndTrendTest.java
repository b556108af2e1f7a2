package dev.heaplens.analysis.gc;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Percentiles against a brute-force nearest rank; the heap trend on hand-built series with known answers. */
class PauseStatsAndTrendTest {
    @Test
    void percentilesEqualTheNearestRankOfTheSortedDurations() {
        for (long seed = 1; seed <= 200; seed++) {
            Random r = new Random(seed);
            int n = 1 + r.nextInt(3000);
            long[] d = new long[n];
            for (int i = 0; i < n; i++) {
                d[i] = (long) Math.abs(r.nextGaussian() * 5000) + r.nextInt(100);
            }
            long[] sorted = d.clone();
            Arrays.sort(sorted);
            PauseStats s = PauseStats.of(d.clone(), n, 10_000_000);
            for (double[] pv : new double[][] {{0.5, s.p50Micros()}, {0.9, s.p90Micros()}, {0.99, s.p99Micros()},
                    {0.999, s.p999Micros()}}) {
                // brute force: the smallest value with at least p·n values at or below it
                long expected = -1;
                for (long v : sorted) {
                    long atOrBelow = Arrays.stream(sorted).filter(x -> x <= v).count();
                    if (atOrBelow >= pv[0] * n - 1e-9) {
                        expected = v;
                        break;
                    }
                }
                assertThat((long) pv[1]).as("seed " + seed + " p" + pv[0]).isEqualTo(expected);
            }
            assertThat(s.maxMicros()).isEqualTo(sorted[n - 1]);
            assertThat(s.totalMicros()).isEqualTo(Arrays.stream(d).sum());
            assertThat(s.distribution().stream().mapToLong(PauseStats.Bucket::count).sum()).isEqualTo(n);
        }
    }

    @Test
    void aFloorRisingQuarterAfterQuarterIsALeakSignal() {
        int n = 40;
        long[] t = new long[n];
        long[] after = new long[n];
        long[] sawtoothRising = new long[n];
        for (int i = 0; i < n; i++) {
            t[i] = i * 1_000_000L;
            after[i] = 100 + (i % 5) * 10;                 // a flat sawtooth: no leak
            sawtoothRising[i] = 100 + i * 5 + (i % 5) * 10; // the same, on a rising floor
        }
        HeapTrend flat = HeapTrend.of(t, after, after, n);
        assertThat(flat.risingFloor()).isFalse();
        assertThat(flat.floors()).containsExactly(100, 100, 100, 100);
        HeapTrend rising = HeapTrend.of(t, sawtoothRising, sawtoothRising, n);
        assertThat(rising.risingFloor()).isTrue();
        assertThat(rising.floors()).containsExactly(100, 150, 200, 250);
        // least squares by the textbook sums: (nΣxy − ΣxΣy) / (nΣx² − (Σx)²), x in seconds
        double sx = 0, sy = 0, sxy = 0, sxx = 0;
        for (int i = 0; i < n; i++) {
            sx += i;
            sy += sawtoothRising[i];
            sxy += (double) i * sawtoothRising[i];
            sxx += (double) i * i;
        }
        double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
        assertThat(rising.slopeBytesPerSecond()).isEqualTo(slope, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(rising.peakAfterBytes()).isEqualTo(100 + 39 * 5 + 40);
    }

    /** A wall-clock time stamp can step back (the clock was set): the quarters span the times' range (this once threw). */
    @Test
    void timesThatStepBackFallIntoTheQuartersOfTheirRange() {
        long[] t = {2_000_000, 0, 1_000_000, 3_000_000, 4_000_000};
        long[] after = {300, 100, 200, 400, 500};
        HeapTrend trend = HeapTrend.of(t, after, after, t.length);
        // range 0..4 s, quarters of 1 s: 0 -> q0, 1 -> q1, 2 -> q2, 3 and 4 -> q3
        assertThat(trend.floors()).containsExactly(100, 200, 300, 400);
        assertThat(trend.firstAfterBytes()).isEqualTo(300);
    }
}
