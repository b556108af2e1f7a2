package dev.heaplens.analysis.gc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Pauses and allocation over time, in at most {@link GcAnalysis#SERIES_POINTS} equal slices of
 * the log's time span. A slice keeps the count, total and longest of its pauses and the bytes
 * allocated in it, so a chart shows every spike however long the log (every k-th event would
 * miss them), and the slices add up to the log's totals.
 */
public final class PauseTimeline {
    /** One slice with something in it; times in microseconds, -1 allocation where the log gives no heap sizes. */
    public record Slice(long startMicros, long pauses, long totalMicros, long maxMicros, long allocatedBytes) {
    }

    private final long start;
    private final long width;
    private final long[] pauses;
    private final long[] total;
    private final long[] max;
    private final long[] allocated;

    /** Slices over {@code [first, last]} microseconds. */
    PauseTimeline(long first, long last) {
        long span = Math.max(1, last - first + 1);
        this.start = first;
        // at least a millisecond: finer slices chart nothing more, and their starts print as milliseconds
        this.width = Math.max(1000, (span + GcAnalysis.SERIES_POINTS - 1) / GcAnalysis.SERIES_POINTS);
        int n = (int) ((span + width - 1) / width);
        pauses = new long[n];
        total = new long[n];
        max = new long[n];
        allocated = new long[n];
        Arrays.fill(allocated, -1);
    }

    private int slice(long time) {
        return (int) Math.max(0, Math.min(pauses.length - 1, (time - start) / width));
    }

    void pause(long time, long durationMicros) {
        int s = slice(time);
        pauses[s]++;
        total[s] += durationMicros;
        max[s] = Math.max(max[s], durationMicros);
    }

    void allocated(long time, long bytes) {
        int s = slice(time);
        allocated[s] = Math.max(0, allocated[s]) + bytes;
    }

    /** The width of a slice, in microseconds. */
    public long widthMicros() {
        return width;
    }

    /** The slices with a pause or an allocation in them, in time order. */
    public List<Slice> slices() {
        List<Slice> result = new ArrayList<>();
        for (int s = 0; s < pauses.length; s++) {
            if (pauses[s] > 0 || allocated[s] >= 0) {
                result.add(new Slice(start + s * width, pauses[s], total[s], max[s], allocated[s]));
            }
        }
        return result;
    }
}
