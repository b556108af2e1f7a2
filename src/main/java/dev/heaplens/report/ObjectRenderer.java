package dev.heaplens.report;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.graph.ObjectReport;
import dev.heaplens.analysis.graph.ObjectRow;

import java.util.List;

/** Writes {@code object} and {@code paths} results as text or JSON. Computes nothing. */
public final class ObjectRenderer {
    private ObjectRenderer() {
    }

    /**
     * A root path with its objects described; {@code via.get(i)} names the reference that leads
     * to step i (null for the first step, which the root holds).
     */
    public record PathView(String rootCategory, List<ObjectRow> steps, List<String> via) {
    }

    public static void requireTextOrJson(OutputFormat format, String command) {
        if (format != OutputFormat.TABLE && format != OutputFormat.JSON) {
            throw new HeaplensException(command + " is written as table or json, not " + format.name().toLowerCase());
        }
    }

    public static String object(ObjectReport r, OutputFormat format) {
        requireTextOrJson(format, "object");
        StringBuilder out = new StringBuilder();
        if (format == OutputFormat.JSON) {
            JsonWriter j = new JsonWriter(out);
            ObjectRow o = r.object();
            RetentionRenderer.objectFields(j, o);
            j.field("record", r.record());
            j.name("gcRoots").beginArray();
            r.rootCategories().forEach(j::value);
            j.endArray();
            rows(j, "dominators", r.dominators());
            j.field("referrerCount", r.referrerCount());
            links(j, "referrers", r.referrers());
            j.field("referentCount", r.referentCount());
            links(j, "referents", r.referents());
            j.endObject();
            out.append('\n');
            return out.toString();
        }
        ObjectRow o = r.object();
        out.append(o.hexAddress()).append("  ").append(o.kind()).append("  ").append(TerminalText.escape(o.className())).append('\n');
        Table facts = new Table(List.of("", ""), false, false);
        facts.row("shallow size", Sizes.bytes(o.shallowSize()) + " (" + Sizes.count(o.shallowSize()) + " bytes)");
        facts.row("retained", o.retainedCount() == 0 ? "nothing: no GC root reaches it"
                : Sizes.bytes(o.retainedSize()) + " (" + Sizes.count(o.retainedSize()) + " bytes) in " + Sizes.plural(o.retainedCount(), "object"));
        facts.row("allocated at", o.location() == null ? "(no allocation info)" : o.location());
        if (!o.value().isEmpty()) {
            facts.row("value", ValueText.of(o.value()));
        }
        if (!r.rootCategories().isEmpty()) {
            facts.row("GC roots", String.join(", ", r.rootCategories()));
        }
        indent(out, facts, true);
        out.append("\nRecord\n  ").append(r.record() == null ? "(not available: a pipe or standard input is read once)" : TerminalText.escape(r.record())).append('\n');
        out.append("\nDominated by (nearest first, up to the GC roots)\n");
        if (r.dominators().isEmpty()) {
            out.append(o.retainedCount() == 0 ? "  (unreachable)\n" : "  (only the GC roots)\n");
        } else {
            indent(out, rowTable(r.dominators()), false);
        }
        out.append("\nReferrers (").append(Sizes.count(r.referrerCount())).append(")\n");
        indent(out, linkTable(r.referrers(), "their field"), false);
        out.append("\nReferences (").append(Sizes.count(r.referentCount())).append(")\n");
        indent(out, linkTable(r.referents(), "field"), false);
        return out.toString();
    }

    /** @param weakOnly the paths go through weak references: no strong path exists */
    public static String paths(ObjectRow target, List<PathView> paths, boolean weakOnly, OutputFormat format) {
        return paths(target, paths, weakOnly, true, format);
    }

