package dev.heaplens.format.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.analysis.graph.ThreadsReport;
import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.analysis.jvm.JvmThreads;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    private final ThreadDumps dumps = new ThreadDumps();

    @Test
    void eachLocalIsNamedByThreadAndFrameAndEachThreadRetainsWhatOnlyItsLocalsHold(@TempDir Path dir) throws IOException {
        long x = dumps.array(1000), y = dumps.array(300), z = dumps.array(200), shared = dumps.array(5000), global = dumps.array(7000);
        long q = dumps.array(4000), v = dumps.array(2500), w = dumps.array(100), hidden = dumps.array(50);
        Path file = dumps.write(dir.resolve("threads.hprof"), true, h -> {
            h.threadRoot(dumps.thread(h, 1, ThreadDumps.THREAD, "worker", false, 7), 1, 101);
            h.threadRoot(dumps.thread(h, 2, ThreadDumps.THREAD, "oom-thread", true, 5), 2, 102);
            h.threadRoot(dumps.thread(h, 3, ThreadDumps.VIRTUAL, "v1", false, 0), 3, 103);
            h.threadRoot(dumps.thread(h, 4, ThreadDumps.THREAD, "cut", false, 5), 4, 104);
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
                heap::fetch, dev.heaplens.graph.Scratch.heap());
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
        long x = dumps.array(1000);
        Path file = dumps.write(dir.resolve("no-traces.hprof"), false, h -> {
            h.threadRoot(dumps.thread(h, 1, ThreadDumps.THREAD, "worker", false, 5), 1, 0);
            h.threadRoot(dumps.thread(h, 2, ThreadDumps.THREAD, "idle", true, 5), 2, 0);
            h.localRoot(RootKind.JAVA_FRAME, x, 1, 3);
        });
        JvmHeap heap = JvmThreads.named(new JvmHeap(HprofGraphReader.read(HprofSource.of(file))));
        assertThat(categoryOf(heap.graph(), x)).isEqualTo("local of thread \"worker\"");
        ThreadsReport report = ThreadsReport.of(Dominators.compute(heap.graph(), heap.graph().strongReferences()), heap,
                heap.threads(), heap::fetch, dev.heaplens.graph.Scratch.heap());
        assertThat(report.notes()).singleElement().asString().startsWith("the dump has no stack traces");
        assertThat(report.threads().get(0).name()).isEqualTo("worker");
        assertThat(report.threads().get(0).unframedLocals()).extracting(o -> o.address()).containsExactly(x);
        assertThat(report.outOfMemory()).isFalse();
    }

    private static long size(HeapGraph g, long address) {
        return g.shallowSize(g.objectOf(address));
    }

    private static String categoryOf(HeapGraph g, long address) {
        long o = g.objectOf(address);
        List<String> found = new ArrayList<>();
        for (int r = 0; r < g.rootCount(); r++) {
            if (g.rootTarget(r) == o && !g.rootCategory(r).equals("JNI global")) {
                found.add(g.rootCategory(r));
            }
        }
        assertThat(found).as("the roots of 0x%x", address).hasSize(1);
        return found.get(0);
    }
}
