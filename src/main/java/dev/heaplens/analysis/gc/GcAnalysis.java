package dev.heaplens.analysis.gc;

import dev.heaplens.gc.GcEventDetails;
import dev.heaplens.gc.GcEventType;
import dev.heaplens.gc.GcEvents;
import dev.heaplens.gc.GcLog;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Computes a {@link JvmGcReport} from a JVM GC log: counts, pauses, rates, heap trend, causes, findings. */
public final class GcAnalysis {
    /** The most points a time series keeps (enough for a chart, bounded whatever the log). */
    public static final int SERIES_POINTS = 2000;
    /** How many of the longest pauses are listed. */
    public static final int LONGEST = 10;

    private GcAnalysis() {
    }

    public static JvmGcReport jvm(GcLog log) {
        GcEvents ev = log.events();
        int n = ev.size();
        long span = log.spanMicros();
        long[] counts = new long[GcEventType.values().length];
        Map<String, long[]> collectors = new LinkedHashMap<>();
        long[] pauseDurations = new long[n];
        int pauses = 0;
        long[] heapTimes = new long[n];
        long[] heapBefore = new long[n];
        long[] heapAfter = new long[n];
        int heapPoints = 0;
        Map<String, long[]> causes = new HashMap<>();
        long stallCount = 0;
        long stallTotal = 0;
        long stallMax = 0;
        long previousAfter = -1;
        long promoted = 0;
        boolean promotionKnown = false;
        long youngFirst = -1;
        long youngLast = -1;
        long youngCount = 0;
        long collections = 0;
        long metaspace = -1;
        long humongousPeak = -1;
        GcEventDetails details = log.details();
        PauseTimeline timeline = timeline(ev);
        for (int e = 0; e < n; e++) {
            GcEventType type = ev.type(e);
            counts[type.ordinal()]++;
            long duration = Math.max(0, ev.duration(e));
            String collector = ev.collectorName(ev.collector(e));
            if (collector != null) {
                long[] c = collectors.computeIfAbsent(collector, k -> new long[2]);
                c[0]++;
                c[1] += duration;
            }
            if (type.isPause()) {
                pauseDurations[pauses++] = duration;
                timeline.pause(ev.time(e), duration);
            }
            if (type == GcEventType.STALL) {
                stallCount++;
                stallTotal += duration;
                stallMax = Math.max(stallMax, duration);
                continue;
            }
            boolean collection = type == GcEventType.YOUNG || type == GcEventType.MIXED || type == GcEventType.FULL
                    || type == GcEventType.CYCLE && ev.cause(e) >= 0 && !isG1Cycle(ev.causeName(ev.cause(e)));
            if (collection) {
                collections++;
                String cause = ev.causeName(ev.cause(e));
                long[] c = causes.computeIfAbsent(type.label() + "\u0000" + (cause == null ? "(none)" : cause), k -> new long[3]);
                c[0]++;
                c[1] += duration;
                c[2] = Math.max(c[2], duration);
            }
            if (type == GcEventType.YOUNG || type == GcEventType.MIXED) {
                youngCount++;
                youngLast = ev.time(e);
                if (youngFirst < 0) {
                    youngFirst = ev.time(e);
                }
                long ob = details.oldBefore(e);
                long oa = details.oldAfter(e);
                if (ob >= 0 && oa >= 0) {
                    promotionKnown = true;
                    promoted += Math.max(0, oa - ob);
                }
            }
            if (details.metaspace(e) >= 0) {
                metaspace = details.metaspace(e);
            }
            humongousPeak = Math.max(humongousPeak, details.humongous(e));
            if (collection && ev.before(e) >= 0 && ev.after(e) >= 0) {
                if (previousAfter >= 0) {
                    long grown = Math.max(0, ev.before(e) - previousAfter);
                    timeline.allocated(ev.time(e), grown);
                }
                previousAfter = ev.after(e);
                heapTimes[heapPoints] = ev.time(e);
                heapBefore[heapPoints] = ev.before(e);
                heapAfter[heapPoints] = ev.after(e);
                heapPoints++;
            }
        }
        double seconds = span / 1e6;
        long[] sortedPauses = pauseDurations.clone();
        PauseStats pauseStats = PauseStats.of(sortedPauses, pauses, span);
        List<JvmGcReport.CollectorCount> collectorCounts = new ArrayList<>();
        collectors.forEach((name, c) -> collectorCounts.add(new JvmGcReport.CollectorCount(name, c[0], c[1])));
        AllocationSeries allocation = AllocationSeries.of(heapTimes, heapBefore, heapAfter, log.untimed() ? 0 : heapPoints,
                SERIES_POINTS); // no rate without time stamps
        JvmGcReport.Rates rates = new JvmGcReport.Rates(allocation.bytesPerSecond(),
                promotionKnown && seconds > 0 ? promoted / seconds : -1, seconds > 0 ? collections / (seconds / 60) : -1,
                youngCount > 1 ? (youngLast - youngFirst) / (youngCount - 1) : -1);
        HeapTrend trend = HeapTrend.of(heapTimes, heapAfter, heapBefore, heapPoints);
        List<JvmGcReport.CauseRow> causeRows = new ArrayList<>();
        causes.forEach((key, c) -> {
            int split = key.indexOf('\u0000');
            causeRows.add(new JvmGcReport.CauseRow(key.substring(0, split), key.substring(split + 1), c[0], c[1], c[2]));
        });
        causeRows.sort(Comparator.comparingLong(JvmGcReport.CauseRow::totalMicros).reversed()
                .thenComparing(JvmGcReport.CauseRow::kind).thenComparing(JvmGcReport.CauseRow::cause));
        JvmGcReport.Stalls stalls = new JvmGcReport.Stalls(stallCount, stallTotal, stallMax);
        JvmGcReport partial = new JvmGcReport(log, span, collectorCounts, counts, pauseStats, longest(ev),
                rates, trend, metaspace, humongousPeak, causeRows, stalls, List.of(),
                series(heapTimes, heapBefore, heapAfter, heapPoints), timeline, allocation);
        return new JvmGcReport(log, span, collectorCounts, counts, pauseStats, partial.longest(), rates, trend, metaspace,
                humongousPeak, causeRows, stalls, JvmRules.findings(partial), partial.heapSeries(), timeline, allocation);
    }

