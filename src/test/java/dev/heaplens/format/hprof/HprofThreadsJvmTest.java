package dev.heaplens.format.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.analysis.graph.ObjectRow;
import dev.heaplens.analysis.graph.ThreadsReport;
import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.analysis.jvm.JvmThreads;
import dev.heaplens.format.hprof.probe.ThreadsProbe;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Threads against the JVM that ran them: a child JVM (the JDK running the tests: 17, and 25 in CI's
 * repeat) parks threads holding known locals in known frames ({@link ThreadsProbe}), one of them 20
 * frames deep and, from JDK 21, a virtual one. Its stacks as {@code jcmd Thread.print} prints them
 * must be the dump's, frame for frame, with the same daemon flag and priority; what each thread's
 * locals alone keep alive is the arrays it allocated, byte for byte. A child that runs out of
 * memory with -XX:+HeapDumpOnOutOfMemoryError: its thread comes first, and the frame below the one
 * HotSpot adds holds the array it was filling.
 */
class HprofThreadsJvmTest {
    /** {@code "name" #12 daemon prio=7 ...}; JDK 19+ adds the native id: {@code #12 [4242]}. */
    private static final Pattern THREAD = Pattern.compile("^\"(.*)\" #\\d+ (?:\\[\\d+\\] )?(daemon )?prio=(\\d+) .*");
    /** {@code at java.lang.Thread.run(java.base@17.0.15/Thread.java:840)}: the module is not in the dump. */
    private static final Pattern MODULE = Pattern.compile("\\((?:[^()/]+/)+");
    private static final long ARRAY_HEADER = 16;

    private record JstackThread(boolean daemon, int priority, List<String> frames) {
    }

    @Test
    void stacksAreThoseJcmdPrintsAndEachThreadRetainsTheArraysItsLocalsHold(@TempDir Path dir) throws Exception {
        Path dump = dir.resolve("threads.hprof");
        Process child = new ProcessBuilder(java("java"), "-XX:+UseSerialGC", "-Xmx256m", "-cp",
                System.getProperty("java.class.path"), ThreadsProbe.class.getName()).start();
        Map<String, JstackThread> jstack;
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            String ready = out.readLine();
            assertThat(ready).as("the probe starts").endsWith(" ready");
            String pid = ready.split(" ")[0];
            jstack = threadPrint(run(java("jcmd"), pid, "Thread.print"));
            run(java("jcmd"), pid, "GC.heap_dump", dump.toString());
        } finally {
            child.getOutputStream().close();
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }

        JvmHeap heap = JvmThreads.named(new JvmHeap(HprofGraphReader.read(HprofSource.of(dump))));
        HeapGraph g = heap.graph();
        ThreadsReport report = ThreadsReport.of(Dominators.compute(g, g.strongReferences()), heap, heap.threads(),
                heap::fetch, dev.heaplens.graph.Scratch.heap());
        Map<String, ThreadsReport.Row> byName = new LinkedHashMap<>();
        report.threads().forEach(r -> byName.put(r.name(), r));
        assertThat(report.outOfMemory()).isFalse();

        int compared = 0;
        for (ThreadsReport.Row r : report.threads()) {
            if (r.virtual()) {
                continue; // Thread.print lists platform threads only
            }
            JstackThread j = jstack.get(r.name());
            assertThat(j).as("thread %s in jcmd Thread.print", r.name()).isNotNull();
            assertThat(r.frames()).extracting(f -> f.text()).as("stack of %s", r.name())
                    .containsExactlyElementsOf(j.frames());
            assertThat(r.daemon()).as("daemon %s", r.name()).isEqualTo(j.daemon());
            assertThat(r.priority()).as("priority %s", r.name()).isEqualTo(j.priority());
            compared++;
        }
        assertThat(compared).isGreaterThanOrEqualTo(6);
        // Threads the JVM hides (compiler threads) are in Thread.print without frames, and not in the dump.
        jstack.forEach((name, j) -> {
            if (!j.frames().isEmpty()) {
                assertThat(byName).as("a thread with Java frames in Thread.print").containsKey(name);
            }
        });

        assertThat(retained(byName, "holder-array")).isEqualTo(ARRAY_HEADER + ThreadsProbe.ARRAY_BYTES);
        assertThat(retained(byName, "holder-longs")).isEqualTo(ARRAY_HEADER + 8L * ThreadsProbe.LONGS);
        ThreadsReport.Row deep = byName.get("holder-deep");
        assertThat(deep.retainedBytes()).isEqualTo(ThreadsProbe.DEPTH * (ARRAY_HEADER + 4L * ThreadsProbe.DEEP_INTS));
        assertThat(deep.retainedCount()).isEqualTo(ThreadsProbe.DEPTH);
        long recursing = deep.frames().stream().filter(f -> f.method().equals("recurse")
                && f.locals().stream().anyMatch(o -> o.className().equals("int[]"))).count();
        assertThat(recursing).as("each recurse frame holds its own int[]").isEqualTo(ThreadsProbe.DEPTH);

