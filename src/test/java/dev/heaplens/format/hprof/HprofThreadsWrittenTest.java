package dev.heaplens.format.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.analysis.graph.ThreadsReport;
import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.analysis.jvm.JvmThreads;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.ThreadStacks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HPROF's thread records and their pitfalls, in dumps written here with known answers: a local in
 * a known frame, a local with frame number -1, a JNI local, the frame HotSpot adds on top of the
 * thread that ran out of memory (which shifts the frame numbers), a virtual thread, a stack cut
 * shorter than the frame a local names, a local of a thread the dump does not list (one the JVM
 * hides), and a dump with no stack traces at all. Thread names, daemon and priority come from the
 * thread objects' fields, the names through String objects as a JVM dumps them.
 */
class HprofThreadsWrittenTest {
    // strings
    private static final long NAME = 10, DAEMON = 11, PRIORITY = 12, VALUE = 13, CODER = 14;
    private static final long HOLD = 20, INIT = 21, RUN = 22, WORK_JAVA = 30, OOME_JAVA = 31;
    // classes, with their LOAD CLASS serials
    private static final long OBJECT = 0x1000, THREAD = 0x1100, STRING = 0x1200, VIRTUAL = 0x1300, WORK = 0x1400,
            OOME = 0x1500, BYTES = 0x1600;
    private static final int WORK_SERIAL = 5, OOME_SERIAL = 6;

    /** Objects: thread objects at 0x10_000+, their names at 0x20_000+, held arrays at 0x30_000+. */
    private long next = 0x30_000;
    private final List<Consumer<HprofWriter>> objects = new ArrayList<>();
    private final Map<Long, Integer> arrayLengths = new TreeMap<>();

