package dev.heaplens.analysis.gc;

/**
 * The heap after GC over time: its least-squares slope, its peak, and its floor (the lowest
 * after-GC value) in four equal time windows. A floor that rises window after window, by at least
 * {@link #RISE_THRESHOLD} overall, is a leak signal: what survives every collection keeps growing.
 *
 * @param slopeBytesPerSecond the fitted slope of after-GC occupancy (0 with fewer than 2 points)
 * @param floors              the lowest after-GC value in each quarter of the span (-1 for an empty quarter)
 * @param risingFloor         every non-empty quarter's floor is above the previous one, and the last is
 *                            at least {@link #RISE_THRESHOLD} above the first
 */
public record HeapTrend(long points, double slopeBytesPerSecond, long peakBeforeBytes, long peakAfterBytes,
                        long firstAfterBytes, long lastAfterBytes, long[] floors, boolean risingFloor) {
    /** 20%: a floor rising by less is within what warm-up and caches explain. */
    public static final double RISE_THRESHOLD = 0.20;

    static HeapTrend of(long[] times, long[] after, long[] before, int n) {
        long peakBefore = -1;
        long peakAfter = -1;
        for (int i = 0; i < n; i++) {
            peakBefore = Math.max(peakBefore, before[i]);
            peakAfter = Math.max(peakAfter, after[i]);
        }
        if (n == 0) {
            return new HeapTrend(0, 0, -1, -1, -1, -1, new long[] {-1, -1, -1, -1}, false);
        }
        double meanT = 0;
        double meanY = 0;
        for (int i = 0; i < n; i++) {
            meanT += times[i] / 1e6;
            meanY += after[i];
        }
        meanT /= n;
        meanY /= n;
        double cov = 0;
        double var = 0;
        for (int i = 0; i < n; i++) {
            double dt = times[i] / 1e6 - meanT;
            cov += dt * (after[i] - meanY);
            var += dt * dt;
        }
        double slope = var > 0 ? cov / var : 0;
        long[] floors = {-1, -1, -1, -1};
        // Windows over the times' range, not first to last: a wall-clock time stamp can step back.
        long first = times[0];
        long last = times[0];
        for (int i = 1; i < n; i++) {
            first = Math.min(first, times[i]);
            last = Math.max(last, times[i]);
        }
        double span = (double) last - first; // in doubles: a hostile log's times may span more than a long
        for (int i = 0; i < n; i++) {
            int w = span <= 0 ? 0 : (int) Math.min(3, ((double) times[i] - first) * 4 / span);
            if (floors[w] < 0 || after[i] < floors[w]) {
                floors[w] = after[i];
            }
        }
        boolean rising = n >= 8;
        long previous = -1;
        long firstFloor = -1;
        long lastFloor = -1;
        int windows = 0;
        for (long f : floors) {
            if (f < 0) {
                continue;
            }
            windows++;
            if (previous >= 0 && f <= previous) {
                rising = false;
            }
            if (firstFloor < 0) {
                firstFloor = f;
            }
            lastFloor = f;
            previous = f;
        }
        rising &= windows >= 3 && lastFloor >= firstFloor * (1 + RISE_THRESHOLD);
        return new HeapTrend(n, slope, peakBefore, peakAfter, after[0], after[n - 1], floors, rising);
    }
}