    /** Slices over the events' times (rotated files are put in time order, but a restart may not be). */
    private static PauseTimeline timeline(GcEvents ev) {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (int e = 0; e < ev.size(); e++) {
            first = Math.min(first, ev.time(e));
            last = Math.max(last, ev.time(e));
        }
        return ev.size() == 0 ? new PauseTimeline(0, 0) : new PauseTimeline(first, last);
    }

    private static boolean isG1Cycle(String cause) {
        return cause.startsWith("Concurrent ");
    }

    private static List<JvmGcReport.Pause> longest(GcEvents ev) {
        // a bounded selection: keep the LONGEST largest pauses seen so far
        List<Integer> top = new ArrayList<>();
        for (int e = 0; e < ev.size(); e++) {
            if (!ev.type(e).isPause()) {
                continue;
            }
            if (top.size() < LONGEST || ev.duration(e) > ev.duration(top.get(top.size() - 1))) {
                int i = top.size();
                while (i > 0 && ev.duration(top.get(i - 1)) < ev.duration(e)) {
                    i--;
                }
                top.add(i, e);
                if (top.size() > LONGEST) {
                    top.remove(top.size() - 1);
                }
            }
        }
        List<JvmGcReport.Pause> result = new ArrayList<>();
        for (int e : top) {
            result.add(new JvmGcReport.Pause(ev.time(e), ev.duration(e), ev.type(e), ev.causeName(ev.cause(e)), ev.gcId(e)));
        }
        return result;
    }

    private static List<JvmGcReport.HeapPoint> series(long[] t, long[] before, long[] after, int n) {
        int step = Math.max(1, (n + SERIES_POINTS - 1) / SERIES_POINTS);
        List<JvmGcReport.HeapPoint> points = new ArrayList<>();
        for (int i = 0; i < n; i += step) {
            points.add(new JvmGcReport.HeapPoint(t[i], before[i], after[i]));
        }
        return points;
    }
}