    @Test
    void eachLocalIsNamedByThreadAndFrameAndEachThreadRetainsWhatOnlyItsLocalsHold(@TempDir Path dir) throws IOException {
        long x = array(1000), y = array(300), z = array(200), shared = array(5000), global = array(7000);
        long q = array(4000), v = array(2500), w = array(100), hidden = array(50);
        Path file = write(dir.resolve("threads.hprof"), true, h -> {
            h.threadRoot(thread(h, 1, THREAD, "worker", false, 7), 1, 101);
            h.threadRoot(thread(h, 2, THREAD, "oom-thread", true, 5), 2, 102);
            h.threadRoot(thread(h, 3, VIRTUAL, "v1", false, 0), 3, 103);
            h.threadRoot(thread(h, 4, THREAD, "cut", false, 5), 4, 104);
            h.localRoot(RootKind.JAVA_FRAME, x, 1, 0);
            h.localRoot(RootKind.JAVA_FRAME, y, 1, -1);
            h.localRoot(RootKind.JNI_LOCAL, z, 1, 1);
            h.localRoot(RootKind.JAVA_FRAME, shared, 1, 1);
            h.localRoot(RootKind.JAVA_FRAME, global, 1, 0);
            h.root(RootKind.JNI_GLOBAL, global);
            h.localRoot(RootKind.JAVA_FRAME, q, 2, 1); // frame 1: below the frame HotSpot added
            h.localRoot(RootKind.JAVA_FRAME, v, 3, 0);
            h.localRoot(RootKind.JAVA_FRAME, shared, 3, 0);
            h.localRoot(RootKind.JAVA_FRAME, w, 4, 5); // the dump kept one frame
            h.localRoot(RootKind.JAVA_FRAME, hidden, 9, 0); // no thread 9 in the dump
        });
        JvmHeap heap = JvmThreads.named(new JvmHeap(HprofGraphReader.read(HprofSource.of(file))));
        HeapGraph g = heap.graph();

        assertThat(categoryOf(g, x)).isEqualTo("local in Work.hold(Work.java:16), thread \"worker\"");
        assertThat(categoryOf(g, y)).isEqualTo("local of thread \"worker\" (no Java frame)");
        assertThat(categoryOf(g, z)).isEqualTo("JNI local in Work.run(Work.java:9), thread \"worker\"");
        assertThat(categoryOf(g, q)).isEqualTo("local in Work.hold(Work.java:20), thread \"oom-thread\"");
        assertThat(categoryOf(g, v)).isEqualTo("local in Work.hold(Work.java:16), thread \"v1\"");
        assertThat(categoryOf(g, w)).isEqualTo("local in frame 5 of thread \"cut\" (the dump kept 1 frames)");
        assertThat(categoryOf(g, hidden)).isEqualTo("local of thread serial 9 (no thread object in the dump)");

        ThreadsReport report = ThreadsReport.of(Dominators.compute(g, g.strongReferences()), heap, heap.threads(),
                heap::fetch);
        assertThat(report.notes()).singleElement().asString().contains("a thread the JVM hides");
        assertThat(report.outOfMemory()).isTrue();
        List<String> order = report.threads().stream().map(r -> r.name()).toList();
        assertThat(order).as("the thread that ran out of memory first, then by retained size")
                .containsExactly("oom-thread", "v1", "worker", "cut");

        ThreadsReport.Row oom = report.threads().get(0);
        assertThat(oom.frames()).extracting(f -> f.text())
                .containsExactly("java.lang.OutOfMemoryError.<init>(OutOfMemoryError.java:48)", "Work.hold(Work.java:20)");
        assertThat(oom.frames().get(0).addedOnOutOfMemory()).isTrue();
        assertThat(oom.frames().get(1).locals()).extracting(o -> o.address()).containsExactly(q);
        assertThat(oom.retainedBytes()).isEqualTo(size(g, q));
        assertThat(oom.daemon()).isTrue();

        ThreadsReport.Row worker = report.threads().get(2);
        assertThat(worker.priority()).isEqualTo(7);
        assertThat(worker.virtual()).isFalse();
        assertThat(worker.frames().get(0).locals()).extracting(o -> o.address()).containsExactlyInAnyOrder(x, global);
        assertThat(worker.frames().get(1).locals()).extracting(o -> o.address()).containsExactlyInAnyOrder(z, shared);
        assertThat(worker.unframedLocals()).extracting(o -> o.address()).containsExactly(y);
        assertThat(worker.retainedBytes()).as("not what another thread or a global root holds too")
                .isEqualTo(size(g, x) + size(g, y) + size(g, z));
        assertThat(worker.localCount()).isEqualTo(5);

        ThreadsReport.Row virtual = report.threads().get(1);
        assertThat(virtual.virtual()).isTrue();
        assertThat(virtual.daemon()).as("every virtual thread is a daemon").isTrue();
        assertThat(virtual.retainedBytes()).isEqualTo(size(g, v));

        ThreadsReport.Row cut = report.threads().get(3);
        assertThat(cut.frames()).hasSize(1);
        assertThat(cut.unframedLocals()).extracting(o -> o.address()).containsExactly(w);
    }

    @Test
    void aDumpWithoutStackTracesSaysSoOnceAndStillNamesTheThread(@TempDir Path dir) throws IOException {
        long x = array(1000);
        Path file = write(dir.resolve("no-traces.hprof"), false, h -> {
            h.threadRoot(thread(h, 1, THREAD, "worker", false, 5), 1, 0);
            h.threadRoot(thread(h, 2, THREAD, "idle", true, 5), 2, 0);
            h.localRoot(RootKind.JAVA_FRAME, x, 1, 3);
        });
        JvmHeap heap = JvmThreads.named(new JvmHeap(HprofGraphReader.read(HprofSource.of(file))));
        assertThat(categoryOf(heap.graph(), x)).isEqualTo("local of thread \"worker\"");
        ThreadsReport report = ThreadsReport.of(Dominators.compute(heap.graph(), heap.graph().strongReferences()), heap,
                heap.threads(), heap::fetch);
        assertThat(report.notes()).singleElement().asString().startsWith("the dump has no stack traces");
        assertThat(report.threads().get(0).name()).isEqualTo("worker");
        assertThat(report.threads().get(0).unframedLocals()).extracting(o -> o.address()).containsExactly(x);
        assertThat(report.outOfMemory()).isFalse();
    }

    private static long size(HeapGraph g, long address) {
        return g.shallowSize(g.objectOf(address));
    }

