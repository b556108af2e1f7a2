package dev.heaplens.memprof;

import com.example.memprof.ArraySizes;
import com.example.memprof.Callers;
import com.example.memprof.KeepAndFree;
import com.example.memprof.KnownStructure;
import com.example.memprof.SeedGraph;
import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.format.memprof.AllocationGroup;
import dev.heaplens.graph.HeapGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Programs with known answers run under the agent jar in child JVMs. Expected sizes come from
 * heaplens's own JVM size model ({@link HprofLayout}) or from the program's HPROF dump read by
 * heaplens, never from the agent's own measurements.
 */
class MemProfAgentIT {
    private static final List<String> ALL_GROUPS = List.of("-DMEMPROF_MIN_BYTES=0");

    @Test
    void keptObjectsAreCountedExactlyAtTheirStackAndFreedOnesDisappear() {
        ChildJvm.Result r = ChildJvm.runWithAgent(KeepAndFree.class, ALL_GROUPS);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        String site = ChildJvm.siteFrame(KeepAndFree.class, "makeItems", "item");
        String caller = KeepAndFree.class.getName() + ".main(KeepAndFree.java:";
        long itemSize = HprofLayout.COMPRESSED_64.align(12 + 4 + 8);

        AllocationGroup items = AllocationLogs.at(AllocationLogs.section(r.out(), "first"), site);
        assertThat(items.count()).as(r.toString()).isEqualTo(1000);
        assertThat(items.bytes()).isEqualTo(1000 * itemSize);
        assertThat(items.frames()).hasSize(2);
        assertThat(items.frames().get(1)).startsWith(caller);

        List<AllocationGroup> second = AllocationLogs.section(r.out(), "second");
        assertThat(second).as(r.toString()).noneMatch(g -> g.frames().get(0).equals(site));
    }

    @Test
    void eachCallOfAnAllocatingMethodHasItsOwnCallers() {
        ChildJvm.Result r = ChildJvm.runWithAgent(Callers.class, ALL_GROUPS);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        List<AllocationGroup> all = AllocationLogs.section(r.out(), "all");
        for (String site : List.of("array", "object")) {
            String frame = ChildJvm.siteFrame(Callers.class, "fill", site);
            assertThat(count(all, frame, ChildJvm.siteFrame(Callers.class, "fromA", "fillA"),
                    ChildJvm.siteFrame(Callers.class, "main", "fromA"))).as(r.toString()).isEqualTo(300);
            assertThat(count(all, frame, ChildJvm.siteFrame(Callers.class, "fromB", "fillB"),
                    ChildJvm.siteFrame(Callers.class, "main", "fromB"))).as(r.toString()).isEqualTo(700);
        }
        String nested = ChildJvm.siteFrame(Callers.class, "nest", "nested");
        String recurse = ChildJvm.siteFrame(Callers.class, "nest", "recurse");
        String fromMain = ChildJvm.siteFrame(Callers.class, "main", "nest");
        for (int level = 0; level <= 3; level++) {
            List<String> frames = new ArrayList<>();
            frames.add(nested);
            for (int i = 0; i < level; i++) {
                frames.add(recurse);
            }
            frames.add(fromMain);
            assertThat(count(all, frames.toArray(String[]::new))).as(level + " levels deep in " + r).isEqualTo(1);
        }
    }

    /** The count of the group with exactly these frames, or -1 when there is none. */
    private static long count(List<AllocationGroup> groups, String... frames) {
        return groups.stream().filter(g -> g.frames().equals(List.of(frames))).mapToLong(AllocationGroup::count)
                .findFirst().orElse(-1);
    }

    @Test
    void theTableShowsTheGroupAsMemProfDoesAndStackSkipAndDepthChooseTheFrames() {
        ChildJvm.Result r = ChildJvm.runWithAgent(KeepAndFree.class, List.of("-DMEMPROF_MIN_BYTES=20000"));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        String site = ChildJvm.siteFrame(KeepAndFree.class, "makeItems", "item");
        String caller = ChildJvm.siteFrame(KeepAndFree.class, "main", "makeItems");
        String pretty = r.out().substring(r.out().indexOf("-- pretty\n") + 10, r.out().indexOf("-- first"));
        assertThat(pretty).isEqualTo("| Allocations | Total size | Context |\n"
                + "|------------:|-----------:|---------|\n"
                + "| 1,000 | 24,000 | `" + site + "`<br>`" + caller + "` |\n");

        ChildJvm.Result skipped = ChildJvm.runWithAgent(KeepAndFree.class,
                List.of("-DMEMPROF_MIN_BYTES=20000", "-DMEMPROF_STACK_SKIP=1", "-DMEMPROF_STACK_DEPTH=1"));
        assertThat(skipped.exitCode()).as(skipped.toString()).isZero();
        assertThat(AllocationLogs.section(skipped.out(), "first")).as(skipped.toString())
                .containsExactly(new AllocationGroup(1000, 24_000, List.of(caller)));
    }

