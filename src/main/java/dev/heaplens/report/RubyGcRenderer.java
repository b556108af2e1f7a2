package dev.heaplens.report;

import dev.heaplens.analysis.gc.RubyGcReport;
import dev.heaplens.gc.GcLog;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Writes a {@link RubyGcReport} as text tables, Markdown or JSON (schema: docs/gc-json.md). Computes nothing. */
public final class RubyGcRenderer {
    private RubyGcRenderer() {
    }

    public static String render(RubyGcReport r, OutputFormat format) {
        StringBuilder out = new StringBuilder();
        if (format == OutputFormat.JSON) {
            json(r, new JsonWriter(out));
            return out.append('\n').toString();
        }
        boolean md = format == OutputFormat.MARKDOWN;
        GcLog log = r.log();
        JvmGcRenderer.heading(out, md, "GC.stat series: " + String.join(", ", log.sources()));
        out.append("Ruby ").append(log.version() == null ? "(version unknown)" : log.version()).append("; ")
                .append(Sizes.plural(r.snapshots(), "snapshot"))
                .append(r.spanMicros() > 0 ? ", span " + GcUnits.duration(r.spanMicros()) : r.snapshots() > 1 ? ", no times" : "")
                .append('\n');
        out.append(r.snapshots() > 1 ? "GCs over the span: " : "GCs so far: ").append(count(r.gcCount())).append(" (")
                .append(count(r.minorGcCount())).append(" minor, ").append(count(r.majorGcCount())).append(" major)");
        if (r.gcTimeMillis() >= 0) {
            out.append(", ").append(GcUnits.duration(r.gcTimeMillis() * 1000)).append(" in GC");
            if (r.spanMicros() > 0) {
                out.append(" (").append(GcUnits.share(r.gcTimeMillis() * 1000.0 / r.spanMicros())).append(" of the span)");
            }
        }
        out.append('\n');
        if (!r.majorBy().isEmpty() || !r.gcBy().isEmpty()) {
            JvmGcRenderer.heading(out, md, "Causes (latest_gc_info at each snapshot after a GC)");
            Table causes = new Table(List.of("GCs", "cause", "count"), false, false, true);
            r.gcBy().forEach((k, v) -> causes.row("gc_by", k, Sizes.count(v)));
            r.majorBy().forEach((k, v) -> causes.row("major_by", k, Sizes.count(v)));
            JvmGcRenderer.write(out, md, causes);
        }
        JvmGcRenderer.heading(out, md, "Rates");
        Table rates = new Table(List.of("rate", "value"), false, true);
        rates.row("objects allocated per second", r.allocatedObjectsPerSecond() < 0 ? "-" : Sizes.count(Math.round(r.allocatedObjectsPerSecond())));
        rates.row("old objects growth per second", r.oldObjectsGrowthPerSecond() == -1 ? "-"
                : String.format(Locale.ROOT, "%+,d", Math.round(r.oldObjectsGrowthPerSecond())));
        rates.row("GCs per minute", r.gcPerMinute() < 0 ? "-" : GcUnits.decimal(r.gcPerMinute()));
        JvmGcRenderer.write(out, md, rates);
        JvmGcRenderer.heading(out, md, "Heap (last snapshot, and peak)");
        Table heap = new Table(List.of("GC.stat key", "last", "peak"), false, true, true);
        for (Map.Entry<String, Long> e : r.heap().entrySet()) {
            boolean bytes = e.getKey().contains("malloc");
            heap.row(e.getKey(), bytes ? GcUnits.bytes(e.getValue()) : count(e.getValue()),
                    bytes ? GcUnits.bytes(r.peaks().get(e.getKey())) : count(r.peaks().get(e.getKey())));
        }
        JvmGcRenderer.write(out, md, heap);
        if (r.heap().containsKey("malloc_increase_bytes")) {
            out.append("malloc_increase_bytes reached ").append(GcUnits.share(r.mallocLimitShare()))
                .append(" of its limit at most; oldmalloc_increase_bytes ").append(GcUnits.share(r.oldmallocLimitShare()))
                    .append('\n');
        }
        if (r.oldObjects().points() > 0) {
            out.append("old_objects trend: ").append(String.format(Locale.ROOT, "%+,.1f", r.oldObjects().slopeBytesPerSecond()))
                    .append(" per second, floor rising: ").append(r.oldObjects().risingFloor() ? "yes" : "no").append('\n');
        }
        if (!r.unknown().isEmpty()) {
            out.append("Keys heaplens does not know (kept): ").append(String.join(", ", r.unknown())).append('\n');
        }
        FindingsText.write(out, md, r.findings());
        return out.toString();
    }

    private static String count(long n) {
        return n < 0 ? "-" : Sizes.count(n);
    }

    private static void json(RubyGcReport r, JsonWriter j) {
        GcLog log = r.log();
        j.beginObject().field("runtime", "ruby").field("version", log.version());
        j.name("sources").beginArray();
        log.sources().forEach(j::value);
        j.endArray().field("snapshots", r.snapshots()).field("span_ms", GcUnits.ms(r.spanMicros()))
                .field("gc_count", r.gcCount()).field("minor_gc_count", r.minorGcCount()).field("major_gc_count", r.majorGcCount())
                .field("gc_time_ms", r.gcTimeMillis());
        counts(j, "major_by", r.majorBy());
        counts(j, "gc_by", r.gcBy());
        j.name("rates").beginObject().field("allocated_objects_per_second", r.allocatedObjectsPerSecond())
                .field("old_objects_growth_per_second", r.oldObjectsGrowthPerSecond())
                .field("gc_per_minute", r.gcPerMinute()).endObject();
        counts(j, "heap", r.heap());
        counts(j, "heap_peak", r.peaks());
        j.field("malloc_limit_share", r.mallocLimitShare()).field("oldmalloc_limit_share", r.oldmallocLimitShare());
        j.name("old_objects_trend").beginObject().field("slope_per_second", r.oldObjects().slopeBytesPerSecond());
        j.name("floors").beginArray();
        for (long f : r.oldObjects().floors()) {
            j.value(f);
        }
        j.endArray().field("rising_floor", r.oldObjects().risingFloor()).endObject();
        FindingsText.json(j, r.findings());
        j.name("series").beginObject().name("heap").beginArray();
        for (long[] p : r.series()) {
            j.beginArray().value(p[0] / 1e6).value(p[1]).value(p[2]).endArray();
        }
        j.endArray().endObject();
        j.name("unknown_keys").beginArray();
        r.unknown().forEach(j::value);
        j.endArray().name("warnings").beginArray();
        log.warnings().forEach(j::value);
        j.endArray().endObject();
    }

    private static void counts(JsonWriter j, String name, Map<String, Long> m) {
        j.name(name).beginObject();
        m.forEach(j::field);
        j.endObject();
    }
}
