package dev.heaplens.report;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.analysis.suspects.Overhead;
import dev.heaplens.analysis.suspects.Suspect;
import dev.heaplens.analysis.suspects.SuspectsResult;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Writes {@code suspects} as text for a terminal, Markdown for a ticket, or JSON (docs/suspects-json.md). Computes nothing. */
public final class SuspectsRenderer {
    private static final int WIDTH = 100;

    private SuspectsRenderer() {
    }

    public static String render(SuspectsResult r, OutputFormat format) {
        return switch (format) {
            case JSON -> json(r);
            case TABLE -> text(r, false);
            case MARKDOWN -> text(r, true);
            default -> throw new HeaplensException("suspects is written as table, markdown or json, not " + format);
        };
    }

    // ---- JSON: the contract scripts and CI read

    public static String json(SuspectsResult r) {
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("dump", r.dumpName()).field("heapBytes", r.heapBytes()).field("analysedBytes", r.analysedBytes())
                .field("thresholdPercent", r.thresholdPercent());
        j.name("suspects").beginArray();
        for (Suspect s : r.suspects()) {
            j.beginObject().field("kind", s.kind().label()).field("class", s.className()).field("address", s.object().hexAddress())
                    .field("name", s.object().name()).field("instances", s.instances()).field("retainedBytes", s.retainedBytes()).field("share", 100 * s.share());
            j.name("accumulationPoint");
            if (s.accumulation() == null) {
                j.value((String) null);
            } else {
                ref(j, s.accumulation());
            }
            j.name("path").beginArray();
            for (Suspect.PathStep step : s.path()) {
                j.beginObject().field("address", step.object().hexAddress()).field("class", step.object().className())
                        .field("name", step.object().name()).field("via", step.via()).endObject();
            }
            j.endArray();
            j.name("held").beginArray();
            for (Suspect.HeldClass h : s.held()) {
                j.beginObject().field("class", h.className()).field("objects", h.objects())
                        .field("retainedBytes", h.retainedBytes()).endObject();
            }
            j.endArray();
            j.field("location", s.location()).field("loader", s.loader()).field("text", s.text());
            strings(j, "keywords", s.keywords());
            j.endObject();
        }
        j.endArray();
        j.name("findings").beginArray();
        for (Finding f : r.findings()) {
            j.beginObject().field("check", f.check()).field("bytes", f.bytes()).field("objects", f.objects())
                    .field("share", 100 * f.share()).field("text", f.text());
            j.name("sites").beginArray();
            for (Finding.Site site : f.sites()) {
                j.beginObject().field("location", site.location()).field("objects", site.objects()).field("bytes", site.bytes());
                j.name("counts").beginObject();
                site.counts().forEach(j::field);
                j.endObject().field("holder", site.holder()).endObject();
            }
            j.endArray();
            strings(j, "classes", f.classes());
            if (!f.values().isEmpty()) {
                j.name("values").beginArray();
                for (Finding.Value v : f.values()) {
                    j.beginObject().field("value", v.value()).field("valueComplete", v.complete())
                            .field("objects", v.objects()).field("wastedBytes", v.wastedBytes()).endObject();
                }
                j.endArray();
            }
            j.endObject();
        }
        j.endArray();
        j.name("overhead").beginArray();
        for (Overhead o : r.overhead()) {
            j.beginObject().field("tool", o.tool()).field("class", o.className()).field("objects", o.objects())
                    .field("retainedBytes", o.retainedBytes()).endObject();
        }
        j.endArray().endObject();
        out.append('\n');
        return out.toString();
    }

    private static void ref(JsonWriter j, Suspect.ObjectRef o) {
        j.beginObject().field("address", o.hexAddress()).field("class", o.className()).field("name", o.name())
                .field("retainedBytes", o.retainedBytes()).endObject();
    }