    @ParameterizedTest(name = "compressed oops {0}")
    @ValueSource(booleans = {true, false})
    void arraysClonesAndReflectiveObjectsHaveTheirExactSizes(boolean compressedOops) {
        ChildJvm.Result r = ChildJvm.runWithAgent(ArraySizes.class,
                List.of("-DMEMPROF_MIN_BYTES=0", compressedOops ? "-XX:+UseCompressedOops" : "-XX:-UseCompressedOops"));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        HprofLayout layout = compressedOops ? HprofLayout.COMPRESSED_64 : HprofLayout.COMPRESSED_CLASSES_64;
        int ref = layout.referenceBytes();
        List<AllocationGroup> log = AllocationLogs.section(r.out(), null);
        Map<String, Integer> elementBytes = Map.of("boolean", 1, "byte", 1, "char", 2, "short", 2, "int", 4,
                "float", 4, "long", 8, "double", 8, "Object", ref, "String", ref);
        elementBytes.forEach((type, bytes) -> {
            long expected = 0;
            for (int n = 0; n < 10; n++) {
                expected += layout.arraySize(n, bytes);
            }
            AllocationGroup g = AllocationLogs.at(log, site(type));
            assertThat(g.count()).as(type).isEqualTo(10);
            assertThat(g.bytes()).as(type + "[] of lengths 0..9").isEqualTo(expected);
        });
        AllocationGroup multi = AllocationLogs.at(log, site("multi"));
        assertThat(multi.count()).isEqualTo(4);
        assertThat(multi.bytes()).isEqualTo(layout.arraySize(3, ref) + 3 * layout.arraySize(5, 4));
        assertThat(AllocationLogs.at(log, site("clone")).bytes()).isEqualTo(layout.arraySize(7, 4));
        assertThat(AllocationLogs.at(log, site("reflectiveArray")).bytes()).isEqualTo(layout.arraySize(6, 8));
        AllocationGroup holder = AllocationLogs.at(log, site("reflectiveObject"));
        assertThat(holder.count()).isEqualTo(1);
        assertThat(holder.bytes()).isEqualTo(layout.align(layout.headerBytes() + ref + 4));
    }

    private static String site(String name) {
        return ChildJvm.siteFrame(ArraySizes.class, "main", name);
    }

    @Test
    void theSeedsObjectGraphHasTheSeedsShapeAndSizesCountEachByteOncePerType() {
        ChildJvm.Result r = ChildJvm.runWithAgent(SeedGraph.class, List.of());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        String graph = r.out().substring(0, r.out().indexOf("-- sizes"));
        String a = SeedGraph.class.getName() + "$A";
        String b = SeedGraph.class.getName() + "$B";
        String c = SeedGraph.class.getName() + "$C";
        List<String> edges = MermaidEdges.of(graph);
        assertThat(edges).as(graph).containsExactlyInAnyOrder(
                b + " -c,0-> " + c,
                b + " -c,0-> " + c,
                "java.lang.Object[] -[0],1-> " + b,
                "java.lang.Object[] -[1],1-> " + b,
                "java.util.ArrayList -elementData,2-> java.lang.Object[]",
                a + " -bs,3-> java.util.ArrayList");
        assertThat(graph).doesNotContain("dev.heaplens");

        HprofLayout layout = HprofLayout.COMPRESSED_64;
        long expectedA = layout.align(12 + 4) // A
                + layout.align(12 + 4 + 4 + 4) // ArrayList: modCount, size, elementData
                + layout.arraySize(10, 4) // its default capacity
                + 2 * layout.align(12 + 4) // B
                + 2 * layout.align(12); // C
        String sizes = r.out().substring(r.out().indexOf("-- sizes\n") + 9, r.out().indexOf("-- counts"));
        assertThat(sizes.lines().skip(1).toList()).as(sizes).contains(expectedA + "\t" + a, 2 * layout.align(12) + "\t" + c);
        assertThat(Long.parseLong(sizes.lines().findFirst().orElseThrow())).isEqualTo(sizes.lines().count() - 1);

        String counts = r.out().substring(r.out().indexOf("-- counts\n") + 10);
        List<String> countLines = counts.lines().skip(1).toList();
        assertThat(countLines).contains("1\t" + a, "2\t" + b, "2\t" + c);
        assertThat(Long.parseLong(counts.lines().findFirst().orElseThrow())).isEqualTo(countLines.size());
        // objects from before the agent and from inside the JDK are there too; the profiler's are not
        assertThat(countLines).anyMatch(l -> l.endsWith("\tjava.lang.String") && Long.parseLong(l.split("\t")[0]) > 100);
        assertThat(countLines).noneMatch(l -> l.contains("dev.heaplens.memprof"));
    }

