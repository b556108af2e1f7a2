package dev.heaplens.analysis.gc;

import dev.heaplens.gc.GcEventType;
import dev.heaplens.gc.GcLog;

import java.util.List;

/**
 * What a JVM GC log says, computed once; renderers only format it. Times in microseconds, sizes
 * in bytes, -1 where the log does not give the figure.
 *
 * @param collectors  per GarbageCollectorMXBean name: the collections that bean counts and their logged time
 * @param eventCounts how many events of each {@link GcEventType} (indexed by ordinal)
 * @param longest     the longest pauses, longest first
 * @param causes      young/mixed/full pauses and cycles by cause, most time first
 * @param heapSeries  after-GC heap over time, at most {@link GcAnalysis#SERIES_POINTS} points (every k-th event)
 * @param timeline    pauses and allocation in equal slices of time
 * @param allocation  allocation rate over time, whose time-weighted mean is {@link Rates#allocationBytesPerSecond}
 */
public record JvmGcReport(GcLog log, long spanMicros, List<CollectorCount> collectors, long[] eventCounts,
                          PauseStats pauses, List<Pause> longest, Rates rates, HeapTrend heap, long metaspaceBytes,
                          long humongousPeakBytes, List<CauseRow> causes, Stalls stalls, List<Finding> findings,
                          List<HeapPoint> heapSeries, PauseTimeline timeline, AllocationSeries allocation)
        implements GcReport {

    public record CollectorCount(String name, long count, long timeMicros) {
    }

    public record Pause(long timeMicros, long durationMicros, GcEventType type, String cause, int gcId) {
    }

    /**
     * @param allocationBytesPerSecond heap growth between GCs (before of one minus after of the previous), per
     *                                 second from the first GC with heap sizes to the last (-1 with fewer than two)
     * @param promotionBytesPerSecond  old-generation growth in young pauses, per second (-1 if the log has no generation sizes)
     * @param gcPerMinute              young, mixed and full pauses and concurrent cycles per minute
     * @param youngIntervalMicros      mean time between young pauses (-1 with fewer than two)
     */
    public record Rates(double allocationBytesPerSecond, double promotionBytesPerSecond, double gcPerMinute,
                       long youngIntervalMicros) {
    }

    public record CauseRow(String kind, String cause, long count, long totalMicros, long maxMicros) {
    }

    public record Stalls(long count, long totalMicros, long maxMicros) {
    }

    public record HeapPoint(long timeMicros, long beforeBytes, long afterBytes) {
    }

    /** The share of GC-looking lines not understood from which the report's first lines say so. */
    public static final double UNREAD_SHARE_TOLD = 0.05;

    /** Whether so many GC-looking lines were not understood that the report must open with it. */
    public boolean mostlyUnread() {
        return log.unreadEvents() > 0 && log.unreadShare() >= UNREAD_SHARE_TOLD;
    }

    public long count(GcEventType type) {
        return eventCounts[type.ordinal()];
    }
}
