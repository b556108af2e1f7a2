package dev.heaplens.analysis.graph;

import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.RetainedSet;
import dev.heaplens.graph.RootGroupRetained;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.ThreadStacks;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Each thread of a dump with what its stack holds: its frames innermost first, the objects each
 * frame's locals hold, and what its locals alone keep alive. The thread that ran out of memory
 * (a dump written on OutOfMemoryError) comes first, then the largest holders.
 *
 * @param notes what the dump lacks that the rows cannot show (no stack traces, hidden threads...)
 */
public record ThreadsReport(List<Row> threads, List<String> notes) {
    /**
     * A frame and the objects its locals hold (largest retained first).
     *
     * @param line               the source line, or HPROF's 0 (none), -1 (unknown), -2 (compiled), -3 (native)
     * @param text               as jstack prints it: {@code com.example.Work.run(Work.java:16)}
     * @param addedOnOutOfMemory the frame HotSpot puts on top of the thread that ran out of memory: it ran no code
     */
    public record Frame(String className, String method, String file, int line, String text, boolean addedOnOutOfMemory,
                        List<ObjectRow> locals) {
    }

    /**
     * A thread as its object says it (daemon null and priority 0 when it does not).
     *
     * @param retainedBytes  what only this thread's locals keep alive ({@code retainedCount} objects)
     * @param unframedLocals locals the dump gives no frame of the stack for (frame -1, or one it did not keep)
     */
    public record Row(String name, long address, Boolean daemon, int priority, boolean virtual, boolean threwOutOfMemory,
                      long retainedBytes, long retainedCount, List<Frame> frames, List<ObjectRow> unframedLocals) {
        /** Locals of all frames, each object once per frame. */
        public int localCount() {
            return unframedLocals.size() + frames.stream().mapToInt(f -> f.locals().size()).sum();
        }

        /** The name, or the thread object's address when the dump does not give it. */
        public String shownName() {
            return name != null ? name : "0x" + Long.toHexString(address);
        }
    }

    /**
     * The report for {@code heap}'s threads; {@code showValues} fetches the values of the locals
     * about to be shown (a String's text) before they are named.
     */
    public static ThreadsReport of(Dominators d, NamedHeap heap, ThreadStacks stacks, Consumer<long[]> showValues, Scratch scratch) {
        HeapGraph g = d.graph();
        int threadCount = stacks.threads().size();
        List<List<Set<Long>>> framed = new ArrayList<>();
        List<Set<Long>> unframed = new ArrayList<>();
        for (ThreadStacks.StackThread t : stacks.threads()) {
            List<Set<Long>> frames = new ArrayList<>();
            t.frames().forEach(f -> frames.add(new LinkedHashSet<>()));
            framed.add(frames);
            unframed.add(new LinkedHashSet<>());
        }
        Set<Long> all = new LinkedHashSet<>();
        for (int r = 0; r < g.rootCount(); r++) {
            int c = g.rootCategoryId(r);
            int t = stacks.threadOf(c);
            if (t < 0) {
                continue;
            }
            int f = stacks.frameOf(c);
            long o = g.rootTarget(r);
            (f >= 0 && f < framed.get(t).size() ? framed.get(t).get(f) : unframed.get(t)).add(o);
            all.add(o);
        }
        showValues.accept(all.stream().mapToLong(Long::longValue).toArray());
        int[] groupOfCategory = new int[g.rootCategories().size()];
        for (int c = 0; c < groupOfCategory.length; c++) {
            groupOfCategory[c] = stacks.threadOf(c);
        }
        RetainedSet[] retained = RootGroupRetained.of(d, groupOfCategory, threadCount, scratch);
        List<Row> rows = new ArrayList<>();
        for (int t = 0; t < threadCount; t++) {
            ThreadStacks.StackThread thread = stacks.threads().get(t);
            List<Frame> frames = new ArrayList<>();
            for (int f = 0; f < thread.frames().size(); f++) {
                ThreadStacks.Frame frame = thread.frames().get(f);
                frames.add(new Frame(frame.className(), frame.method(), frame.file(), frame.line(), frame.text(),
                        f == 0 && thread.threwOutOfMemory(), rows(framed.get(t).get(f), d, heap)));
            }
            rows.add(new Row(thread.name(), thread.address(), thread.daemon(), thread.priority(), thread.virtual(),
                    thread.threwOutOfMemory(), retained[t].bytes(), retained[t].count(), List.copyOf(frames),
                    rows(unframed.get(t), d, heap)));
        }
        rows.sort(Comparator.comparing((Row r) -> !r.threwOutOfMemory())
                .thenComparing(r -> -r.retainedBytes())
                .thenComparing(Row::shownName));
        List<String> notes = new ArrayList<>(stacks.notes());
        if (threadCount == 0) {
            notes.add("the dump lists no threads (no ROOT THREAD OBJECT records)");
        }
        return new ThreadsReport(List.copyOf(rows), List.copyOf(notes));
    }

    private static List<ObjectRow> rows(Set<Long> objects, Dominators d, NamedHeap heap) {
        List<ObjectRow> rows = new ArrayList<>();
        for (long o : objects) {
            rows.add(ObjectRow.of(o, d, heap));
        }
        rows.sort(Comparator.comparingLong(ObjectRow::retainedSize).reversed());
        return List.copyOf(rows);
    }

    /** Whether the dump was written because a thread ran out of memory. */
    public boolean outOfMemory() {
        return !threads.isEmpty() && threads.get(0).threwOutOfMemory();
    }
}
