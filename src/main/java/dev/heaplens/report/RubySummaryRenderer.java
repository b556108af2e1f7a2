package dev.heaplens.report;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.ruby.RubySummary;
import dev.heaplens.format.ruby.LineProblem;

import java.util.List;

/** Writes a {@link RubySummary} as text tables, Markdown or JSON. Computes nothing. */
final class RubySummaryRenderer {
    private RubySummaryRenderer() {
    }

    /** Fails at once, before any reading, for a format summaries are not written in. */
    static void requireSupported(OutputFormat format) {
        if (format != OutputFormat.TABLE && format != OutputFormat.MARKDOWN && format != OutputFormat.JSON) {
            throw new HeaplensException("summary is written as table, markdown or json, not " + format.name().toLowerCase());
        }
    }

    static String render(RubySummary s, OutputFormat format) {
        requireSupported(format);
        Reachability reach = s.reachability();
        StringBuilder out = new StringBuilder();
        switch (format) {
            case TABLE -> text(s, reach, out, false);
            case MARKDOWN -> text(s, reach, out, true);
            case JSON -> json(s, reach, out);
            default -> throw new IllegalStateException(format.name());
        }
        return out.toString();
    }

    private static void text(RubySummary s, Reachability reach, StringBuilder out, boolean markdown) {
        RubySummary.Input in = s.input();
        heading(out, markdown, "Summary of " + TerminalText.escape(in.name()));
        Table facts = new Table(List.of("", ""), false, false);
        facts.row("read", Sizes.plural(in.lines(), "line") + ", " + Sizes.bytes(in.bytesRead()) + "; "
                + Sizes.plural(in.malformed(), "malformed line") + " skipped"
                + (in.truncatedLastLine() != null ? "; last line truncated" : ""));
        facts.row("objects", Sizes.plural(s.objects(), "object") + ", " + Sizes.bytes(s.bytes()) + " memsize, "
                + Sizes.plural(s.references(), "reference"));
        RubySummary.Classes c = s.classes();
        facts.row("classes", Sizes.plural(c.classes(), "class") + " (" + Sizes.count(c.singletons()) + " singleton), "
                + Sizes.plural(c.modules(), "module") + "; " + Sizes.count(c.classesWithInstances()) + " with instances");
        facts.row("shapes", s.shapes() == 0 ? "none (Ruby before 3.2 has no SHAPE lines)"
                : Sizes.plural(s.shapes(), "shape") + ", " + Sizes.bytes(s.shapeBytes()));
        RubySummary.Generations g = s.generations();
        facts.row("allocation info", g.present()
                ? Sizes.plural(g.objectsWithInfo(), "object") + " (" + Sizes.percent(g.objectsWithInfo(), s.objects())
                  + "), generations " + g.min() + ".." + g.max()
                : "none (allocation tracing was off)");
        for (RubySummary.Overhead o : s.toolOverhead()) {
            facts.row("tool overhead", TerminalText.escape(o.className()) + ": " + Sizes.plural(o.count(), "object") + ", "
                    + Sizes.bytes(o.bytes()) + " (" + Sizes.percent(o.bytes(), s.bytes()) + " of memsize): the cost of " + o.tool()
                    + ", not the program's");
        }
        if (reach != null) {
            facts.row("reachability", RetentionRenderer.reachabilityLine(reach));
        }
        writeFacts(out, facts, markdown);
        if (reach != null && !reach.unreachableByKind().isEmpty()) {
            Table t = new Table(List.of("count", "bytes", "type"), true, true, false);
            for (Reachability.KindRow k : reach.unreachableByKind()) {
                t.row(Sizes.count(k.count()), markdown ? Sizes.count(k.bytes()) : Sizes.bytes(k.bytes()), k.kind());
            }
            section(out, markdown, "Unreachable objects (garbage the next GC frees)", t);
        }
        section(out, markdown, "Types", rowsTable(typesMarked(s), s.objects(), s.bytes(), "type", markdown));
        long imemoCount = s.imemo().stream().mapToLong(RubySummary.Row::count).sum();
        long imemoBytes = s.imemo().stream().mapToLong(RubySummary.Row::bytes).sum();
        section(out, markdown, "IMEMO kinds", rowsTable(s.imemo(), imemoCount, imemoBytes, "imemo_type", markdown));
        section(out, markdown, "Flags", rowsTable(s.flags(), s.objects(), s.bytes(), "flag", markdown));
        Table roots = new Table(List.of("root lines", "references", "category"), true, true, false);
        for (RubySummary.Row r : s.roots()) {
            roots.row(Sizes.count(r.count()), Sizes.count(r.bytes()), r.label());
        }
        section(out, markdown, "GC roots", roots);
        if (!in.firstProblems().isEmpty() || in.truncatedLastLine() != null) {
            heading(out, markdown, "Lines skipped");
            for (LineProblem p : in.firstProblems()) {
                out.append(markdown ? "- " : "  ").append(TerminalText.escape(p.toString())).append('\n');
            }
            if (in.truncatedLastLine() != null) {
                out.append(markdown ? "- " : "  ").append(in.truncatedLastLine()).append('\n');
            }
        }
    }

