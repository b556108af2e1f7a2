package dev.heaplens.report;

import dev.heaplens.analysis.ToolOverhead;
import dev.heaplens.analysis.graph.ObjectRow;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.graph.RetainedByGroup;

import java.util.List;

/** Writes {@code top} and {@code retained} results in any {@link OutputFormat}. Computes nothing. */
public final class RetentionRenderer {
    private RetentionRenderer() {
    }

    public static String top(List<ObjectRow> rows, Reachability reach, OutputFormat format, String dumpName) {
        StringBuilder out = new StringBuilder();
        switch (format) {
            case TABLE, MARKDOWN -> {
                boolean md = format == OutputFormat.MARKDOWN;
                Table t = new Table(List.of("retained", "retained%", "objects", "shallow", "address", "type", "class", "location", "value"),
                        true, true, true, true, false, false, false, false, false);
                if (md) {
                    t.codeColumn(6);
                }
                for (ObjectRow r : rows) {
                    t.row(md ? Sizes.count(r.retainedSize()) : Sizes.bytes(r.retainedSize()),
                            Sizes.percent(r.retainedSize(), reach.reachableBytes()), Sizes.count(r.retainedCount()),
                            md ? Sizes.count(r.shallowSize()) : Sizes.bytes(r.shallowSize()), r.hexAddress(), r.kind(),
                            ToolOverhead.label(r.className()), orDash(r.location()), ValueText.of(r.value()));
                }
                if (!md) {
                    out.append("Largest retained sizes in ").append(TerminalText.escape(dumpName)).append('\n');
                    t.writeAligned(out);
                } else {
                    t.writeMarkdown(out);
                }
                out.append(md ? "\n" : "").append(reachabilityLine(reach)).append('\n');
            }
            case TSV, CSV -> {
                Table t = new Table(List.of("address", "type", "class", "shallow_bytes", "retained_bytes", "retained_count", "location"),
                        false, false, false, true, true, true, false);
                for (ObjectRow r : rows) {
                    t.row(r.hexAddress(), r.kind(), r.className(), Long.toString(r.shallowSize()),
                            Long.toString(r.retainedSize()), Long.toString(r.retainedCount()), r.location() == null ? "" : r.location());
                }
                t.writeDelimited(out, format == OutputFormat.TSV ? '\t' : ',');
            }
            case JSON -> {
                JsonWriter j = new JsonWriter(out);
                j.beginObject().field("dump", dumpName);
                reachabilityJson(j, reach);
                j.name("objects").beginArray();
                rows.forEach(r -> objectJson(j, r));
                j.endArray().endObject();
                out.append('\n');
            }
        }
        return out.toString();
    }

