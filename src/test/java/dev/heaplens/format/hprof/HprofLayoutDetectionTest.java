package dev.heaplens.format.hprof;

import dev.heaplens.analysis.jvm.InstanceSizeCheck;
import dev.heaplens.format.hprof.probe.LayoutProbe;
import dev.heaplens.graph.HeapGraph;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The layout is detected from real dumps of child JVMs started with each layout's flags, on
 * JDK 17 and, where it is installed, JDK 25 (compact object headers); sizes then equal the
 * child's own class histogram.
 */
class HprofLayoutDetectionTest {
    private static final String JDK_25 = "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java";
    private static final String THIS_JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    static Stream<Arguments> jvms() {
        return Stream.of(
                Arguments.of(THIS_JAVA, List.<String>of(), HprofLayout.COMPRESSED_64),
                Arguments.of(THIS_JAVA, List.of("-XX:-UseCompressedOops"), HprofLayout.COMPRESSED_CLASSES_64),
                Arguments.of(THIS_JAVA, List.of("-XX:-UseCompressedOops", "-XX:-UseCompressedClassPointers"),
                        Runtime.version().feature() >= 22 ? HprofLayout.UNCOMPRESSED_64_JDK22 : HprofLayout.UNCOMPRESSED_64),
                Arguments.of(THIS_JAVA, List.of("-XX:ObjectAlignmentInBytes=16"), new HprofLayout(12, 16, 4, 16)),
                Arguments.of(JDK_25, List.<String>of(), HprofLayout.COMPRESSED_64),
                Arguments.of(JDK_25, List.of("-XX:+UseCompactObjectHeaders"), HprofLayout.COMPACT_64),
                Arguments.of(JDK_25, List.of("-XX:+UseCompactObjectHeaders", "-XX:-UseCompressedOops"),
                        HprofLayout.COMPACT_UNCOMPRESSED_OOPS_64));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("jvms")
    void detectsTheLayoutAndSizesMatchTheJvmsHistogram(String java, List<String> flags, HprofLayout expected,
                                                       @TempDir Path dir) throws Exception {
        assumeTrue(new File(java).canExecute(), java + " is not installed");
        Path dump = dir.resolve("probe.hprof");
        Path histogram = dir.resolve("probe.histogram");
        List<String> command = new ArrayList<>(List.of(java, "-XX:+UseSerialGC", "-Xmx256m"));
        command.addAll(flags);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), LayoutProbe.class.getName(),
                dump.toString(), histogram.toString()));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes());
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(output).isZero();

        HprofGraphReader.Result read = HprofGraphReader.read(HprofSource.of(dump));
        assertThat(read.layout()).as(read.layoutNote()).isEqualTo(expected);
        assertThat(read.layoutNote()).startsWith("detected: ");

        Map<String, long[]> jvm = HprofJvmOracleTest.parseHistogram(Files.readString(histogram));
        Map<String, long[]> ours = byClass(read);
        for (String probeClass : List.of(LayoutProbe.Wide.class.getName(), LayoutProbe.Narrow.class.getName(),
                LayoutProbe.Narrow.class.getName() + "[]")) {
            assertThat(ours.get(probeClass)).as(probeClass + " (count, bytes)").containsExactly(jvm.get(probeClass));
        }
        assertThat(ours.get(LayoutProbe.Wide.class.getName())[0]).isEqualTo(LayoutProbe.COUNT);
        assertEveryInstanceSize(jvm, ours, java + " " + flags);
        assertAddressGapsAreTheHistogramsSizes(read, jvm);
        assertTheCountsSizeAsTheGraph(dump, jvm, java.equals(JDK_25));
    }

    /**
     * The classes whose size the VM decides beyond their declared fields (a call site's
     * dependencies, a virtual thread's waiter, a chunk's frozen stack) have the histogram's count and
     * bytes in the graph and in the count a histogram makes, read in parts and in one stream. On
     * JDK 25 the probe's virtual threads must be there, so that the check is not empty.
     */
    private static void assertTheCountsSizeAsTheGraph(Path dump, Map<String, long[]> jvm, boolean virtualThreads)
            throws Exception {
        List<String> sizedByTheVm = List.of("jdk.internal.vm.StackChunk", "java.lang.VirtualThread",
                "java.lang.invoke.ConstantCallSite");
        if (virtualThreads) {
            assertThat(jvm.get("jdk.internal.vm.StackChunk")[0]).as("the probe's parked virtual threads' chunks")
                    .isGreaterThanOrEqualTo(LayoutProbe.VIRTUAL_THREADS);
            assertThat(jvm.get("java.lang.VirtualThread")[0]).isGreaterThanOrEqualTo(LayoutProbe.VIRTUAL_THREADS);
        }
        HprofCountReader.Result inParts = HprofCountReader.read(dump, dump.toString(), null, 2, false);
        HprofCountReader.Result inOneStream;
        try (java.io.InputStream in = Files.newInputStream(dump)) {
            inOneStream = HprofCountReader.read(dump.toString(), in, Files.size(dump), null, false, false);
        }
        for (HprofCountReader.Result counted : List.of(inParts, inOneStream)) {
            assertThat(counted.warnings()).as("warnings").noneMatch(w -> w.contains("stacks' sizes"));
            for (String name : sizedByTheVm) {
                long[] h = jvm.get(name);
                if (h == null) {
                    continue;
                }
                long[] c = new long[2];
                for (HprofCountReader.Tally t : counted.tallies()) {
                    if (t.kind() == HprofObjectKind.INSTANCE && name.equals(counted.classes().name(t.classId()))) {
                        c[0] += t.count();
                        c[1] += t.bytes();
                    }
                }
                assertThat(c).as(name + " (count, bytes) counted").containsExactly(h);
            }
        }
    }

    /**
     * The address-gap check (the oracle used where no JVM of the dump's release can run) is itself
     * checked here, where the JVM's histogram is known: every class it judges has the gap the
     * histogram gives as its size, and it finds no class whose computed size is off.
     */
    private static void assertAddressGapsAreTheHistogramsSizes(HprofGraphReader.Result read, Map<String, long[]> jvm) {
        InstanceSizeCheck check = InstanceSizeCheck.of(read.graph(), read.classes()::name);
        int confirmed = 0;
        for (InstanceSizeCheck.ClassGap c : check.classes()) {
            long[] h = jvm.get(c.className());
            // Class objects and stack chunks differ in size (statics, a stack): the histogram gives their mean.
            if (h != null && h[0] > 0 && !c.className().equals("java.lang.Class")
                    && !c.className().equals("jdk.internal.vm.StackChunk")) {
                assertThat(c.gap()).as("gap after " + c.className() + " vs the histogram's size").isEqualTo(h[1] / h[0]);
                confirmed++;
            }
        }
        assertThat(confirmed).as("classes whose gap the histogram confirms").isGreaterThan(100);
        assertThat(check.disagreeing()).as("classes whose computed size is not their gap").isEmpty();
    }

    /**
     * Every class the dump and the histogram count alike has the histogram's bytes: fields the JVM
     * injects, gaps and {@code @Contended} padding included. Classes counted differently (made by
     * the histogram call, class mirrors) say nothing about sizes and are left out.
     */
    private static void assertEveryInstanceSize(Map<String, long[]> jvm, Map<String, long[]> ours, String which) {
        List<String> differ = new ArrayList<>();
        int compared = 0;
        for (Map.Entry<String, long[]> e : jvm.entrySet()) {
            long[] h = e.getValue();
            long[] d = ours.getOrDefault(e.getKey(), new long[2]);
            if (d[0] != h[0] || h[0] == 0) {
                continue;
            }
            compared++;
            if (d[1] != h[1]) {
                differ.add(e.getKey() + ": " + d[1] / d[0] + " vs " + h[1] / h[0] + " bytes each");
            }
        }
        System.out.printf("%s: %d classes compared, %d differ %s%n", which, compared, differ.size(), differ);
        assertThat(compared).as("classes counted alike").isGreaterThan(jvm.size() * 9 / 10);
        assertThat(differ).as("instance sizes that differ from the histogram's").isEmpty();
    }

    private static Map<String, long[]> byClass(HprofGraphReader.Result read) {
        HeapGraph g = read.graph();
        Map<String, long[]> counts = new HashMap<>();
        for (int o = 0; o < g.objectCount(); o++) {
            String name = read.classes().name(g.classAddress(o));
            long[] c = counts.computeIfAbsent(name == null ? "?" : name, k -> new long[2]);
            c[0]++;
            c[1] += g.shallowSize(o);
        }
        return counts;
    }
}