    /** The types, DATA saying how much of it is tool overhead. */
    private static List<RubySummary.Row> typesMarked(RubySummary s) {
        long overhead = s.toolOverhead().stream().mapToLong(RubySummary.Overhead::bytes).sum();
        if (overhead == 0) {
            return s.types();
        }
        return s.types().stream().map(r -> !r.label().equals("DATA") ? r
                : new RubySummary.Row("DATA  [" + Sizes.bytes(overhead) + " of it tool overhead]", r.count(), r.bytes())).toList();
    }

    private static Table rowsTable(List<RubySummary.Row> rows, long totalCount, long totalBytes, String label, boolean markdown) {
        Table t = new Table(List.of("count", "count%", "bytes", "bytes%", label), true, true, true, true, false);
        for (RubySummary.Row r : rows) {
            t.row(Sizes.count(r.count()), Sizes.percent(r.count(), totalCount),
                    markdown ? Sizes.count(r.bytes()) : Sizes.bytes(r.bytes()), Sizes.percent(r.bytes(), totalBytes), r.label());
        }
        return t;
    }

    private static void heading(StringBuilder out, boolean markdown, String title) {
        if (out.length() > 0) {
            out.append('\n');
        }
        out.append(markdown ? "## " : "").append(title).append('\n');
        if (markdown) {
            out.append('\n');
        }
    }

    private static void writeFacts(StringBuilder out, Table facts, boolean markdown) {
        if (markdown) {
            facts.writeMarkdown(out);
        } else {
            StringBuilder block = new StringBuilder();
            facts.writeAligned(block);
            String[] lines = block.toString().split("\n");
            for (int i = 1; i < lines.length; i++) { // first line is the empty header
                out.append("  ").append(lines[i]).append('\n');
            }
        }
    }

    private static void section(StringBuilder out, boolean markdown, String title, Table table) {
        heading(out, markdown, title);
        if (table.isEmpty()) {
            out.append(markdown ? "_none_\n" : "  (none)\n");
            return;
        }
        if (markdown) {
            table.writeMarkdown(out);
        } else {
            StringBuilder block = new StringBuilder();
            table.writeAligned(block);
            for (String line : block.toString().split("\n")) {
                out.append("  ").append(line).append('\n');
            }
        }
    }

    private static void json(RubySummary s, Reachability reach, StringBuilder out) {
        RubySummary.Input in = s.input();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("dump", in.name());
        j.name("input").beginObject().field("lines", in.lines()).field("bytes", in.bytesRead())
                .field("malformedLines", in.malformed());
        j.name("firstProblems").beginArray();
        for (LineProblem p : in.firstProblems()) {
            j.beginObject().field("line", p.line()).field("message", p.message()).endObject();
        }
        j.endArray();
        j.name("truncatedLastLine").value(in.truncatedLastLine() == null ? null : in.truncatedLastLine().message());
        j.endObject();
        j.field("objects", s.objects()).field("bytes", s.bytes()).field("references", s.references());
        if (reach != null) {
            RetentionRenderer.reachabilityJson(j, reach);
        }
        rowsJson(j, "types", s.types());
        j.name("toolOverhead").beginArray();
        for (RubySummary.Overhead o : s.toolOverhead()) {
            j.beginObject().field("tool", o.tool()).field("class", o.className()).field("count", o.count())
                    .field("bytes", o.bytes()).endObject();
        }
        j.endArray();
        rowsJson(j, "imemo", s.imemo());
        rowsJson(j, "flags", s.flags());
        j.name("roots").beginArray();
        for (RubySummary.Row r : s.roots()) {
            j.beginObject().field("category", r.label()).field("lines", r.count()).field("references", r.bytes()).endObject();
        }
        j.endArray();
        RubySummary.Classes c = s.classes();
        j.name("classes").beginObject().field("classes", c.classes()).field("modules", c.modules())
                .field("singletons", c.singletons()).field("withInstances", c.classesWithInstances()).endObject();
        j.name("shapes").beginObject().field("count", s.shapes()).field("bytes", s.shapeBytes()).endObject();
        RubySummary.Generations g = s.generations();
        j.name("allocationInfo").beginObject().field("objects", g.objectsWithInfo());
        if (g.present()) {
            j.field("minGeneration", g.min()).field("maxGeneration", g.max());
        }
        j.endObject().endObject();
        out.append('\n');
    }

    private static void rowsJson(JsonWriter j, String name, List<RubySummary.Row> rows) {
        j.name(name).beginArray();
        for (RubySummary.Row r : rows) {
            j.beginObject().field("name", r.label()).field("count", r.count()).field("bytes", r.bytes()).endObject();
        }
        j.endArray();
    }
}
