package dev.heaplens.analysis.gc;

import java.util.Arrays;
import java.util.List;

/**
 * Pause durations summarised: exact nearest-rank percentiles (the value at rank ceil(p·n) of the
 * sorted durations), a distribution over fixed bounds, and the share of wall time outside pauses.
 * All times in microseconds.
 */
public record PauseStats(long count, long totalMicros, long meanMicros, long p50Micros, long p90Micros, long p99Micros,
                         long p999Micros, long maxMicros, List<Bucket> distribution, double throughput) {
    /** Upper bounds (exclusive) of the distribution's buckets, in microseconds; the last is open. */
    static final long[] BOUNDS = {1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000,
            Long.MAX_VALUE};

    /** Pauses in [fromMicros, toMicros); {@code toMicros} is Long.MAX_VALUE for the last bucket. */
    public record Bucket(long fromMicros, long toMicros, long count) {
    }

    /** @param durations pause durations (sorted in place); spanMicros the wall time they fall in (0 if unknown) */
    static PauseStats of(long[] durations, int n, long spanMicros) {
        Arrays.sort(durations, 0, n);
        long total = 0;
        for (int i = 0; i < n; i++) {
            total += durations[i];
        }
        Bucket[] buckets = new Bucket[BOUNDS.length];
        int i = 0;
        long from = 0;
        for (int b = 0; b < BOUNDS.length; b++) {
            int start = i;
            while (i < n && durations[i] < BOUNDS[b]) {
                i++;
            }
            buckets[b] = new Bucket(from, BOUNDS[b], i - start);
            from = BOUNDS[b];
        }
        double throughput = spanMicros > 0 ? Math.max(0, 1.0 - (double) total / spanMicros) : Double.NaN;
        return new PauseStats(n, total, n == 0 ? 0 : total / n, rank(durations, n, 0.50), rank(durations, n, 0.90),
                rank(durations, n, 0.99), rank(durations, n, 0.999), n == 0 ? 0 : durations[n - 1], List.of(buckets),
                throughput);
    }

    static long rank(long[] sorted, int n, double p) {
        if (n == 0) {
            return 0;
        }
        int r = (int) Math.ceil(p * n);
        return sorted[Math.max(0, Math.min(n, r) - 1)];
    }
}
