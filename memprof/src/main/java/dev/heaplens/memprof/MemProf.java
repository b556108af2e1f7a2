package dev.heaplens.memprof;

import dev.heaplens.format.memprof.AllocationLog;
import dev.heaplens.memprof.agent.MemProfAgent;
import dev.heaplens.memprof.agent.MemProfConfig;
import dev.heaplens.memprof.agent.Tracker;
import dev.heaplens.memprof.agent.TrackerAccess;
import dev.heaplens.memprof.heap.ObjectWalker;
import dev.heaplens.memprof.heap.ReferrerDrawing;
import dev.heaplens.memprof.heap.SelfDump;
import dev.heaplens.memprof.heap.TypeTotals;
import dev.heaplens.report.AllocationTable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Supplier;

/**
 * Crystal's {@code PerfTools::MemProf} for the JVM, as static methods. Needs the agent
 * ({@code -javaagent:heaplens-memprof.jar}); without it every call fails with one message.
 *
 * <p>{@link #logAllocations} and {@link #prettyLogAllocations} cover the objects allocated in the
 * application's classes since the agent started that are still live; the counts, sizes and graph
 * cover every live object of the JVM (a dump of the process itself), the profiler's own excepted;
 * {@link #objectSize} walks the given object. Every log call first runs a GC and waits until the
 * objects it freed are accounted for.
 */
public final class MemProf {
    static final String NOT_LOADED = "heaplens-memprof: the agent is not loaded; start the JVM with "
            + "-javaagent:heaplens-memprof.jar";

    private MemProf() {
    }

    /** First line: the number of lines; then {@code count<TAB>bytes<TAB>frame1<TAB>frame2...}. */
    public static void logAllocations(Appendable out) throws IOException {
        Tracker t = tracker();
        write(t, out, () -> AllocationLog.format(t.liveAllocations()));
    }

    /** The Markdown table {@code | Allocations | Total size | Context |}. */
    public static void prettyLogAllocations(Appendable out) throws IOException {
        Tracker t = tracker();
        write(t, out, () -> AllocationTable.render(t.liveAllocations()));
    }

    /** First line: the number of lines; then {@code count<TAB>Type} for every live object of the JVM. */
    public static void logObjectCounts(Appendable out) throws IOException {
        Tracker t = tracker();
        write(t, out, () -> {
            try (SelfDump dump = SelfDump.take()) {
                return totals(TypeTotals.counts(dump));
            }
        });
    }

    /**
     * First line: the number of lines; then {@code bytes<TAB>Type}: the heap bytes transitively
     * reachable from all live objects of the type, each byte counted once per type.
     */
    public static void logObjectSizes(Appendable out) throws IOException {
        Tracker t = tracker();
        write(t, out, () -> {
            try (SelfDump dump = SelfDump.take()) {
                return totals(TypeTotals.sizes(dump));
            }
        });
    }

    /** The heap bytes transitively reachable from {@code object}, each counted once. */
    public static long objectSize(Object object) {
        Tracker t = tracker();
        return t.guarded(() -> ObjectWalker.reachableBytes(object, TrackerAccess.sizeOf(t)));
    }

    /**
     * A Mermaid graph of what leads to up to MEMPROF_REF_LIMIT live objects of {@code type}, walked
     * MEMPROF_REF_LEVEL levels back; edges labelled {@code field,level} ({@code [index]} for array
     * elements), level 0 for the objects that point straight at one of them.
     */
    public static void prettyLogObjectGraph(Appendable out, Class<?> type) throws IOException {
        Tracker t = tracker();
        MemProfConfig c = t.config();
        write(t, out, () -> {
            try (SelfDump dump = SelfDump.take()) {
                return ReferrerDrawing.mermaid(dump, typeName(type), c.refLimit(), c.refLevel());
            }
        });
    }

    /** {@code Class.getName()} for classes, source form for arrays ({@code int[]}, {@code com.example.Foo[]}). */
    static String typeName(Class<?> type) {
        return type.isArray() ? typeName(type.getComponentType()) + "[]" : type.getName();
    }

    private static String totals(List<TypeTotals.Total> totals) {
        StringBuilder out = new StringBuilder();
        out.append(totals.size()).append('\n');
        for (TypeTotals.Total t : totals) {
            out.append(t.value()).append('\t').append(t.type()).append('\n');
        }
        return out.toString();
    }

    /** Computes and writes with this thread's guard set, so nothing the profiler does here is recorded. */
    private static void write(Tracker t, Appendable out, Supplier<String> text) throws IOException {
        try {
            t.guarded(() -> {
                try {
                    out.append(text.get());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return null;
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static Tracker tracker() {
        Tracker t = MemProfAgent.instrumentation() == null ? null : TrackerAccess.current();
        if (t == null) {
            throw new IllegalStateException(NOT_LOADED);
        }
        return t;
    }
}
