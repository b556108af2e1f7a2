package dev.heaplens.report;

import dev.heaplens.analysis.graph.ObjectRow;
import dev.heaplens.analysis.graph.ShownValue;
import dev.heaplens.analysis.graph.ThreadsReport;

import java.util.ArrayList;
import java.util.List;

/** Writes {@code threads} in any {@link OutputFormat}: a row per thread, then each stack as jstack prints it. Computes nothing. */
public final class ThreadsRenderer {
    /** Marks the frame HotSpot adds on top of the thread that ran out of memory. */
    static final String ADDED_FRAME = "(added by the JVM to the thread that ran out of memory)";

    private ThreadsRenderer() {
    }

    /** {@code stacks}: each frame with the objects its locals hold (table, markdown, tsv and csv; json always has them). */
    public static String render(ThreadsReport report, boolean stacks, OutputFormat format, String dumpName) {
        StringBuilder out = new StringBuilder();
        switch (format) {
            case TABLE, MARKDOWN -> text(report, stacks, format == OutputFormat.MARKDOWN, dumpName, out);
            case TSV, CSV -> {
                char separator = format == OutputFormat.TSV ? '\t' : ',';
                (stacks ? localsTable(report) : threadsTable(report, false, false)).writeDelimited(out, separator);
            }
            case JSON -> json(report, dumpName, out);
        }
        return out.toString();
    }

    private static void text(ThreadsReport report, boolean stacks, boolean md, String dumpName, StringBuilder out) {
        long held = report.threads().stream().mapToLong(r -> r.retainedBytes()).sum();
        String title = "Threads in " + TerminalText.escape(dumpName) + ": " + Sizes.plural(report.threads().size(), "thread")
                + ", whose locals alone keep " + (md ? Sizes.count(held) + " bytes" : Sizes.bytes(held)) + " alive";
        out.append(md ? "## " : "").append(title).append(md ? "\n\n" : "\n");
        if (report.outOfMemory()) {
            out.append("The dump was written on OutOfMemoryError: thread ")
                    .append(quoted(report.threads().get(0))).append(" ran out of memory (first below).\n")
                    .append(md ? "\n" : "");
        }
        Table t = threadsTable(report, true, md);
        if (md) {
            t.writeMarkdown(out);
        } else {
            t.writeAligned(out);
        }
        for (ThreadsReport.Row r : report.threads()) {
            out.append('\n');
            out.append(md ? "### " : "").append(header(r, md)).append('\n');
            out.append(md ? "\n```\n" : "");
            if (r.frames().isEmpty()) {
                out.append("    (no frames in the dump)\n");
            }
            for (ThreadsReport.Frame f : r.frames()) {
                out.append("    at ").append(TerminalText.escape(f.text()))
                        .append(f.addedOnOutOfMemory() ? "  " + ADDED_FRAME : "").append('\n');
                if (stacks) {
                    locals(f.locals(), out);
                }
            }
            if (stacks && !r.unframedLocals().isEmpty()) {
                out.append("    (locals in no frame the dump kept)\n");
                locals(r.unframedLocals(), out);
            }
            out.append(md ? "```\n" : "");
        }
        for (String note : report.notes()) {
            out.append(md ? "\n" : "").append("note: ").append(note).append('\n');
        }
    }

    private static String header(ThreadsReport.Row t, boolean md) {
        return (md ? "`" + quoted(t) + "`" : quoted(t)) + (t.virtual() ? " virtual" : "") + " daemon=" + yesNo(t.daemon())
                + " priority=" + priority(t) + " object=0x" + Long.toHexString(t.address()) + ": its locals alone keep "
                + (md ? Sizes.count(t.retainedBytes()) + " bytes" : Sizes.bytes(t.retainedBytes())) + " ("
                + Sizes.plural(t.retainedCount(), "object") + ") alive";
    }

    private static void locals(List<ObjectRow> locals, StringBuilder out) {
        for (ObjectRow o : locals) {
            out.append("        local ").append(o.hexAddress()).append("  ").append(TerminalText.escape(o.className()))
                    .append("  shallow ").append(Sizes.bytes(o.shallowSize())).append("  retained ")
                    .append(Sizes.bytes(o.retainedSize()))
                    .append(o.value().isEmpty() ? "" : "  " + TerminalText.escape(ValueText.of(o.value()))).append('\n');
        }
    }