    private static void strings(JsonWriter j, String name, List<String> values) {
        j.name(name).beginArray();
        values.forEach(j::value);
        j.endArray();
    }

    // ---- text and Markdown: readable without the docs

    private static String text(SuspectsResult r, boolean md) {
        StringBuilder out = new StringBuilder();
        long threshold = (long) (r.thresholdPercent() * r.analysedBytes() / 100);
        out.append(md ? "## Leak suspects in `" + r.dumpName() + "`\n\n" : "Leak suspects in " + TerminalText.escape(r.dumpName()) + "\n");
        long overhead = r.heapBytes() - r.analysedBytes();
        out.append("Reachable heap ").append(Sizes.bytes(r.heapBytes()))
                .append(overhead > 0 ? ", of which tools hold " + Sizes.bytes(overhead) + " (left out)" : "")
                .append("; a suspect retains more than ").append(percent(r.thresholdPercent())).append(" of ")
                .append(Sizes.bytes(r.analysedBytes())).append(" (").append(Sizes.bytes(threshold)).append(").\n");
        if (r.suspects().isEmpty()) {
            out.append(md ? "\n**No suspect**: " : "\nNo suspect: ").append("no object and no class that the GC roots hold "
                    + "retains more than ").append(percent(r.thresholdPercent())).append(" of the heap. Lower --threshold to see smaller "
                    + "holders, or compare two dumps with heaplens leaks.\n");
        }
        for (int i = 0; i < r.suspects().size(); i++) {
            suspect(out, md, r.suspects().get(i), i + 1, r.suspects().size());
        }
        findings(out, md, r.findings());
        overhead(out, md, r.overhead());
        return out.toString();
    }

    private static void suspect(StringBuilder out, boolean md, Suspect s, int n, int of) {
        String title = "Suspect " + n + " of " + of + ": " + (s.kind() == Suspect.Kind.SINGLE ? s.object().name().equals(s.className()) ? "one " + s.className() : s.object().name()
                : Sizes.count(s.instances()) + " × " + s.className()) + ", " + Sizes.bytes(s.retainedBytes()) + " (" + percent(100 * s.share()) + ")";
        out.append(md ? "\n### " + title + "\n\n" : "\n" + TerminalText.escape(title) + "\n");
        paragraph(out, md, s.text());
        Table facts = new Table(List.of("", ""), false, false);
        facts.row(s.kind() == Suspect.Kind.SINGLE ? "object" : "largest instance", s.object().hexAddress() + " " + s.object().name());
        facts.row("accumulation point", s.accumulation() == null ? "(none)"
                : s.accumulation().hexAddress() + " " + s.accumulation().name() + ", " + Sizes.bytes(s.accumulation().retainedBytes()));
        facts.row("allocated at", s.location() == null ? "(no allocation info)" : s.location());
        if (s.loader() != null) {
            facts.row("loaded by", s.loader());
        }
        facts.row("keywords", String.join(", ", s.keywords()));
        block(out, md, facts, true);
        if (!s.path().isEmpty()) {
            out.append(md ? "\nShortest path from a GC root:\n\n" : "  Shortest path from a GC root\n");
            Table path = new Table(List.of("via", "address", "class", "retained"), false, false, false, true).codeColumn(2);
            for (Suspect.PathStep step : s.path()) {
                String via = step == s.path().get(0) ? "root " + step.via() : orDash(step.via());
                path.row(md ? "`" + via + "`" : via, step.object().hexAddress(),
                        step.object().name(), Sizes.bytes(step.object().retainedBytes()));
            }
            block(out, md, path, false);
        }
        if (!s.held().isEmpty()) {
            out.append(md ? "\nWhat it holds, by class:\n\n" : "  What it holds, by class\n");
            Table held = new Table(List.of("objects", "class", "retained"), true, false, true).codeColumn(1);
            s.held().forEach(h -> held.row(Sizes.count(h.objects()), h.className(), Sizes.bytes(h.retainedBytes())));
            block(out, md, held, false);
        }
    }

