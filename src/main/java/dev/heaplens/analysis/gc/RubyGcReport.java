package dev.heaplens.analysis.gc;

import dev.heaplens.gc.GcLog;

import java.util.List;
import java.util.Map;

/**
 * What a Ruby GC.stat series says. Counts are over the span (last snapshot minus first), or the
 * snapshot's own values when there is one. Causes come from latest_gc_info: one per snapshot
 * whose GC count moved since the previous one (every GC when the series has a line per GC, a
 * lower bound otherwise). -1 where the series lacks the key.
 *
 * @param heap    the last snapshot's heap figures, by GC.stat key
 * @param peaks   the largest value of each heap figure over the series
 * @param series  time (µs), heap_live_slots and old_objects per snapshot, at most {@link GcAnalysis#SERIES_POINTS}
 * @param unknown keys heaplens does not know (kept and shown)
 */
public record RubyGcReport(GcLog log, int snapshots, long spanMicros, long gcCount, long minorGcCount, long majorGcCount,
                           long gcTimeMillis, Map<String, Long> majorBy, Map<String, Long> gcBy, double allocatedObjectsPerSecond,
                           double oldObjectsGrowthPerSecond, double gcPerMinute, Map<String, Long> heap, Map<String, Long> peaks,
                           double mallocLimitShare, double oldmallocLimitShare, HeapTrend oldObjects, List<Finding> findings,
                           List<long[]> series, List<String> unknown) implements GcReport {
}
