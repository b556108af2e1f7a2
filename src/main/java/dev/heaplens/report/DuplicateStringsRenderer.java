package dev.heaplens.report;

import dev.heaplens.analysis.strings.DuplicateStrings;

import java.util.List;

/** Writes a {@link DuplicateStrings} report in any {@link OutputFormat}. Computes nothing. */
public final class DuplicateStringsRenderer {
    private DuplicateStringsRenderer() {
    }

    /** @param shown the first groups, which have their values */
    public static String render(DuplicateStrings d, List<DuplicateStrings.Group> shown, OutputFormat format, String dumpName) {
        StringBuilder out = new StringBuilder();
        switch (format) {
            case TABLE, MARKDOWN -> {
                boolean md = format == OutputFormat.MARKDOWN;
                Table t = new Table(List.of("strings", "arrays", "wasted", "chars", "value"), true, true, true, true, false);
                for (DuplicateStrings.Group g : shown) {
                    t.row(Sizes.count(g.strings()), Sizes.count(g.arrays()), Sizes.bytes(g.wastedBytes()),
                            Sizes.count(g.chars()), shown(g));
                }
                int hidden = d.groups().size() - shown.size();
                if (hidden > 0) {
                    long strings = 0;
                    long wasted = 0;
                    for (DuplicateStrings.Group g : d.groups().subList(shown.size(), d.groups().size())) {
                        strings += g.strings();
                        wasted += g.wastedBytes();
                    }
                    t.footer(Sizes.count(strings), "", Sizes.bytes(wasted), "", "(" + Sizes.count(hidden) + " more values)");
                }
                t.footer(Sizes.count(d.duplicateStrings()), "", Sizes.bytes(d.wastedBytes()), "",
                        "TOTAL (" + Sizes.count(d.groups().size()) + " duplicated values)");
                if (md) {
                    t.writeMarkdown(out);
                } else {
                    out.append("Duplicate strings in ").append(TerminalText.escape(dumpName)).append(", most wasteful first\n");
                    t.writeAligned(out);
                    out.append(totalsNote(d)).append('\n');
                }
            }
            case TSV, CSV -> {
                Table t = new Table(List.of("strings", "arrays", "wasted_bytes", "chars", "value", "value_complete"),
                        true, true, true, true, false, false);
                for (DuplicateStrings.Group g : shown) {
                    t.row(Long.toString(g.strings()), Long.toString(g.arrays()), Long.toString(g.wastedBytes()),
                            Long.toString(g.chars()), g.value() == null ? "" : g.value(), Boolean.toString(g.complete()));
                }
                t.writeDelimited(out, format == OutputFormat.TSV ? '\t' : ',');
            }
            case JSON -> {
                JsonWriter j = new JsonWriter(out);
                j.beginObject().field("dump", dumpName).field("strings", d.strings()).field("distinctValues", d.values())
                        .field("duplicateStrings", d.duplicateStrings()).field("wastedBytes", d.wastedBytes())
                        .field("duplicatedValues", d.groups().size());
                j.name("rows").beginArray();
                for (DuplicateStrings.Group g : shown) {
                    j.beginObject().field("strings", g.strings()).field("arrays", g.arrays())
                            .field("wastedBytes", g.wastedBytes()).field("chars", g.chars()).field("value", g.value())
                            .field("valueComplete", g.complete()).endObject();
                }
                j.endArray().endObject();
                out.append('\n');
            }
        }
        return out.toString();
    }

    /** The value as a table shows it: in quotes, on one line, "..." where it is cut. */
    private static String shown(DuplicateStrings.Group g) {
        return g.value() == null ? "" : ValueText.quoted(g.value(), g.complete());
    }

    /** One line of totals, for stderr when stdout carries tsv or csv. */
    public static String totalsNote(DuplicateStrings d) {
        return Sizes.plural(d.strings(), "String") + " hold " + Sizes.count(d.values()) + " distinct values; "
                + Sizes.count(d.duplicateStrings()) + " of them share their value with another, wasting "
                + Sizes.bytes(d.wastedBytes()) + " (" + d.wastedBytes() + " bytes)";
    }
}
