package dev.heaplens.report;

import dev.heaplens.analysis.ToolOverhead;
import dev.heaplens.analysis.jvm.InstanceSizeCheck;
import dev.heaplens.analysis.jvm.JvmSummary;

import java.util.List;

/** Writes a {@link JvmSummary} as text or JSON. Computes nothing. */
final class JvmSummaryRenderer {
    private JvmSummaryRenderer() {
    }

    static String render(JvmSummary s, OutputFormat format, String dumpName) {
        StringBuilder out = new StringBuilder();
        if (format == OutputFormat.JSON) {
            JsonWriter j = new JsonWriter(out);
            j.beginObject().field("dump", dumpName).field("format", s.version()).field("idSize", s.idSize());
            j.name("layout").beginObject().field("headerBytes", s.layout().headerBytes())
                    .field("arrayHeaderBytes", s.layout().arrayHeaderBytes())
                    .field("referenceBytes", s.layout().referenceBytes()).field("alignment", s.layout().alignment())
                    .field("how", s.layoutNote()).field("jvm", s.jvm()).endObject();
            j.name("sizeCheck").beginObject().field("classesJudged", s.sizeCheck().classes().size())
                    .field("agreeing", s.sizeCheck().agreeing()).name("disagreeing").beginArray();
            for (InstanceSizeCheck.ClassGap c : s.sizeCheck().disagreeing()) {
                j.beginObject().field("name", c.className()).field("computed", c.computed()).field("gap", c.gap())
                        .field("votes", c.votes()).field("samples", c.samples()).endObject();
            }
            j.endArray().endObject();
            j.field("objects", s.objects()).field("bytes", s.bytes()).field("classes", s.classes()).field("classLoaders", s.loaders());
            rows(j, "biggestClasses", s.biggestClasses(), "count", "bytes");
            rows(j, "kinds", s.kinds(), "count", "bytes");
            rows(j, "classesLoadedMoreThanOnce", s.duplicateClasses(), "loaders", null);
            rows(j, "gcRoots", s.roots(), "roots", "objects");
            RetentionRenderer.reachabilityJson(j, s.reachability());
            rows(j, "unreachableByClass", s.unreachableByClass(), "count", "bytes");
            j.endObject();
            out.append('\n');
            return out.toString();
        }
        out.append("Summary of ").append(TerminalText.escape(dumpName)).append(" (").append(s.version()).append(", ")
                .append(s.idSize()).append("-byte ids)\n");
        out.append("  objects       ").append(Sizes.plural(s.objects(), "object")).append(", ").append(Sizes.bytes(s.bytes()))
                .append(" shallow\n");
        out.append("  classes       ").append(Sizes.plural(s.classes(), "class")).append(", ")
                .append(Sizes.plural(s.loaders(), "class loader")).append(" (the bootstrap loader counts as one)\n");
        out.append("  sizes         layout ").append(s.layout().describe(s.idSize())).append(": object header ")
                .append(s.layout().headerBytes()).append(" B, array header ").append(s.layout().arrayHeaderBytes())
                .append(" B, references ").append(s.layout().referenceBytes()).append(" B, alignment ")
                .append(s.layout().alignment()).append("\n                ").append(s.layoutNote())
                .append(" (--layout overrides)\n                field layout: ").append(s.jvm()).append('\n');
        sizeCheck(out, s.sizeCheck());
        out.append("  reachability  ").append(RetentionRenderer.reachabilityLine(s.reachability())).append('\n');
        out.append("\nBiggest classes (shallow bytes)\n");
        Table biggest = new Table(List.of("count", "count%", "bytes", "bytes%", "class"), true, true, true, true, false);
        s.biggestClasses().forEach(r -> biggest.row(Sizes.count(r.count()), Sizes.percent(r.count(), s.objects()),
                Sizes.bytes(r.bytes()), Sizes.percent(r.bytes(), s.bytes()), ToolOverhead.label(r.label())));
        indent(out, biggest);
        out.append("\nKinds\n");
        Table kinds = new Table(List.of("count", "bytes", "kind"), true, true, false);
        s.kinds().forEach(r -> kinds.row(Sizes.count(r.count()), Sizes.bytes(r.bytes()), r.label()));
        indent(out, kinds);
        out.append("\nGC roots\n");
        Table roots = new Table(List.of("roots", "objects", "kind"), true, true, false);
        s.roots().forEach(r -> roots.row(Sizes.count(r.count()), Sizes.count(r.bytes()), r.label()));
        indent(out, roots);
        if (!s.unreachableByClass().isEmpty() && !s.unreachableIsAShare()) {
            out.append("\nUnreachable objects: ").append(Sizes.plural(s.reachability().unreachableCount(), "object"))
                    .append(", ").append(Sizes.bytes(s.reachability().unreachableBytes())).append(" (")
                    .append(Sizes.percent(s.reachability().unreachableBytes(), s.bytes()))
                    .append(" of the heap); by class: summary --format json (unreachableByClass), or serve's Unreachable view\n");
        } else if (!s.unreachableByClass().isEmpty()) {
            out.append("\nUnreachable objects by class (most bytes first; not in any retained size)\n");
            Table unreachable = new Table(List.of("count", "bytes", "class"), true, true, false);
            s.unreachableByClass().forEach(r -> unreachable.row(Sizes.count(r.count()), Sizes.bytes(r.bytes()), r.label()));
            indent(out, unreachable);
        }
        out.append("\nClasses loaded by more than one loader\n");
        if (s.duplicateClasses().isEmpty()) {
            out.append("  (none)\n");
        } else {
            Table dup = new Table(List.of("loaders", "class"), true, false);
            s.duplicateClasses().forEach(r -> dup.row(Sizes.count(r.count()), r.label()));
            indent(out, dup);
        }
        return out.toString();
    }

