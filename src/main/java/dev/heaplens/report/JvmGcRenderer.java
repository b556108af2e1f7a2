package dev.heaplens.report;

import dev.heaplens.analysis.gc.AllocationSeries;
import dev.heaplens.analysis.gc.Finding;
import dev.heaplens.analysis.gc.JvmGcReport;
import dev.heaplens.analysis.gc.PauseStats;
import dev.heaplens.analysis.gc.PauseTimeline;
import dev.heaplens.gc.GcEventType;
import dev.heaplens.gc.GcLog;

import java.util.List;

/** Writes a {@link JvmGcReport} as text tables, Markdown or JSON (schema: docs/gc-json.md). Computes nothing. */
public final class JvmGcRenderer {
    private JvmGcRenderer() {
    }

    public static String render(JvmGcReport r, OutputFormat format) {
        StringBuilder out = new StringBuilder();
        if (format == OutputFormat.JSON) {
            json(r, new JsonWriter(out));
            out.append('\n');
            return out.toString();
        }
        boolean md = format == OutputFormat.MARKDOWN;
        GcLog log = r.log();
        heading(out, md, "GC log: " + String.join(", ", log.sources()));
        out.append("JVM, collector ").append(log.collector());
        if (log.version() != null) {
            out.append(", JDK ").append(log.version());
        }
        out.append("; ").append(Sizes.plural(log.lines(), "line")).append(", span ")
                .append(GcUnits.duration(r.spanMicros())).append(log.uptimeClock() ? " (JVM uptime)" : " (wall clock)").append('\n');
        if (r.mostlyUnread()) {
            long all = log.unreadEvents() + log.events().size();
            out.append(md ? "**" : "").append("Not understood: ").append(Sizes.count(log.unreadEvents())).append(" of ")
                    .append(Sizes.count(all)).append(" GC lines (").append(Sizes.percent(log.unreadEvents(), all))
                    .append("); the figures below leave them out (the first is in the warnings)").append(md ? "**" : "")
                    .append('\n');
        }
        StringBuilder kinds = new StringBuilder();
        for (GcEventType t : GcEventType.values()) {
            if (r.count(t) > 0) {
                kinds.append(kinds.length() == 0 ? "" : ", ").append(Sizes.count(r.count(t))).append(' ')
                        .append(t.label());
            }
        }
        out.append("Events: ").append(kinds.length() == 0 ? "none" : kinds).append('\n');

        heading(out, md, "Collectors (as their GarbageCollectorMXBean counts them)");
        Table collectors = new Table(List.of("collector", "count", "time"), false, true, true);
        for (JvmGcReport.CollectorCount c : r.collectors()) {
            collectors.row(c.name(), Sizes.count(c.count()), GcUnits.duration(c.timeMicros()));
        }
        write(out, md, collectors);

        PauseStats p = r.pauses();
        heading(out, md, "Pauses");
        Table pauses = new Table(List.of("count", "total", "mean", "p50", "p90", "p99", "p99.9", "max", "throughput"),
                true, true, true, true, true, true, true, true, true);
        pauses.row(Sizes.count(p.count()), GcUnits.duration(p.totalMicros()), GcUnits.duration(p.meanMicros()),
                GcUnits.duration(p.p50Micros()), GcUnits.duration(p.p90Micros()), GcUnits.duration(p.p99Micros()),
                GcUnits.duration(p.p999Micros()), GcUnits.duration(p.maxMicros()), GcUnits.share(p.throughput()));
        write(out, md, pauses);
        if (p.count() > 0) {
            heading(out, md, "Pause distribution");
            Table dist = new Table(List.of("pause", "count", "share"), false, true, true);
            for (PauseStats.Bucket b : p.distribution()) {
                if (b.count() == 0) {
                    continue;
                }
                String range = b.toMicros() == Long.MAX_VALUE ? "≥ " + GcUnits.duration(b.fromMicros())
                        : GcUnits.duration(b.fromMicros()) + " – " + GcUnits.duration(b.toMicros());
                dist.row(range, Sizes.count(b.count()), Sizes.percent(b.count(), p.count()));
            }
            write(out, md, dist);
            heading(out, md, "Longest pauses");
            Table longest = new Table(List.of("at", "pause", "kind", "cause", "GC"), true, true, false, false, true);
            for (JvmGcReport.Pause x : r.longest()) {
                longest.row(GcUnits.time(x.timeMicros(), log.uptimeClock()), GcUnits.duration(x.durationMicros()),
                        x.type().label(), x.cause() == null ? "" : x.cause(), x.gcId() < 0 ? "" : "GC(" + x.gcId() + ")");
            }
            write(out, md, longest);
        }

        heading(out, md, "Rates");
        JvmGcReport.Rates rates = r.rates();
        Table rateTable = new Table(List.of("rate", "value"), false, true);
        rateTable.row("allocation", GcUnits.rate(rates.allocationBytesPerSecond()));
        rateTable.row("promotion", GcUnits.rate(rates.promotionBytesPerSecond()));
        rateTable.row("GCs per minute", GcUnits.decimal(rates.gcPerMinute()));
        rateTable.row("time between young GCs", GcUnits.duration(rates.youngIntervalMicros()));
        write(out, md, rateTable);

        heading(out, md, "Heap after GC");
        Table heap = new Table(List.of("figure", "value"), false, true);
        heap.row("GCs with heap sizes", Sizes.count(r.heap().points()));
        heap.row("peak before GC", GcUnits.bytes(r.heap().peakBeforeBytes()));
        heap.row("peak after GC", GcUnits.bytes(r.heap().peakAfterBytes()));
        heap.row("first / last after GC", GcUnits.bytes(r.heap().firstAfterBytes()) + " / " + GcUnits.bytes(r.heap().lastAfterBytes()));
        double slope = r.heap().slopeBytesPerSecond();
        heap.row("trend (slope)", (slope < 0 ? "-" : "+") + GcUnits.rate(Math.abs(slope)));
        StringBuilder floors = new StringBuilder();
        for (long f : r.heap().floors()) {
            floors.append(floors.length() == 0 ? "" : ", ").append(GcUnits.bytes(f));
        }
        heap.row("floor by quarter", floors.toString());
        heap.row("floor rising", r.heap().risingFloor() ? "yes" : "no");
        heap.row("metaspace (last)", GcUnits.bytes(r.metaspaceBytes()));
        heap.row("humongous (peak)", GcUnits.bytes(r.humongousPeakBytes()));
        write(out, md, heap);

        if (!r.causes().isEmpty()) {
            heading(out, md, "Causes");
            Table causes = new Table(List.of("kind", "cause", "count", "total", "max"), false, false, true, true, true);
            for (JvmGcReport.CauseRow c : r.causes()) {
                causes.row(c.kind(), c.cause(), Sizes.count(c.count()), GcUnits.duration(c.totalMicros()),
                        GcUnits.duration(c.maxMicros()));
            }
            write(out, md, causes);
        }
        if (r.stalls().count() > 0) {
            out.append("Allocation stalls: ").append(Sizes.count(r.stalls().count())).append(", ")
                    .append(GcUnits.duration(r.stalls().totalMicros())).append(" in all, longest ")
                    .append(GcUnits.duration(r.stalls().maxMicros())).append('\n');
        }
        FindingsText.write(out, md, r.findings());
        return out.toString();
    }

