package dev.heaplens.report;

import dev.heaplens.analysis.ToolOverhead;
import dev.heaplens.analysis.graph.ObjectRow;
import dev.heaplens.analysis.graph.Leaks;

import java.util.List;
import java.util.Map;

/** Writes {@code leaks} results in any {@link OutputFormat}. Computes nothing. */
public final class LeaksRenderer {
    private LeaksRenderer() {
    }

    /**
     * @param shown the groups to show (a prefix of {@code leaks.groups()})
     * @param paths a sample path from a GC root per shown group key, when one was found
     */
    public static String render(Leaks leaks, List<Leaks.Group> shown, Map<String, ObjectRenderer.PathView> paths,
                                String key, OutputFormat format, List<String> dumps) {
        StringBuilder out = new StringBuilder();
        switch (format) {
            case TABLE, MARKDOWN -> {
                boolean md = format == OutputFormat.MARKDOWN;
                if (!md) {
                    out.append("Objects allocated after ").append(dumps.get(0)).append(", present in ").append(dumps.get(1))
                            .append(" and still alive in ").append(dumps.get(2)).append('\n');
                    out.append("identity: ").append(leaks.rule().description()).append("\n\n");
                } else {
                    out.append("Identity: ").append(leaks.rule().description()).append("\n\n");
                }
                boolean retained = leaks.withRetained();
                if (!retained) {
                    out.append(md ? "Retained sizes and sample paths not computed (`--no-retained`).\n\n"
                            : "retained sizes and sample paths: not computed (--no-retained)\n\n");
                }
                Table t = retained ? new Table(List.of("count", "bytes", "retained in C", key), true, true, true, false)
                        : new Table(List.of("count", "bytes", key), true, true, false);
                if (md) {
                    t.codeColumn(retained ? 3 : 2);
                }
                for (Leaks.Group g : shown) {
                    if (retained) {
                        t.row(Sizes.count(g.count()), bytes(g.bytes(), md), g.retainedKnown() ? bytes(g.retainedBytes(), md) : "-", ToolOverhead.label(g.key()));
                    } else {
                        t.row(Sizes.count(g.count()), bytes(g.bytes(), md), ToolOverhead.label(g.key()));
                    }
                }
                String total = "TOTAL (" + Sizes.plural(leaks.groups().size(), "group") + ")";
                if (retained) {
                    t.footer(Sizes.count(leaks.leakedCount()), bytes(leaks.leakedBytes(), md), "", total);
                } else {
                    t.footer(Sizes.count(leaks.leakedCount()), bytes(leaks.leakedBytes(), md), total);
                }
                if (md) {
                    t.writeMarkdown(out);
                } else {
                    t.writeAligned(out);
                }
                for (Leaks.Group g : shown) {
                    ObjectRenderer.PathView p = paths.get(g.key());
                    if (p == null) {
                        continue;
                    }
                    out.append('\n').append(md ? "**" : "").append("Sample path to ").append(TerminalText.escape(g.key())).append(md ? "**\n\n" : "\n");
                    out.append(md ? "- " : "  ").append("ROOT ").append(TerminalText.escape(p.rootCategory())).append('\n');
                    for (int k = 0; k < p.steps().size(); k++) {
                        ObjectRow s = p.steps().get(k);
                        String via = p.via().get(k);
                        out.append(md ? "- " : "  -> ").append(via == null ? "" : "(" + TerminalText.escape(via) + ") ").append(s.hexAddress())
                                .append("  ").append(s.kind()).append("  ").append(TerminalText.escape(s.className()))
                                .append(s.value().isEmpty() ? "" : "  " + TerminalText.escape(ValueText.of(s.value()))).append('\n');
                    }
                }
            }
            case TSV, CSV -> {
                boolean retained = leaks.withRetained();
                Table t = retained ? new Table(List.of("count", "bytes", "retained_bytes", key), true, true, true, false)
                        : new Table(List.of("count", "bytes", key), true, true, false);
                for (Leaks.Group g : shown) {
                    if (retained) {
                        t.row(Long.toString(g.count()), Long.toString(g.bytes()), g.retainedKnown() ? Long.toString(g.retainedBytes()) : "", g.key());
                    } else {
                        t.row(Long.toString(g.count()), Long.toString(g.bytes()), g.key());
                    }
                }
                t.writeDelimited(out, format == OutputFormat.TSV ? '\t' : ',');
            }
            case JSON -> {
                JsonWriter j = new JsonWriter(out);
                j.beginObject().field("a", dumps.get(0)).field("b", dumps.get(1)).field("c", dumps.get(2))
                        .field("by", key).field("identity", leaks.rule().name().toLowerCase())
                        .field("count", leaks.leakedCount()).field("bytes", leaks.leakedBytes())
                        .field("groups", leaks.groups().size()).field("retained", leaks.withRetained());
                j.name("rows").beginArray();
                for (Leaks.Group g : shown) {
                    j.beginObject().field("key", g.key()).field("count", g.count()).field("bytes", g.bytes());
                    if (g.retainedKnown()) {
                        j.field("retainedBytes", g.retainedBytes());
                    }
                    ObjectRenderer.PathView p = paths.get(g.key());
                    if (p != null) {
                        j.name("samplePath").beginObject().field("root", p.rootCategory());
                        j.name("steps").beginArray();
                        for (int k = 0; k < p.steps().size(); k++) {
                            RetentionRenderer.objectJson(j, p.steps().get(k), p.via().get(k));
                        }
                        j.endArray().endObject();
                    }
                    j.endObject();
                }
                j.endArray().endObject();
                out.append('\n');
            }
        }
        return out.toString();
    }

    /** The totals that tsv and csv keep off stdout. */
    public static String totalsNote(Leaks leaks) {
        return "total: " + leaks.leakedCount() + " objects, " + leaks.leakedBytes() + " bytes leaked in "
                + leaks.groups().size() + " groups; identity " + leaks.rule().name().toLowerCase();
    }

    private static String bytes(long b, boolean exact) {
        return exact ? Sizes.count(b) : Sizes.bytes(b);
    }
}