    /** @param dumpHasRoots false when the dump has no GC root at all (cut before them): then nothing is called garbage */
    public static String paths(ObjectRow target, List<PathView> paths, boolean weakOnly, boolean dumpHasRoots,
                               OutputFormat format) {
        requireTextOrJson(format, "paths");
        StringBuilder out = new StringBuilder();
        if (format == OutputFormat.JSON) {
            JsonWriter j = new JsonWriter(out);
            j.beginObject().field("address", target.hexAddress()).field("reachable", !paths.isEmpty() && !weakOnly)
                    .field("weaklyReachable", weakOnly);
            j.name("paths").beginArray();
            for (PathView p : paths) {
                j.beginObject().field("root", p.rootCategory());
                j.name("steps").beginArray();
                for (int k = 0; k < p.steps().size(); k++) {
                    RetentionRenderer.objectJson(j, p.steps().get(k), p.via().get(k));
                }
                j.endArray();
                j.endObject();
            }
            j.endArray().endObject();
            out.append('\n');
            return out.toString();
        }
        String className = TerminalText.escape(target.className());
        if (paths.isEmpty() && !dumpHasRoots) {
            out.append("No GC root reaches ").append(target.hexAddress()).append(" (").append(className)
                    .append("): the dump has no GC roots (cut before them?), so reachability cannot be told.\n");
            return out.toString();
        }
        if (paths.isEmpty()) {
            out.append("No GC root reaches ").append(target.hexAddress()).append(" (").append(className)
                    .append("): it is garbage that the next GC frees.\n");
            return out.toString();
        }
        if (weakOnly) {
            out.append("No strong reference path reaches ").append(target.hexAddress()).append(" (").append(className)
                    .append("): only weak, soft or phantom references do, which the GC may clear.\n\n");
        }
        for (int i = 0; i < paths.size(); i++) {
            PathView p = paths.get(i);
            out.append("Path ").append(i + 1).append(" of ").append(paths.size()).append(" (")
                    .append(Sizes.plural(p.steps().size(), "step")).append(")\n");
            out.append("  ROOT ").append(TerminalText.escape(p.rootCategory())).append('\n');
            Table t = new Table(List.of("", "via", "address", "type", "class", "value"), false, false, false, false, false,
                    false);
            for (int k = 0; k < p.steps().size(); k++) {
                ObjectRow s = p.steps().get(k);
                String via = p.via().get(k);
                t.row("->", via == null ? "" : via, s.hexAddress(), s.kind(), s.className(), ValueText.of(s.value()));
            }
            StringBuilder block = new StringBuilder();
            t.writeAligned(block);
            String[] lines = block.toString().split("\n");
            for (int k = 1; k < lines.length; k++) {
                out.append("  ").append(lines[k]).append('\n');
            }
            if (i < paths.size() - 1) {
                out.append('\n');
            }
        }
        return out.toString();
    }

    private static Table rowTable(List<ObjectRow> rows) {
        Table t = new Table(List.of("address", "type", "class", "retained", "value"), false, false, false, true, false);
        for (ObjectRow r : rows) {
            t.row(r.hexAddress(), r.kind(), r.className(), Sizes.bytes(r.retainedSize()), ValueText.of(r.value()));
        }
        return t;
    }

    private static Table linkTable(List<ObjectReport.Link> links, String viaHeader) {
        Table t = new Table(List.of(viaHeader, "address", "type", "class", "retained", "value"), false, false, false, false,
                true, false);
        for (ObjectReport.Link l : links) {
            ObjectRow r = l.object();
            t.row(l.via() == null ? "" : l.via(), r.hexAddress(), r.kind(), r.className(), Sizes.bytes(r.retainedSize()),
                    ValueText.of(r.value()));
        }
        return t;
    }

    private static void links(JsonWriter j, String name, List<ObjectReport.Link> links) {
        j.name(name).beginArray();
        links.forEach(l -> RetentionRenderer.objectJson(j, l.object(), l.via()));
        j.endArray();
    }

    private static void indent(StringBuilder out, Table t, boolean skipHeader) {
        StringBuilder block = new StringBuilder();
        t.writeAligned(block);
        String[] lines = block.toString().split("\n");
        for (int i = skipHeader ? 1 : 0; i < lines.length; i++) {
            out.append("  ").append(lines[i]).append('\n');
        }
    }

    private static void rows(JsonWriter j, String name, List<ObjectRow> rows) {
        j.name(name).beginArray();
        rows.forEach(r -> RetentionRenderer.objectJson(j, r));
        j.endArray();
    }
}