    static void heading(StringBuilder out, boolean md, String title) {
        if (out.length() > 0) {
            out.append('\n');
        }
        out.append(md ? "## " : "").append(title).append('\n');
        if (md) {
            out.append('\n');
        }
    }

    static void write(StringBuilder out, boolean md, Table t) {
        if (md) {
            t.writeMarkdown(out);
        } else {
            t.writeAligned(out);
        }
    }

    private static void json(JvmGcReport r, JsonWriter j) {
        GcLog log = r.log();
        j.beginObject().field("runtime", "jvm").field("collector", log.collector()).field("version", log.version());
        j.name("sources").beginArray();
        log.sources().forEach(j::value);
        j.endArray();
        j.field("lines", log.lines()).field("unread_events", log.unreadEvents()).field("time_base", log.uptimeClock() ? "uptime" : "wall").field("span_ms", GcUnits.ms(r.spanMicros()));
        j.name("collectors").beginObject();
        for (JvmGcReport.CollectorCount c : r.collectors()) {
            j.name(c.name()).beginObject().field("count", c.count()).field("time_ms", GcUnits.ms(c.timeMicros())).endObject();
        }
        j.endObject();
        j.name("events").beginObject();
        for (GcEventType t : GcEventType.values()) {
            j.field(t.label(), r.count(t));
        }
        j.endObject();
        PauseStats p = r.pauses();
        j.name("pauses").beginObject().field("count", p.count()).field("total_ms", GcUnits.ms(p.totalMicros()))
                .field("mean_ms", GcUnits.ms(p.meanMicros())).field("p50_ms", GcUnits.ms(p.p50Micros()))
                .field("p90_ms", GcUnits.ms(p.p90Micros())).field("p99_ms", GcUnits.ms(p.p99Micros()))
                .field("p999_ms", GcUnits.ms(p.p999Micros())).field("max_ms", GcUnits.ms(p.maxMicros()))
                .field("throughput", p.throughput(), 6);
        j.name("distribution").beginArray();
        for (PauseStats.Bucket b : p.distribution()) {
            j.beginObject().field("from_ms", GcUnits.ms(b.fromMicros()));
            if (b.toMicros() == Long.MAX_VALUE) {
                j.name("to_ms").value((String) null);
            } else {
                j.field("to_ms", GcUnits.ms(b.toMicros()));
            }
            j.field("count", b.count()).endObject();
        }
        j.endArray();
        j.name("longest").beginArray();
        for (JvmGcReport.Pause x : r.longest()) {
            j.beginObject().field("time_s", x.timeMicros() / 1e6).field("duration_ms", GcUnits.ms(x.durationMicros()))
                    .field("kind", x.type().label()).field("cause", x.cause()).field("gc_id", x.gcId()).endObject();
        }
        j.endArray().endObject();
        JvmGcReport.Rates rates = r.rates();
        j.name("rates").beginObject().field("allocation_bytes_per_second", Math.round(rates.allocationBytesPerSecond()))
                .field("promotion_bytes_per_second", Math.round(rates.promotionBytesPerSecond()))
                .field("gc_per_minute", rates.gcPerMinute())
                .field("young_interval_ms", rates.youngIntervalMicros() < 0 ? -1 : GcUnits.ms(rates.youngIntervalMicros()))
                .endObject();
        j.name("heap").beginObject().field("points", r.heap().points()).field("peak_before_bytes", r.heap().peakBeforeBytes())
                .field("peak_after_bytes", r.heap().peakAfterBytes()).field("first_after_bytes", r.heap().firstAfterBytes())
                .field("last_after_bytes", r.heap().lastAfterBytes())
                .field("slope_bytes_per_second", Math.round(r.heap().slopeBytesPerSecond()));
        j.name("floors_bytes").beginArray();
        for (long f : r.heap().floors()) {
            j.value(f);
        }
        j.endArray().field("rising_floor", r.heap().risingFloor()).field("metaspace_bytes", r.metaspaceBytes())
                .field("humongous_peak_bytes", r.humongousPeakBytes()).endObject();
        j.name("causes").beginArray();
        for (JvmGcReport.CauseRow c : r.causes()) {
            j.beginObject().field("kind", c.kind()).field("cause", c.cause()).field("count", c.count())
                    .field("total_ms", GcUnits.ms(c.totalMicros())).field("max_ms", GcUnits.ms(c.maxMicros())).endObject();
        }
        j.endArray();
        j.name("stalls").beginObject().field("count", r.stalls().count()).field("total_ms", GcUnits.ms(r.stalls().totalMicros()))
                .field("max_ms", GcUnits.ms(r.stalls().maxMicros())).endObject();
        FindingsText.json(j, r.findings());
        j.name("series").beginObject().name("heap").beginArray();
        for (JvmGcReport.HeapPoint h : r.heapSeries()) {
            j.beginArray().value(h.timeMicros() / 1e6).value(h.beforeBytes()).value(h.afterBytes()).endArray();
        }
        j.endArray();
        // [from_s, to_s, bytes_per_second]: allocation over time, its time-weighted mean the allocation rate
        j.name("allocation").beginArray();
        for (AllocationSeries.Bucket b : r.allocation().buckets()) {
            j.beginArray().value(b.fromMicros() / 1e6, 6).value(b.toMicros() / 1e6, 6).value(Math.round(b.bytesPerSecond()))
                    .endArray();
        }
        j.endArray();
        // [start_s, pauses, total_ms, max_ms, allocated_bytes or null] per slice of slice_s seconds
        j.field("slice_s", r.timeline().widthMicros() / 1e6).name("timeline").beginArray();
        for (PauseTimeline.Slice s : r.timeline().slices()) {
            j.beginArray().value(s.startMicros() / 1e6).value(s.pauses()).value(GcUnits.ms(s.totalMicros()))
                    .value(GcUnits.ms(s.maxMicros()));
            if (s.allocatedBytes() < 0) {
                j.value((String) null);
            } else {
                j.value(s.allocatedBytes());
            }
            j.endArray();
        }
        j.endArray().endObject();
        j.name("warnings").beginArray();
        log.warnings().forEach(j::value);
        j.endArray().endObject();
    }
}
