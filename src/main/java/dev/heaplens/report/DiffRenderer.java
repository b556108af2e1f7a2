package dev.heaplens.report;

import dev.heaplens.analysis.ToolOverhead;
import dev.heaplens.analysis.histogram.HistogramDiff;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Writes a {@link HistogramDiff} in any {@link OutputFormat}. Computes nothing. */
public final class DiffRenderer {
    private DiffRenderer() {
    }

    /** One key's diff and the rows of it to show (its first rows). */
    public record Shown(HistogramDiff diff, List<HistogramDiff.Row> rows) {
    }

    /**
     * Diffs of several keys from one read of each dump: each key's output as {@link #render}
     * writes it alone ({@link KeyedOutput}); tsv and csv, one table whose first column names the key.
     */
    public static String render(List<Shown> diffs, OutputFormat format, String beforeName, String afterName) {
        return KeyedOutput.render(diffs, format, d -> "Change by " + d.diff().by().label(),
                d -> render(d.diff(), d.rows(), format, beforeName, afterName), DiffRenderer::delimited, "diffs");
    }

    /**
     * @param shown the rows to show (the first of the diff's rows); the rest are summed
     */
    public static String render(HistogramDiff diff, List<HistogramDiff.Row> shown, OutputFormat format,
                                String beforeName, String afterName) {
        StringBuilder out = new StringBuilder();
        String key = diff.by().label();
        int hidden = diff.rows().size() - shown.size();
        switch (format) {
            case TABLE, MARKDOWN -> {
                boolean md = format == OutputFormat.MARKDOWN;
                Table t = new Table(List.of("count before", "count after", "count change", "bytes before", "bytes after", "bytes change", key),
                        true, true, true, true, true, true, false);
                if (md) {
                    t.codeColumn(6);
                }
                for (HistogramDiff.Row r : shown) {
                    t.row(Sizes.count(r.countBefore()), Sizes.count(r.countAfter()), signed(r.countDelta()),
                            bytes(r.bytesBefore(), md), bytes(r.bytesAfter(), md), signedBytes(r.bytesDelta(), md),
                            ToolOverhead.label(r.key()) + appearance(r));
                }
                if (hidden > 0) {
                    long cb = 0, ca = 0, bb = 0, ba = 0;
                    for (HistogramDiff.Row r : diff.rows().subList(shown.size(), diff.rows().size())) {
                        cb += r.countBefore();
                        ca += r.countAfter();
                        bb += r.bytesBefore();
                        ba += r.bytesAfter();
                    }
                    t.footer(Sizes.count(cb), Sizes.count(ca), signed(ca - cb), bytes(bb, md), bytes(ba, md),
                            signedBytes(ba - bb, md), "(" + Sizes.count(hidden) + " more groups)");
                }
                t.footer(Sizes.count(diff.before().count()), Sizes.count(diff.after().count()), signed(diff.countDelta()),
                        bytes(diff.before().bytes(), md), bytes(diff.after().bytes(), md), signedBytes(diff.bytesDelta(), md),
                        "TOTAL (" + Sizes.count(diff.rows().size()) + " groups)");
                if (!md) {
                    out.append("Change by ").append(key).append(" from ").append(TerminalText.escape(beforeName)).append(" to ").append(TerminalText.escape(afterName)).append('\n');
                    t.writeAligned(out);
                } else {
                    t.writeMarkdown(out);
                }
            }
            case TSV, CSV -> delimited(List.of(new Shown(diff, shown)), out, format == OutputFormat.TSV ? '\t' : ',');
            case JSON -> {
                JsonWriter j = new JsonWriter(out);
                j.beginObject().field("before", beforeName).field("after", afterName).field("by", key);
                j.name("total").beginObject()
                        .field("countBefore", diff.before().count()).field("bytesBefore", diff.before().bytes())
                        .field("countAfter", diff.after().count()).field("bytesAfter", diff.after().bytes())
                        .field("countDelta", diff.countDelta()).field("bytesDelta", diff.bytesDelta())
                        .field("groups", diff.rows().size()).endObject();
                j.name("groups").beginArray();
                for (HistogramDiff.Row r : shown) {
                    j.beginObject().field("key", r.key())
                            .field("countBefore", r.countBefore()).field("bytesBefore", r.bytesBefore())
                            .field("countAfter", r.countAfter()).field("bytesAfter", r.bytesAfter())
                            .field("countDelta", r.countDelta()).field("bytesDelta", r.bytesDelta()).endObject();
                }
                j.endArray().endObject();
                out.append('\n');
            }
        }
        return out.toString();
    }

    /** One key: the counts and the key's own column; several: a first column, key, and the group's text. */
    private static void delimited(List<Shown> diffs, StringBuilder out, char separator) {
        boolean keyed = diffs.size() > 1;
        List<String> headers = new ArrayList<>(List.of("count_before", "bytes_before", "count_after", "bytes_after",
                "count_delta", "bytes_delta", keyed ? "group" : diffs.get(0).diff().by().label()));
        if (keyed) {
            headers.add(0, "key");
        }
        boolean[] rightAligned = new boolean[headers.size()];
        Arrays.fill(rightAligned, keyed ? 1 : 0, headers.size() - 1, true);
        Table t = new Table(headers, rightAligned);
        for (Shown d : diffs) {
            for (HistogramDiff.Row r : d.rows()) {
                List<String> cells = new ArrayList<>(List.of(Long.toString(r.countBefore()), Long.toString(r.bytesBefore()),
                        Long.toString(r.countAfter()), Long.toString(r.bytesAfter()), Long.toString(r.countDelta()),
                        Long.toString(r.bytesDelta()), r.key()));
                if (keyed) {
                    cells.add(0, d.diff().by().label());
                }
                t.row(cells.toArray(String[]::new));
            }
        }
        t.writeDelimited(out, separator);
    }

    /** The totals that tsv and csv keep off stdout, as exact integers as theirs are (and histogram's note). */
    public static String totalsNote(HistogramDiff diff) {
        return "total: " + diff.before().count() + " -> " + diff.after().count() + " objects (" + plainSigned(diff.countDelta())
                + "), " + diff.before().bytes() + " -> " + diff.after().bytes() + " bytes (" + plainSigned(diff.bytesDelta()) + ")";
    }

    private static String plainSigned(long delta) {
        return (delta > 0 ? "+" : "") + delta;
    }

    private static String appearance(HistogramDiff.Row r) {
        if (r.countBefore() == 0 && r.countAfter() > 0) {
            return " (new)";
        }
        if (r.countAfter() == 0 && r.countBefore() > 0) {
            return " (gone)";
        }
        return "";
    }

    private static String bytes(long b, boolean exact) {
        return exact ? Sizes.count(b) : Sizes.bytes(b);
    }

    private static String signed(long n) {
        return (n > 0 ? "+" : "") + Sizes.count(n);
    }

    private static String signedBytes(long n, boolean exact) {
        return (n > 0 ? "+" : "") + (exact ? Sizes.count(n) : Sizes.bytes(n));
    }
}