    private static String categoryOf(HeapGraph g, long address) {
        int o = g.objectOf(address);
        List<String> found = new ArrayList<>();
        for (int r = 0; r < g.rootCount(); r++) {
            if (g.rootTarget(r) == o && !g.rootCategory(r).equals("JNI global")) {
                found.add(g.rootCategory(r));
            }
        }
        assertThat(found).as("the roots of 0x%x", address).hasSize(1);
        return found.get(0);
    }

    private long array(int length) {
        long id = next;
        next += 0x1000;
        arrayLengths.put(id, length);
        return id;
    }

    /** A thread object of {@code cls} named {@code name} (a String of Latin-1 bytes), written with the objects. */
    private long thread(HprofWriter h, int serial, long cls, String name, boolean daemon, int priority) {
        long id = 0x10_000 + serial * 0x100L;
        long string = 0x20_000 + serial * 0x100L;
        long chars = string + 0x80;
        byte[] text = name.getBytes(StandardCharsets.ISO_8859_1);
        objects.add(w -> w.instance(id, cls, new BasicType[] {BasicType.OBJECT, BasicType.BOOLEAN, BasicType.INT},
                        new long[] {string, daemon ? 1 : 0, priority})
                .instance(string, STRING, new BasicType[] {BasicType.OBJECT, BasicType.BYTE}, new long[] {chars, 0})
                .primitiveArray(chars, BasicType.BYTE, text.length, text));
        return id;
    }

    private Path write(Path file, boolean traces, Consumer<HprofWriter> roots) throws IOException {
        try (HprofWriter h = new HprofWriter(Files.newOutputStream(file), 8)) {
            String[] names = {"java/lang/Object", "java/lang/Thread", "java/lang/String", "java/lang/VirtualThread", "Work",
                    "java/lang/OutOfMemoryError", "[B"};
            long[] classes = {OBJECT, THREAD, STRING, VIRTUAL, WORK, OOME, BYTES};
            for (int i = 0; i < names.length; i++) {
                h.utf8(100 + i, names[i]).loadClass(i + 1, classes[i], 100 + i);
            }
            h.utf8(NAME, "name").utf8(DAEMON, "daemon").utf8(PRIORITY, "priority").utf8(VALUE, "value")
                    .utf8(CODER, "coder").utf8(HOLD, "hold").utf8(INIT, "<init>").utf8(RUN, "run")
                    .utf8(WORK_JAVA, "Work.java").utf8(OOME_JAVA, "OutOfMemoryError.java");
            if (traces) {
                h.stackFrame(1, HOLD, WORK_JAVA, WORK_SERIAL, 16).stackFrame(2, RUN, WORK_JAVA, WORK_SERIAL, 9)
                        .stackFrame(3, INIT, OOME_JAVA, OOME_SERIAL, 48).stackFrame(4, HOLD, WORK_JAVA, WORK_SERIAL, 20)
                        .stackTrace(101, 1, 1, 2).stackTrace(102, 2, 3, 4).stackTrace(103, 3, 1).stackTrace(104, 4, 1);
            }
            h.segment();
            long[] none = new long[0];
            BasicType[] noTypes = new BasicType[0];
            h.classDump(OBJECT, 0, none, noTypes, none, none, noTypes)
                    .classDump(THREAD, OBJECT, none, noTypes, none, new long[] {NAME, DAEMON, PRIORITY},
                            new BasicType[] {BasicType.OBJECT, BasicType.BOOLEAN, BasicType.INT})
                    .classDump(STRING, OBJECT, none, noTypes, none, new long[] {VALUE, CODER},
                            new BasicType[] {BasicType.OBJECT, BasicType.BYTE})
                    .classDump(VIRTUAL, THREAD, none, noTypes, none, none, noTypes)
                    .classDump(WORK, OBJECT, none, noTypes, none, none, noTypes)
                    .classDump(OOME, OBJECT, none, noTypes, none, none, noTypes)
                    .classDump(BYTES, OBJECT, none, noTypes, none, none, noTypes);
            for (long c : classes) {
                h.root(RootKind.STICKY_CLASS, c);
            }
            roots.accept(h);
            objects.forEach(o -> o.accept(h));
            arrayLengths.forEach((id, length) -> h.primitiveArray(id, BasicType.BYTE, length));
            h.endSegment().end();
        }
        return file;
    }
}
