package dev.heaplens.analysis.gc;

import dev.heaplens.format.rubygc.RubyGcKeys;
import dev.heaplens.gc.GcLog;
import dev.heaplens.gc.GcSamples;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Computes a {@link RubyGcReport} from GC.stat snapshots. */
public final class RubyGcAnalysis {
    static final List<String> HEAP_KEYS = List.of("heap_live_slots", "heap_free_slots", "heap_available_slots",
            "heap_allocated_pages", "heap_eden_pages", "heap_tomb_pages", "old_objects", "old_objects_limit",
            "malloc_increase_bytes", "malloc_increase_bytes_limit", "oldmalloc_increase_bytes",
            "oldmalloc_increase_bytes_limit", "remembered_wb_unprotected_objects", "remembered_wb_unprotected_objects_limit");

    private RubyGcAnalysis() {
    }

    public static RubyGcReport of(GcLog log) {
        GcSamples s = log.samples();
        int n = s.size();
        int last = n - 1;
        boolean series = n > 1;
        long gc = delta(s, "count", series);
        long minor = delta(s, "minor_gc_count", series);
        long major = delta(s, "major_gc_count", series);
        long time = delta(s, "time", series);
        Map<String, Long> majorBy = new TreeMap<>();
        Map<String, Long> gcBy = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            boolean moved = i == 0 ? !series : s.get(i, "count") != s.get(i - 1, "count");
            if (!moved) {
                continue;
            }
            String m = s.text(i, "latest_gc_info.major_by");
            if (m != null && !m.equals("nil") && !m.isEmpty()) {
                majorBy.merge(m, 1L, Long::sum);
            }
            String g = s.text(i, "latest_gc_info.gc_by");
            if (g != null && !g.equals("nil") && !g.isEmpty()) {
                gcBy.merge(g, 1L, Long::sum);
            }
        }
        long span = s.timed() && series ? s.time(last) - s.time(0) : 0;
        double seconds = span / 1e6;
        Map<String, Long> heap = new LinkedHashMap<>();
        Map<String, Long> peaks = new LinkedHashMap<>();
        double mallocShare = 0;
        double oldmallocShare = 0;
        for (String k : HEAP_KEYS) {
            if (!s.has(k)) {
                continue;
            }
            heap.put(k, s.get(last, k));
            long peak = -1;
            for (int i = 0; i < n; i++) {
                peak = Math.max(peak, s.get(i, k));
            }
            peaks.put(k, peak);
        }
        for (int i = 0; i < n; i++) {
            mallocShare = Math.max(mallocShare, share(s.get(i, "malloc_increase_bytes"), s.get(i, "malloc_increase_bytes_limit")));
            oldmallocShare = Math.max(oldmallocShare, share(s.get(i, "oldmalloc_increase_bytes"),
                    s.get(i, "oldmalloc_increase_bytes_limit")));
        }
        long[] times = new long[n];
        long[] old = new long[n];
        int points = 0;
        List<long[]> chart = new ArrayList<>();
        int step = Math.max(1, (n + GcAnalysis.SERIES_POINTS - 1) / GcAnalysis.SERIES_POINTS);
        for (int i = 0; i < n; i++) {
            if (s.timed() && s.get(i, "old_objects") >= 0) {
                times[points] = s.time(i);
                old[points++] = s.get(i, "old_objects");
            }
            if (i % step == 0) {
                chart.add(new long[] {s.time(i), s.get(i, "heap_live_slots"), s.get(i, "old_objects")});
            }
        }
        HeapTrend trend = HeapTrend.of(times, old, old, points);
        List<String> unknown = new ArrayList<>();
        for (String k : s.keys()) {
            if (!k.startsWith("stat_heap.") && RubyGcKeys.get(k) == null) {
                unknown.add(k);
            }
        }
        double allocated = seconds > 0 ? delta(s, "total_allocated_objects", true) / seconds : -1;
        double oldGrowth = seconds > 0 && s.has("old_objects") ? (s.get(last, "old_objects") - s.get(0, "old_objects")) / seconds : -1;
        RubyGcReport partial = new RubyGcReport(log, n, span, gc, minor, major, time, majorBy, gcBy, allocated, oldGrowth,
                seconds > 0 ? gc / (seconds / 60) : -1, heap, peaks, mallocShare, oldmallocShare, trend, List.of(), chart, unknown);
        return new RubyGcReport(log, n, span, gc, minor, major, time, majorBy, gcBy, allocated, oldGrowth,
                partial.gcPerMinute(), heap, peaks, mallocShare, oldmallocShare, trend, RubyRules.findings(partial), chart, unknown);
    }

    /** Last minus first over a series, or the value itself for one snapshot; -1 when the key is missing. */
    private static long delta(GcSamples s, String key, boolean series) {
        if (!s.has(key)) {
            return -1;
        }
        long last = s.get(s.size() - 1, key);
        return series ? last - s.get(0, key) : last;
    }

    private static double share(long value, long limit) {
        return value >= 0 && limit > 0 ? (double) value / limit : 0;
    }
}