    /** One row per thread; {@code shown}: sizes for people and the top frame, else exact bytes and the whole stack. */
    private static Table threadsTable(ThreadsReport report, boolean shown, boolean md) {
        Table t = new Table(List.of("thread", "kind", "daemon", "priority", "object", "locals",
                shown ? "retained" : "retained_bytes", shown ? "retained objects" : "retained_count",
                shown ? "top frame" : "stack"), false, false, false, true, false, true, true, true, false);
        for (ThreadsReport.Row r : report.threads()) {
            List<String> frames = new ArrayList<>();
            r.frames().forEach(f -> frames.add(f.text()));
            String top = frames.isEmpty() ? "-" : frames.get(r.frames().get(0).addedOnOutOfMemory() && frames.size() > 1 ? 1 : 0);
            t.row(shown ? TerminalText.escape(quoted(r)) : r.shownName(), r.virtual() ? "virtual" : "platform",
                    yesNo(r.daemon()), priority(r), "0x" + Long.toHexString(r.address()), Integer.toString(r.localCount()),
                    shown ? (md ? Sizes.count(r.retainedBytes()) : Sizes.bytes(r.retainedBytes()))
                            : Long.toString(r.retainedBytes()),
                    shown ? Sizes.count(r.retainedCount()) : Long.toString(r.retainedCount()),
                    shown ? TerminalText.escape(top) : String.join(" | ", frames));
        }
        return t;
    }

    /** One row per local of every frame (tsv/csv with --stacks). */
    private static Table localsTable(ThreadsReport report) {
        Table t = new Table(List.of("thread", "thread_object", "frame_index", "frame", "address", "class", "shallow_bytes",
                "retained_bytes", "value", "value_complete"), false, false, true, false, false, false, true, true, false, false);
        for (ThreadsReport.Row r : report.threads()) {
            String object = "0x" + Long.toHexString(r.address());
            for (int i = 0; i < r.frames().size(); i++) {
                for (ObjectRow o : r.frames().get(i).locals()) {
                    t.row(r.shownName(), object, Integer.toString(i), r.frames().get(i).text(),
                            o.hexAddress(), o.className(), Long.toString(o.shallowSize()), Long.toString(o.retainedSize()),
                            cell(o.value()), Boolean.toString(o.value().complete()));
                }
            }
            for (ObjectRow o : r.unframedLocals()) {
                t.row(r.shownName(), object, "", "", o.hexAddress(), o.className(), Long.toString(o.shallowSize()),
                        Long.toString(o.retainedSize()), cell(o.value()), Boolean.toString(o.value().complete()));
            }
        }
        return t;
    }

    private static void json(ThreadsReport report, String dumpName, StringBuilder out) {
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("dump", dumpName).field("outOfMemory", report.outOfMemory());
        j.name("notes").beginArray();
        report.notes().forEach(j::value);
        j.endArray().name("threads").beginArray();
        for (ThreadsReport.Row r : report.threads()) {
            j.beginObject().field("name", r.name()).field("object", "0x" + Long.toHexString(r.address()))
                    .field("virtual", r.virtual()).name("daemon");
            if (r.daemon() == null) {
                j.value((String) null);
            } else {
                j.value(r.daemon());
            }
            j.field("priority", r.priority()).field("threwOutOfMemory", r.threwOutOfMemory())
                    .field("retainedBytes", r.retainedBytes()).field("retainedCount", r.retainedCount());
            j.name("frames").beginArray();
            for (ThreadsReport.Frame f : r.frames()) {
                j.beginObject().field("class", f.className()).field("method", f.method()).field("file", f.file())
                        .field("line", f.line()).field("addedOnOutOfMemory", f.addedOnOutOfMemory());
                localsJson(j, "locals", f.locals());
                j.endObject();
            }
            j.endArray();
            localsJson(j, "unframedLocals", r.unframedLocals());
            j.endObject();
        }
        j.endArray().endObject();
        out.append('\n');
    }

    private static void localsJson(JsonWriter j, String name, List<ObjectRow> locals) {
        j.name(name).beginArray();
        for (ObjectRow o : locals) {
            RetentionRenderer.objectFields(j, o);
            j.endObject();
        }
        j.endArray();
    }

    /** A value as a tsv or csv cell: the characters themselves (a length or nothing is empty). */
    private static String cell(ShownValue v) {
        return v.value() == null ? "" : v.value();
    }

    private static String quoted(ThreadsReport.Row t) {
        return t.name() != null ? "\"" + t.name() + "\"" : "thread " + t.shownName();
    }

    private static String yesNo(Boolean b) {
        return b == null ? "-" : b ? "yes" : "no";
    }

    private static String priority(ThreadsReport.Row t) {
        return t.priority() > 0 ? Integer.toString(t.priority()) : "-";
    }
}