    private static void findings(StringBuilder out, boolean md, List<Finding> findings) {
        out.append(md ? "\n### Findings\n\n" : "\nFindings\n");
        if (findings.isEmpty()) {
            out.append(md ? "" : "  ").append("No check found anything worth telling.\n");
            return;
        }
        int n = 1;
        for (Finding f : findings) {
            String head = n++ + ". " + f.check() + ": " + Sizes.bytes(f.bytes()) + " in " + Sizes.plural(f.objects(), "object")
                    + " (" + percent(100 * f.share()) + ")";
            out.append(md ? "**" + head + "**\n\n" : "  " + TerminalText.escape(head) + "\n");
            paragraph(out, md, f.text());
            if (!f.sites().isEmpty()) {
                Table sites = new Table(List.of("site", "objects", "counts", "bytes", "held by"), false, true, false, true, false)
                        .codeColumn(0).codeColumn(4);
                for (Finding.Site site : f.sites()) {
                    sites.row(site.location(), Sizes.count(site.objects()), counts(site.counts()), Sizes.bytes(site.bytes()),
                            orDash(site.holder()));
                }
                block(out, md, sites, false);
            }
            if (!f.classes().isEmpty()) {
                paragraph(out, md, "Classes: " + String.join(", ", f.classes()));
            }
            if (!f.values().isEmpty()) {
                Table values = new Table(List.of("value", "objects", "wasted"), false, true, true).codeColumn(0);
                f.values().forEach(v -> values.row(ValueText.quoted(v.value(), v.complete()), Sizes.count(v.objects()),
                        Sizes.bytes(v.wastedBytes())));
                block(out, md, values, false);
            }
        }
    }

    private static void overhead(StringBuilder out, boolean md, List<Overhead> overhead) {
        if (overhead.isEmpty()) {
            return;
        }
        out.append(md ? "\n### Tool overhead (left out of every share)\n\n" : "\nTool overhead (left out of every share)\n");
        Table t = new Table(List.of("class", "objects", "retained", "tool"), false, true, true, false).codeColumn(0);
        overhead.forEach(o -> t.row(o.className(), Sizes.count(o.objects()), Sizes.bytes(o.retainedBytes()), o.tool()));
        block(out, md, t, false);
    }

    private static String counts(Map<String, Long> counts) {
        StringBuilder c = new StringBuilder();
        counts.forEach((k, v) -> c.append(c.length() == 0 ? "" : ", ").append(Sizes.count(v)).append(' ').append(k));
        return c.toString();
    }

    /** Text wrapped at {@link #WIDTH} and indented on a terminal; one paragraph in Markdown. */
    private static void paragraph(StringBuilder out, boolean md, String text) {
        if (md) {
            out.append(text).append("\n\n");
            return;
        }
        StringBuilder line = new StringBuilder("   ");
        for (String word : TerminalText.escape(text).split(" ")) {
            if (line.length() + word.length() + 1 > WIDTH && line.length() > 3) {
                out.append(line).append('\n');
                line = new StringBuilder("   ");
            }
            line.append(' ').append(word);
        }
        out.append(line).append('\n');
    }

    private static void block(StringBuilder out, boolean md, Table t, boolean skipHeader) {
        StringBuilder b = new StringBuilder();
        if (md) {
            t.writeMarkdown(b);
            out.append(b).append('\n'); // a blank line ends the table: a paragraph right after it would be read as a row
            return;
        }
        t.writeAligned(b);
        String[] lines = b.toString().split("\n");
        for (int i = skipHeader ? 1 : 0; i < lines.length; i++) {
            out.append("    ").append(lines[i]).append('\n');
        }
    }

    private static String orDash(String s) {
        return s == null ? "-" : s;
    }

    private static String percent(double p) {
        return String.format(Locale.ROOT, "%.1f%%", p);
    }
}