    public static String retained(List<RetainedByGroup.Row> rows, String key, long totalRows, long reachableBytes,
                                  OutputFormat format, String dumpName) {
        StringBuilder out = new StringBuilder();
        switch (format) {
            case TABLE, MARKDOWN -> {
                boolean md = format == OutputFormat.MARKDOWN;
                Table t = new Table(List.of("retained", "retained%", "retained objects", "count", "shallow", key),
                        true, true, true, true, true, false);
                if (md) {
                    t.codeColumn(5);
                }
                for (RetainedByGroup.Row r : rows) {
                    t.row((r.exact() ? "" : ">= ") + (md ? Sizes.count(r.retainedBytes()) : Sizes.bytes(r.retainedBytes())),
                            Sizes.percent(r.retainedBytes(), reachableBytes), Sizes.count(r.retainedCount()),
                            Sizes.count(r.count()), md ? Sizes.count(r.shallowBytes()) : Sizes.bytes(r.shallowBytes()), ToolOverhead.label(r.group()));
                }
                if (!md) {
                    out.append("Retained size per ").append(key).append(" in ").append(TerminalText.escape(dumpName))
                            .append(" (of each group's objects together)\n");
                    t.writeAligned(out);
                } else {
                    t.writeMarkdown(out);
                }
                if (totalRows > rows.size()) {
                    out.append(md ? "\n" : "").append(Sizes.count(totalRows - rows.size())).append(" more groups not shown\n");
                }
            }
            case TSV, CSV -> {
                Table t = new Table(List.of("count", "bytes", "retained_bytes", "retained_count", key),
                        true, true, true, true, false);
                for (RetainedByGroup.Row r : rows) {
                    t.row(Long.toString(r.count()), Long.toString(r.shallowBytes()), Long.toString(r.retainedBytes()),
                            Long.toString(r.retainedCount()), r.group());
                }
                t.writeDelimited(out, format == OutputFormat.TSV ? '\t' : ',');
            }
            case JSON -> {
                JsonWriter j = new JsonWriter(out);
                j.beginObject().field("dump", dumpName).field("by", key).field("groups", totalRows);
                j.name("rows").beginArray();
                for (RetainedByGroup.Row r : rows) {
                    j.beginObject().field("key", r.group()).field("count", r.count()).field("bytes", r.shallowBytes())
                            .field("retainedBytes", r.retainedBytes()).field("retainedCount", r.retainedCount())
                            .field("exact", r.exact()).endObject();
                }
                j.endArray().endObject();
                out.append('\n');
            }
        }
        return out.toString();
    }

    static String reachabilityLine(Reachability r) {
        return "reachable from GC roots: " + Sizes.plural(r.reachableCount(), "object") + ", " + Sizes.bytes(r.reachableBytes())
                + "; unreachable: " + Sizes.plural(r.unreachableCount(), "object") + ", " + Sizes.bytes(r.unreachableBytes())
                + " (not in any retained size)"
                + (r.weakOnly() != null && r.weakOnly().count() > 0 ? ", of which " + Sizes.plural(r.weakOnly().count(), "object")
                + ", " + Sizes.bytes(r.weakOnly().bytes()) + " only through weak, soft or phantom references" : "")
                + (r.danglingReferences() > 0 ? "; " + Sizes.plural(r.danglingReferences(), "reference") + " to addresses not in the dump" : "");
    }

    static void reachabilityJson(JsonWriter j, Reachability r) {
        j.name("reachability").beginObject()
                .field("reachableObjects", r.reachableCount()).field("reachableBytes", r.reachableBytes())
                .field("unreachableObjects", r.unreachableCount()).field("unreachableBytes", r.unreachableBytes())
                .field("danglingReferences", r.danglingReferences()).field("danglingRoots", r.danglingRoots());
        if (r.weakOnly() != null) {
            j.field("onlyWeaklyReachableObjects", r.weakOnly().count()).field("onlyWeaklyReachableBytes", r.weakOnly().bytes());
        }
        j.name("unreachableByType").beginArray();
        for (Reachability.KindRow k : r.unreachableByKind()) {
            j.beginObject().field("type", k.kind()).field("count", k.count()).field("bytes", k.bytes()).endObject();
        }
        j.endArray().endObject();
    }

    static void objectJson(JsonWriter j, ObjectRow r) {
        objectFields(j, r);
        j.endObject();
    }

    /** An object reached through a reference: {@code via} names it (null when a root holds the object). */
    static void objectJson(JsonWriter j, ObjectRow r, String via) {
        objectFields(j, r);
        j.field("via", via).endObject();
    }

    /** Opens an object row's JSON object with the fields every command writes for an object, under the same names. */
    static void objectFields(JsonWriter j, ObjectRow r) {
        j.beginObject().field("address", r.hexAddress()).field("type", r.kind()).field("class", r.className())
                .field("shallowSize", r.shallowSize()).field("retainedSize", r.retainedSize())
                .field("retainedCount", r.retainedCount()).field("location", r.location());
        ValueText.json(j, r.value());
    }

    static String orDash(String s) {
        return s == null ? "-" : s;
    }
}