        ThreadsReport.Row array = byName.get("holder-array");
        ThreadsReport.Frame holding = array.frames().stream().filter(f -> f.method().equals("holdArray"))
                .findFirst().orElseThrow();
        ObjectRow bytes = holding.locals().stream().filter(o -> o.className().equals("byte[]")).findFirst().orElseThrow();
        assertThat(bytes.shallowSize()).isEqualTo(ARRAY_HEADER + ThreadsProbe.ARRAY_BYTES);
        assertThat(rootsOf(g, bytes.address())).as("paths, object and top name the thread and frame")
                .containsExactly("local in " + holding.text() + ", thread \"holder-array\"");

        if (Runtime.version().feature() >= 21) {
            ThreadsReport.Row virtual = byName.get("holder-virtual");
            assertThat(virtual).as("the virtual thread, with its own records").isNotNull();
            assertThat(virtual.virtual()).isTrue();
            assertThat(virtual.frames()).extracting(f -> f.method()).contains("holdVirtual", "park");
            assertThat(virtual.retainedBytes()).isEqualTo(ARRAY_HEADER + ThreadsProbe.VIRTUAL_BYTES);
        }
    }

    @Test
    void aDumpWrittenOnOutOfMemoryErrorNamesTheThreadThatRanOutFirst(@TempDir Path dir) throws Exception {
        Path dump = dir.resolve("oom.hprof");
        Process child = new ProcessBuilder(java("java"), "-XX:+UseSerialGC", "-Xmx48m", "-XX:+HeapDumpOnOutOfMemoryError",
                "-XX:HeapDumpPath=" + dump, "-cp", System.getProperty("java.class.path"), ThreadsProbe.class.getName(), "oom")
                .redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(output).contains("java.lang.OutOfMemoryError");

        JvmHeap heap = JvmThreads.named(new JvmHeap(HprofGraphReader.read(HprofSource.of(dump))));
        HeapGraph g = heap.graph();
        ThreadsReport report = ThreadsReport.of(Dominators.compute(g, g.strongReferences()), heap, heap.threads(),
                heap::fetch, dev.heaplens.graph.Scratch.heap());
        assertThat(report.outOfMemory()).isTrue();
        ThreadsReport.Row filler = report.threads().get(0);
        assertThat(filler.name()).isEqualTo("filler");
        assertThat(filler.frames().get(0).addedOnOutOfMemory()).isTrue();
        assertThat(filler.frames().get(0).text()).startsWith("java.lang.OutOfMemoryError.<init>(");
        ThreadsReport.Frame fill = filler.frames().get(1);
        assertThat(fill.method()).isEqualTo("fill");
        ObjectRow chunks = fill.locals().stream().filter(o -> o.className().equals("java.lang.Object[]")).findFirst()
                .orElseThrow();
        long megabytes = 0;
        for (int o = 0; o < g.objectCount(); o++) {
            if (heap.className(o).equals("byte[]") && g.shallowSize(o) == ARRAY_HEADER + (1 << 20)) {
                megabytes += g.shallowSize(o);
            }
        }
        assertThat(megabytes).as("the 1 MB arrays it filled").isGreaterThan(20L << 20);
        assertThat(chunks.retainedSize()).as("the array it was filling holds them all")
                .isEqualTo(chunks.shallowSize() + megabytes);
        assertThat(filler.retainedBytes()).isEqualTo(chunks.retainedSize());
    }

    private static long retained(Map<String, ThreadsReport.Row> byName, String name) {
        assertThat(byName).containsKey(name);
        return byName.get(name).retainedBytes();
    }

    private static List<String> rootsOf(HeapGraph g, long address) {
        long o = g.objectOf(address);
        List<String> roots = new ArrayList<>();
        for (int r = 0; r < g.rootCount(); r++) {
            if (g.rootTarget(r) == o) {
                roots.add(g.rootCategory(r));
            }
        }
        return roots;
    }

    /** Each Java thread of a Thread.print: daemon, priority and its frames as the dump writes them. */
    static Map<String, JstackThread> threadPrint(String text) {
        Map<String, JstackThread> threads = new LinkedHashMap<>();
        List<String> frames = null;
        for (String line : text.split("\n")) {
            Matcher m = THREAD.matcher(line);
            if (m.matches()) {
                frames = new ArrayList<>();
                threads.put(m.group(1), new JstackThread(m.group(2) != null, Integer.parseInt(m.group(3)), frames));
            } else if (line.isBlank()) {
                frames = null;
            } else if (frames != null && line.strip().startsWith("at ")) {
                frames.add(MODULE.matcher(line.strip().substring(3)).replaceFirst("("));
            }
        }
        return threads;
    }

    private static String java(String tool) {
        return Path.of(System.getProperty("java.home"), "bin", tool).toString();
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
