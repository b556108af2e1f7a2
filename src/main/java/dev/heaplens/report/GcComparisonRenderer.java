package dev.heaplens.report;

import dev.heaplens.analysis.gc.GcComparison;

import java.util.List;
import java.util.Locale;

/** Writes two runs side by side. Computes nothing. */
public final class GcComparisonRenderer {
    private GcComparisonRenderer() {
    }

    /** @param reportA, reportB the runs' own JSON reports (for --format json), or null */
    public static String render(GcComparison c, String nameA, String nameB, OutputFormat format, String reportA, String reportB) {
        StringBuilder out = new StringBuilder();
        if (format == OutputFormat.JSON) {
            out.append("{\"a\":").append(reportA.strip()).append(",\"b\":").append(reportB.strip()).append(",\"changes\":");
            JsonWriter j = new JsonWriter(out);
            j.beginArray();
            for (GcComparison.Row r : c.rows()) {
                j.beginObject().field("figure", r.figure()).field("unit", r.unit().name().toLowerCase(Locale.ROOT))
                        .field("a", r.a()).field("b", r.b()).field("change", r.change()).endObject();
            }
            j.endArray();
            return out.append("}\n").toString();
        }
        boolean md = format == OutputFormat.MARKDOWN;
        JvmGcRenderer.heading(out, md, "A: " + nameA + "\nB: " + nameB);
        if (md) {
            out.append('\n');
        }
        Table t = new Table(List.of("figure", "A", "B", "change"), false, true, true, true);
        for (GcComparison.Row r : c.rows()) {
            t.row(r.figure(), value(r.unit(), r.a()), value(r.unit(), r.b()), change(r.change()));
        }
        JvmGcRenderer.write(out, md, t);
        return out.toString();
    }

    private static String value(GcComparison.Unit unit, double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return switch (unit) {
            case COUNT -> Sizes.count(Math.round(v));
            case MICROS -> GcUnits.duration(Math.round(v));
            case BYTES -> Sizes.bytes(Math.round(v));
            case BYTES_PER_SECOND -> Sizes.bytes(Math.round(v)) + "/s";
            case PER_MINUTE, PER_SECOND -> GcUnits.decimal(v);
            case SHARE -> GcUnits.share(v);
        };
    }

    private static String change(double change) {
        return Double.isNaN(change) ? "" : String.format(Locale.ROOT, "%+.1f%%", change * 100);
    }
}
