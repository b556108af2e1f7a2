package dev.heaplens.analysis.gc;

import java.util.ArrayList;
import java.util.List;

/**
 * Allocation as bytes per second of wall time: between two collections with heap sizes, the heap
 * grew by what the program allocated (before of one minus after of the previous), over the time
 * between them. Consecutive intervals are merged into at most {@code maxBuckets} buckets of about
 * equal width, each with its own rate, so the chart's time-weighted mean is exactly the report's
 * allocation rate: all the bytes over the whole window.
 */
public final class AllocationSeries {
    /** One bucket: from and to in µs of the log's clock, the bytes allocated in it. */
    public record Bucket(long fromMicros, long toMicros, long bytes) {
        public double bytesPerSecond() {
            return bytes * 1e6 / (toMicros - fromMicros);
        }
    }

    private final List<Bucket> buckets;
    private final long totalBytes;
    private final long windowMicros;

    private AllocationSeries(List<Bucket> buckets, long totalBytes, long windowMicros) {
        this.buckets = buckets;
        this.totalBytes = totalBytes;
        this.windowMicros = windowMicros;
    }

    /** From the collections with heap sizes, in log order: their end times, heap before and after. */
    static AllocationSeries of(long[] times, long[] before, long[] after, int n, int maxBuckets) {
        List<Bucket> out = new ArrayList<>();
        long total = 0;
        if (n < 2) {
            return new AllocationSeries(out, 0, 0);
        }
        long window = Math.max(0, times[n - 1] - times[0]);
        long width = Math.max(1, window / maxBuckets);
        long from = times[0];
        long bytes = 0;
        for (int i = 1; i < n; i++) {
            long grown = Math.max(0, before[i] - after[i - 1]);
            bytes += grown;
            total += grown;
            long to = times[i];
            if (to - from >= width || i == n - 1) {
                if (to > from) {
                    out.add(new Bucket(from, to, bytes));
                } else if (!out.isEmpty()) { // a last interval of no length joins the one before
                    Bucket last = out.remove(out.size() - 1);
                    out.add(new Bucket(last.fromMicros(), last.toMicros(), last.bytes() + bytes));
                }
                from = Math.max(from, to);
                bytes = 0;
            }
        }
        return new AllocationSeries(out, total, window);
    }

    public List<Bucket> buckets() {
        return buckets;
    }

    /** Bytes per second over the window from the first collection with heap sizes to the last; -1 without one. */
    public double bytesPerSecond() {
        return windowMicros > 0 ? totalBytes * 1e6 / windowMicros : -1;
    }
}