    @Test
    void objectSizeIsTheHandComputedSumAndTheHprofGraphsFigure(@TempDir Path dir) {
        Path dump = dir.resolve("known.hprof");
        ChildJvm.Result r = ChildJvm.runWithAgent(KnownStructure.class, List.of(), dump.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        long reported = Long.parseLong(r.out().lines().filter(l -> l.startsWith("objectSize\t")).findFirst()
                .orElseThrow().substring("objectSize\t".length()));
        HprofLayout layout = HprofLayout.COMPRESSED_64;
        long byHand = layout.align(12 + 4) // Root
                + 3 * layout.align(12 + 4 + 3 * 4) // Node: value, next, payload, shared
                + layout.arraySize(10, 1) + layout.arraySize(20, 1) + layout.arraySize(30, 1);
        assertThat(reported).isEqualTo(byHand);
        assertThat(reported).isEqualTo(reachableInDump(dump, KnownStructure.Root.class.getName()));
        long mapReported = Long.parseLong(r.out().lines().filter(l -> l.startsWith("mapObjectSize\t")).findFirst()
                .orElseThrow().substring("mapObjectSize\t".length()));
        assertThat(mapReported).isEqualTo(reachableInDump(dump, KnownStructure.MapRoot.class.getName()));
    }

    /**
     * Bytes reachable over strong references from the one object of {@code className} in the dump,
     * not entering class objects (as objectSize does not; the graph may have object-to-class edges).
     */
    private static long reachableInDump(Path dump, String className) {
        try {
            JvmHeap heap = new JvmHeap(HprofGraphReader.read(HprofSource.of(dump)));
            HeapGraph g = heap.graph();
            long[] roots = heap.objectsOfClass(className, 2).first();
            assertThat(roots).hasSize(1);
            boolean[] seen = new boolean[(int) g.objectCount()];
            ArrayDeque<Long> pending = new ArrayDeque<>();
            pending.push(roots[0]);
            seen[(int) roots[0]] = true;
            long bytes = 0;
            while (!pending.isEmpty()) {
                long o = pending.pop();
                bytes += g.shallowSize(o);
                for (long i = g.outStart(o); i < g.outEnd(o); i++) {
                    long to = g.target(i);
                    if (to >= 0 && !g.isWeak(i) && !seen[(int) to] && heap.classObjectName(to) == null) {
                        seen[(int) to] = true;
                        pending.push(to);
                    }
                }
            }
            return bytes;
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Mermaid edges as {@code FromClass -label-> ToClass}, node ids replaced by their classes. */
    static final class MermaidEdges {
        static List<String> of(String mermaid) {
            Map<String, String> classOf = new java.util.HashMap<>();
            List<String[]> raw = new ArrayList<>();
            for (String line : mermaid.lines().map(String::trim).toList()) {
                java.util.regex.Matcher node = java.util.regex.Pattern.compile("^(0x[0-9a-f]+)\\[\"0x[0-9a-f]+ (.*)\"]$").matcher(line);
                java.util.regex.Matcher edge = java.util.regex.Pattern.compile("^(0x[0-9a-f]+) --\"(.*)\"--> (0x[0-9a-f]+)$").matcher(line);
                if (node.matches()) {
                    classOf.put(node.group(1), node.group(2));
                } else if (edge.matches()) {
                    raw.add(new String[] {edge.group(1), edge.group(2), edge.group(3)});
                }
            }
            List<String> out = new ArrayList<>();
            for (String[] e : raw) {
                out.add(classOf.get(e[0]) + " -" + e[1] + "-> " + classOf.get(e[2]));
            }
            return out;
        }
    }
}
