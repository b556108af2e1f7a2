package dev.heaplens.report;

import dev.heaplens.analysis.ToolOverhead;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.analysis.histogram.HistogramView;
import dev.heaplens.analysis.histogram.SortOrder;

import java.util.List;

/** Writes a histogram in any {@link OutputFormat}. Computes nothing. */
public final class HistogramRenderer {
    private HistogramRenderer() {
    }

    public static String render(HistogramView view, OutputFormat format, String dumpName) {
        StringBuilder out = new StringBuilder();
        switch (format) {
            case TABLE -> table(view, dumpName, out);
            case MARKDOWN -> markdown(view, out);
            case TSV -> delimited(List.of(view), out, '\t');
            case CSV -> delimited(List.of(view), out, ',');
            case JSON -> json(view, dumpName, out);
        }
        return out.toString();
    }

    /**
     * Histograms of several keys from one read: each key's output as {@link #render} writes it
     * alone ({@link KeyedOutput}); tsv and csv, one table whose first column names the key.
     */
    public static String render(List<HistogramView> views, OutputFormat format, String dumpName) {
        return KeyedOutput.render(views, format, v -> "Objects by " + v.histogram().by().label(),
                v -> render(v, format, dumpName), HistogramRenderer::delimited, "histograms");
    }

    /** The totals line that tsv and csv keep off stdout (so rows stay summable). */
    public static String totalsNote(HistogramView view) {
        Histogram h = view.histogram();
        return "total: " + h.totalCount() + (h.totalCount() == 1 ? " object, " : " objects, ") + h.totalBytes()
                + (h.totalBytes() == 1 ? " byte in " : " bytes in ") + h.groups().size()
                + (h.groups().size() == 1 ? " group (" : " groups (") + view.shown().size() + " shown)";
    }

    private static void table(HistogramView view, String dumpName, StringBuilder out) {
        Histogram h = view.histogram();
        Table table = new Table(List.of("count", "count%", "bytes", "bytes%", h.by().label()),
                true, true, true, true, false);
        for (Histogram.Group g : view.shown()) {
            table.row(Sizes.count(g.count()), Sizes.percent(g.count(), h.totalCount()),
                    Sizes.bytes(g.bytes()), Sizes.percent(g.bytes(), h.totalBytes()), ToolOverhead.label(g.key()));
        }
        if (view.hiddenGroups() > 0) {
            table.row(Sizes.count(view.hiddenCount()), Sizes.percent(view.hiddenCount(), h.totalCount()),
                    Sizes.bytes(view.hiddenBytes()), Sizes.percent(view.hiddenBytes(), h.totalBytes()),
                    "(" + Sizes.count(view.hiddenGroups()) + " more groups)");
        }
        table.row(Sizes.count(h.totalCount()), "100.0%", Sizes.bytes(h.totalBytes()), "100.0%",
                "TOTAL (" + Sizes.count(h.groups().size()) + " groups)");
        out.append("Objects by ").append(h.by().label()).append(" in ").append(TerminalText.escape(dumpName))
                .append(", by ").append(view.sort() == SortOrder.COUNT ? "count" : "bytes").append('\n');
        table.writeAligned(out);
    }

    private static void markdown(HistogramView view, StringBuilder out) {
        Histogram h = view.histogram();
        Table table = new Table(List.of("Count", "Bytes", capitalize(h.by().label())), true, true, false).codeColumn(2);
        for (Histogram.Group g : view.shown()) {
            table.row(Sizes.count(g.count()), Sizes.count(g.bytes()), ToolOverhead.label(g.key()));
        }
        if (view.hiddenGroups() > 0) {
            table.footer(Sizes.count(view.hiddenCount()), Sizes.count(view.hiddenBytes()),
                    "(" + Sizes.count(view.hiddenGroups()) + " more groups)");
        }
        table.footer("**" + Sizes.count(h.totalCount()) + "**", "**" + Sizes.count(h.totalBytes()) + "**",
                "**Total** (" + Sizes.count(h.groups().size()) + " groups)");
        table.writeMarkdown(out);
    }

    /** One key: count, bytes and the key's own column; several: a first column, key, and the group's text. */
    private static void delimited(List<HistogramView> views, StringBuilder out, char separator) {
        boolean keyed = views.size() > 1;
        Table table = keyed ? new Table(List.of("key", "count", "bytes", "group"), false, true, true, false)
                : new Table(List.of("count", "bytes", views.get(0).histogram().by().label()), true, true, false);
        for (HistogramView view : views) {
            String key = view.histogram().by().label();
            for (Histogram.Group g : view.shown()) {
                String count = Long.toString(g.count()), bytes = Long.toString(g.bytes());
                if (keyed) {
                    table.row(key, count, bytes, g.key());
                } else {
                    table.row(count, bytes, g.key());
                }
            }
        }
        table.writeDelimited(out, separator);
    }

    private static void json(HistogramView view, String dumpName, StringBuilder out) {
        Histogram h = view.histogram();
        JsonWriter json = new JsonWriter(out);
        json.beginObject()
                .field("dump", dumpName)
                .field("by", h.by().label())
                .field("sort", view.sort() == SortOrder.COUNT ? "count" : "bytes");
        json.name("total").beginObject()
                .field("count", h.totalCount()).field("bytes", h.totalBytes()).field("groups", h.groups().size())
                .endObject();
        json.name("other").beginObject()
                .field("count", view.hiddenCount()).field("bytes", view.hiddenBytes()).field("groups", view.hiddenGroups())
                .endObject();
        json.name("groups").beginArray();
        for (Histogram.Group g : view.shown()) {
            json.beginObject().field("key", g.key()).field("count", g.count()).field("bytes", g.bytes()).endObject();
        }
        json.endArray().endObject();
        out.append('\n');
    }

    private static String capitalize(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