    /** How many classes' sizes fit the gaps between neighbouring objects, and the ones that do not. */
    private static void sizeCheck(StringBuilder out, InstanceSizeCheck check) {
        out.append("                checked against where objects sit: ");
        if (check.classes().isEmpty()) {
            out.append("no class has ").append(InstanceSizeCheck.MIN_SAMPLES)
                    .append(" instances mostly packed one after another\n");
            return;
        }
        List<InstanceSizeCheck.ClassGap> off = check.disagreeing();
        out.append(Sizes.count(check.agreeing())).append(" of ").append(Sizes.plural(check.classes().size(), "class"))
                .append(" fit (most instances one computed size apart)").append(off.isEmpty() ? "" : "; these do not:")
                .append('\n');
        for (InstanceSizeCheck.ClassGap c : off.subList(0, Math.min(off.size(), 10))) {
            out.append("                  ").append(TerminalText.escape(c.className())).append(": computed ")
                    .append(c.computed()).append(" B, ").append(Sizes.count(c.votes())).append(" of ")
                    .append(Sizes.count(c.samples())).append(" instances ").append(c.gap()).append(" B apart\n");
        }
        if (off.size() > 10) {
            out.append("                  and ").append(Sizes.plural(off.size() - 10, "class")).append(" more\n");
        }
    }

    private static void indent(StringBuilder out, Table t) {
        StringBuilder block = new StringBuilder();
        t.writeAligned(block);
        for (String line : block.toString().split("\n")) {
            out.append("  ").append(line).append('\n');
        }
    }

    private static void rows(JsonWriter j, String name, List<JvmSummary.Row> rows, String countName, String bytesName) {
        j.name(name).beginArray();
        for (JvmSummary.Row r : rows) {
            j.beginObject().field("name", r.label()).field(countName, r.count());
            if (bytesName != null) {
                j.field(bytesName, r.bytes());
            }
            j.endObject();
        }
        j.endArray();
    }
}
