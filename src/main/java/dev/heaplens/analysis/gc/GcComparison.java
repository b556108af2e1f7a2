package dev.heaplens.analysis.gc;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Two runs' figures side by side (before and after a change), with the relative change of each. */
public record GcComparison(List<Row> rows) {
    /** How a figure is written. */
    public enum Unit { COUNT, MICROS, BYTES, BYTES_PER_SECOND, PER_MINUTE, SHARE, PER_SECOND }

    /** One figure; a or b is NaN when that run lacks it; change is (b - a) / a, NaN when undefined. */
    public record Row(String figure, Unit unit, double a, double b, double change) {
    }

    public static GcComparison of(JvmGcReport a, JvmGcReport b) {
        List<Row> rows = new ArrayList<>();
        Set<String> collectors = new LinkedHashSet<>();
        a.collectors().forEach(c -> collectors.add(c.name()));
        b.collectors().forEach(c -> collectors.add(c.name()));
        for (String name : collectors) {
            row(rows, name + " count", Unit.COUNT, count(a, name, false), count(b, name, false));
            row(rows, name + " time", Unit.MICROS, count(a, name, true), count(b, name, true));
        }
        row(rows, "pauses", Unit.COUNT, a.pauses().count(), b.pauses().count());
        row(rows, "pause total", Unit.MICROS, a.pauses().totalMicros(), b.pauses().totalMicros());
        row(rows, "pause p50", Unit.MICROS, a.pauses().p50Micros(), b.pauses().p50Micros());
        row(rows, "pause p90", Unit.MICROS, a.pauses().p90Micros(), b.pauses().p90Micros());
        row(rows, "pause p99", Unit.MICROS, a.pauses().p99Micros(), b.pauses().p99Micros());
        row(rows, "pause p99.9", Unit.MICROS, a.pauses().p999Micros(), b.pauses().p999Micros());
        row(rows, "pause max", Unit.MICROS, a.pauses().maxMicros(), b.pauses().maxMicros());
        row(rows, "throughput", Unit.SHARE, a.pauses().throughput(), b.pauses().throughput());
        row(rows, "allocation rate", Unit.BYTES_PER_SECOND, known(a.rates().allocationBytesPerSecond()),
                known(b.rates().allocationBytesPerSecond()));
        row(rows, "promotion rate", Unit.BYTES_PER_SECOND, known(a.rates().promotionBytesPerSecond()),
                known(b.rates().promotionBytesPerSecond()));
        row(rows, "GCs per minute", Unit.PER_MINUTE, known(a.rates().gcPerMinute()), known(b.rates().gcPerMinute()));
        row(rows, "peak heap after GC", Unit.BYTES, known(a.heap().peakAfterBytes()), known(b.heap().peakAfterBytes()));
        row(rows, "findings", Unit.COUNT, a.findings().size(), b.findings().size());
        return new GcComparison(rows);
    }

    public static GcComparison of(RubyGcReport a, RubyGcReport b) {
        List<Row> rows = new ArrayList<>();
        row(rows, "GCs", Unit.COUNT, known(a.gcCount()), known(b.gcCount()));
        row(rows, "minor GCs", Unit.COUNT, known(a.minorGcCount()), known(b.minorGcCount()));
        row(rows, "major GCs", Unit.COUNT, known(a.majorGcCount()), known(b.majorGcCount()));
        row(rows, "GC time", Unit.MICROS, a.gcTimeMillis() < 0 ? Double.NaN : a.gcTimeMillis() * 1000.0,
                b.gcTimeMillis() < 0 ? Double.NaN : b.gcTimeMillis() * 1000.0);
        row(rows, "objects allocated per second", Unit.PER_SECOND, known(a.allocatedObjectsPerSecond()),
                known(b.allocatedObjectsPerSecond()));
        row(rows, "GCs per minute", Unit.PER_MINUTE, known(a.gcPerMinute()), known(b.gcPerMinute()));
        for (String k : List.of("heap_live_slots", "heap_available_slots", "old_objects")) {
            row(rows, k + " (peak)", Unit.COUNT, known(a.peaks().getOrDefault(k, -1L)), known(b.peaks().getOrDefault(k, -1L)));
        }
        row(rows, "findings", Unit.COUNT, a.findings().size(), b.findings().size());
        return new GcComparison(rows);
    }

    private static double count(JvmGcReport r, String name, boolean time) {
        for (JvmGcReport.CollectorCount c : r.collectors()) {
            if (c.name().equals(name)) {
                return time ? c.timeMicros() : c.count();
            }
        }
        return 0;
    }

    private static double known(double v) {
        return v < 0 ? Double.NaN : v;
    }

    private static void row(List<Row> rows, String figure, Unit unit, double a, double b) {
        double change = Double.isNaN(a) || Double.isNaN(b) || a == 0 ? Double.NaN : (b - a) / a;
        rows.add(new Row(figure, unit, a, b, change));
    }
}
