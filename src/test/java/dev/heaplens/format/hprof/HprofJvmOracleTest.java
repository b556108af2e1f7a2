package dev.heaplens.format.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.graph.HeapGraph;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import javax.management.ObjectName;

/**
 * The running JVM as oracle: dumps its own heap with known objects in it, takes the class
 * histogram right after, and checks the reader's counts and shallow sizes against it.
 */
class HprofJvmOracleTest {
    /** 12 header + int + compressed String reference = 20, aligned to 24. */
    static final class Sample {
        final int number;
        final String label;

        Sample(int number) {
            this.number = number;
            this.label = "sample-" + number;
        }
    }

    static class Base {
        long wide;
        byte narrow;
    }

    /** Fields over two classes: 12 + 8 + 1 + 4 + 4 = 29, aligned to 32. */
    static final class Derived extends Base {
        Object ref;
        int count;
    }

    /** No fields: a bare header, 16. */
    static final class Marker {
    }

    private static final int SAMPLES = 1000;
    private static final int DERIVED = 300;
    private static final int MARKERS = 50;

    @TempDir
    static Path dir;
    static Object[] kept;
    static Path dump;
    static Map<String, long[]> histogram;
    static Map<String, long[]> histogramBefore;
    static HprofGraphReader.Result result;
    static long readNanos;

    @BeforeAll
    static void dumpOwnHeap() throws Exception {
        Sample[] samples = new Sample[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            samples[i] = new Sample(i);
        }
        Derived[] derived = new Derived[DERIVED];
        for (int i = 0; i < DERIVED; i++) {
            derived[i] = new Derived();
            derived[i].ref = samples[i];
        }
        Map<Integer, Sample> map = new HashMap<>();
        for (int i = 0; i < 100; i++) {
            map.put(i, samples[i]);
        }
        Object[] markers = new Object[MARKERS];
        for (int i = 0; i < MARKERS; i++) {
            markers[i] = new Marker();
        }
        int[] ints = new int[100];
        kept = new Object[] {samples, derived, map, markers, ints};

        dump = dir.resolve("self.hprof");
        // Once before too: the MBean machinery it loads is then in the dump, and a class whose count
        // moves while the dump is taken (a Cleaner run by the GC, another test's thread) is seen
        // moving. Kept as a file until after the dump, so that nothing of it is in the dump.
        // The first time only loads and links what dumping, taking and saving a histogram need.
        Files.delete(SelfDump.write(dir.resolve("warm-up.hprof")));
        Files.writeString(dir.resolve("warm-up.txt"), histogram());
        Path before = Files.writeString(dir.resolve("before.txt"), histogram());
        SelfDump.write(dump);
        histogram = parseHistogram(histogram());
        histogramBefore = parseHistogram(Files.readString(before));

        long start = System.nanoTime();
        result = HprofGraphReader.read(HprofSource.of(dump));
        readNanos = System.nanoTime() - start;
    }

    private static String histogram() throws Exception {
        return (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                new Object[] {new String[0]}, new String[] {String[].class.getName()});
    }

    @AfterAll
    static void release() {
        kept = null;
    }

    /** Class name → {instances, bytes}, names in Java source form (the histogram says {@code [I}). */
    static Map<String, long[]> parseHistogram(String text) {
        Pattern line = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)", Pattern.MULTILINE);
        Map<String, long[]> counts = new HashMap<>();
        Matcher m = line.matcher(text);
        while (m.find()) {
            String name = m.group(3).startsWith("[") ? ClassNames.javaName(m.group(3)) : m.group(3);
            counts.merge(name, new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))},
                    (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
        }
        return counts;
    }

    /** Class name → {instances, bytes} as read from the dump (class objects left out, as in the histogram). */
    static Map<String, long[]> dumpHistogram() {
        HeapGraph g = result.graph();
        Map<String, long[]> counts = new HashMap<>();
        for (int o = 0; o < g.objectCount(); o++) {
            if (HprofObjectKind.of(g.kind(o)) == HprofObjectKind.CLASS) {
                continue;
            }
            String name = result.classes().name(g.classAddress(o));
            long[] c = counts.computeIfAbsent(name == null ? "?" : name, k -> new long[2]);
            c[0]++;
            c[1] += g.shallowSize(o);
        }
        return counts;
    }

    @Test
    void testClassesMatchTheHistogramInCountAndBytes() {
        Map<String, long[]> read = dumpHistogram();
        assertClass(read, Sample.class, SAMPLES, 24);
        assertClass(read, Derived.class, DERIVED, 32);
        assertClass(read, Marker.class, MARKERS, 16);
    }

    private static void assertClass(Map<String, long[]> read, Class<?> type, long count, long size) {
        long[] fromDump = read.get(type.getName());
        long[] fromJvm = histogram.get(type.getName());
        assertThat(fromJvm).as("histogram of " + type.getName()).containsExactly(count, count * size);
        assertThat(fromDump).as("dump of " + type.getName()).containsExactly(count, count * size);
    }

    /** What is known to differ for one class between the dump and the histogram: holds while it still differs. */
    interface Difference {
        boolean holds(long[] dump, long[] histogram);
    }


    /** Other instance counts, for a reason of the JVM's (see each entry). */
    static final Difference COUNT_DIFFERS = (dump, histogram) -> dump[0] != histogram[0];
    /** The histogram counts 1 to 3 more: made by the MBean call that takes it, after the dump. */
    static final Difference MADE_BY_THE_HISTOGRAM_CALL = (dump, histogram) ->
            histogram[0] - dump[0] >= 1 && histogram[0] - dump[0] <= 3;

    /** At most this many objects in the dump are the dumpHeap call's own. */
    static final long DUMP_CALL_OBJECTS = 4;

    record Known(String className, Difference difference, String why) {
    }

    static final List<Known> MADE_BY_THE_CALL = Stream.of("javax.management.ObjectName",
                    "javax.management.ObjectName$Property", "javax.management.ObjectName$Property[]", "java.lang.String",
                    "java.lang.String[]", "byte[]", "java.lang.StringBuilder", "java.lang.Object[]")
            .map(name -> new Known(name, MADE_BY_THE_HISTOGRAM_CALL, "allocated by the histogram's own MBean call"))
            .toList();
    private static final Known CLASS_MIRRORS = new Known("java.lang.Class", COUNT_DIFFERS,
            "the histogram counts every class's mirror; the dump writes them as CLASS DUMP records, left out here");

    /**
     * Every class whose figures differ today, by JDK feature version. Each entry is checked to still
     * differ as it says, so an entry fails (and must go) when the difference is fixed, and a class
     * not listed must match the histogram exactly.
     */
    static final Map<Integer, List<Known>> KNOWN = Map.of(
            17, concat(MADE_BY_THE_CALL, List.of(CLASS_MIRRORS)),
            25, concat(MADE_BY_THE_CALL, List.of(CLASS_MIRRORS,
                    new Known("jdk.internal.vm.FillerElement[]", (dump, histogram) -> dump[0] == 0 && histogram[0] > 0,
                            "heap filler arrays: the histogram names them, the dump writes them as int[]"),
                    new Known("int[]", (dump, histogram) -> dump[0] > histogram[0],
                            "the filler arrays the histogram counts as jdk.internal.vm.FillerElement[]"))));

    private static List<Known> concat(List<Known> a, List<Known> b) {
        return Stream.concat(a.stream(), b.stream()).toList();
    }

    /**
     * Counts one or two apart with the same bytes per object (all objects of the class alike in
     * size); when one side has none, there is no size of the dump's to check.
     */
    static boolean isTransient(long[] dump, long[] histogram) {
        long apart = Math.abs(dump[0] - histogram[0]);
        return apart >= 1 && apart <= 2
                && (dump[0] == 0 || histogram[0] == 0 || dump[1] * histogram[0] == histogram[1] * dump[0]);
    }

    @Test
    void aTransientCountMustKeepTheSizePerObject() {
        assertThat(isTransient(new long[] {3, 48}, new long[] {4, 64})).isTrue();
        assertThat(isTransient(new long[] {3, 48}, new long[] {4, 72})).as("another size per object").isFalse();
        assertThat(isTransient(new long[] {3, 48}, new long[] {3, 48})).as("not apart").isFalse();
        assertThat(isTransient(new long[] {1, 16}, new long[] {5, 80})).as("too far apart").isFalse();
        assertThat(isTransient(new long[] {0, 0}, new long[] {1, 32})).as("a wait node between two waits").isTrue();
        assertThat(isTransient(new long[] {0, 0}, new long[] {3, 96})).as("too far apart").isFalse();
    }

    @Test
    void everyClassMatchesTheHistogramButTheKnownOnes() {
        Map<String, long[]> read = dumpHistogram();
        int same = 0;
        int sameBytes = 0;
        StringBuilder differ = new StringBuilder();
        for (Map.Entry<String, long[]> e : histogram.entrySet()) {
            long[] d = read.getOrDefault(e.getKey(), new long[2]);
            if (d[0] == e.getValue()[0]) {
                same++;
                if (d[1] == e.getValue()[1]) {
                    sameBytes++;
                } else {
                    differ.append("bytes: ").append(e.getKey()).append(' ').append(d[1]).append(" vs ")
                            .append(e.getValue()[1]).append('\n');
                }
            } else if (differ.length() < 2000) {
                differ.append(e.getKey()).append(' ').append(d[0]).append(" vs ").append(e.getValue()[0]).append('\n');
            }
        }
        System.out.printf("hprof oracle: %d classes in the histogram, %d same count, %d same bytes%n%s",
                histogram.size(), same, sameBytes, differ);
        assertThat(same).isGreaterThan(histogram.size() * 95 / 100);

        List<Known> known = KNOWN.get(Runtime.version().feature());
        Assumptions.assumeTrue(known != null, "no list of known differences for JDK " + Runtime.version().feature());
        Map<String, Known> byName = new HashMap<>();
        known.forEach(k -> byName.put(k.className(), k));
        SoftAssertions softly = new SoftAssertions();
        // Objects of classes neither histogram has are those of the dumpHeap call itself (its
        // lambda, a lock's wait node), gone when the histogram is taken: a few, no more.
        Map<String, Long> dumpOnly = new TreeMap<>();
        read.forEach((name, d) -> {
            if (!histogram.containsKey(name) && !histogramBefore.containsKey(name) && !byName.containsKey(name)) {
                dumpOnly.put(name, d[0]);
            }
        });
        softly.assertThat(dumpOnly.values().stream().mapToLong(Long::longValue).sum())
                .as("objects of classes only the dump has: %s", dumpOnly).isLessThanOrEqualTo(DUMP_CALL_OBJECTS);
        Set<String> names = new TreeSet<>(histogram.keySet());
        names.addAll(histogramBefore.keySet());
        names.addAll(byName.keySet());
        List<String> moving = new java.util.ArrayList<>();
        for (String name : names) {
            long[] d = read.getOrDefault(name, new long[2]);
            long[] h = histogram.getOrDefault(name, new long[2]);
            Known k = byName.get(name);
            String figures = String.format("%s: dump %d objects / %d bytes, histogram %d / %d", name, d[0], d[1], h[0], h[1]);
            long[] before = histogramBefore.getOrDefault(name, new long[2]);
            if (before[0] != h[0]) {
                // Moving while the dump was taken (other tests' threads, the GC's cleaners): no
                // snapshot is the dump's moment, so there is nothing exact to check.
                moving.add(name + " " + before[0] + " -> " + d[0] + " -> " + h[0]);
            } else if (k == null && isTransient(d, h)) {
                // Same before and after, one or two apart in the dump: another thread's short-lived
                // state (a lock's wait node) caught at the dump's moment. The size per object is still checked.
                moving.add(name + " " + h[0] + " -> " + d[0] + " -> " + h[0]);
            } else if (k == null) {
                softly.assertThat(d).as(figures + " (not a known difference)").containsExactly(h);
            } else {
                softly.assertThat(k.difference().holds(d, h))
                        .as(figures + " no longer differs as known (" + k.why() + "): drop it from KNOWN").isTrue();
            }
        }
        System.out.printf("hprof oracle: %d classes moved while the dump was taken: %s%n", moving.size(), moving);
        softly.assertThat(moving.size()).as("classes that moved: %s", moving).isLessThanOrEqualTo(histogram.size() / 20);
        softly.assertAll();
    }

    @Test
    void knownArraysAndReferences() {
        HeapGraph g = result.graph();
        HprofClasses classes = result.classes();
        int markerArrays = 0;
        int intArrays = 0;
        for (int o = 0; o < g.objectCount(); o++) {
            String name = classes.name(g.classAddress(o));
            // elements, then the array's class
            if ("java.lang.Object[]".equals(name) && g.outDegree(o) == MARKERS + 1
                    && classes.name(g.classAddress(g.target(g.outStart(o)))).equals(Marker.class.getName())) {
                assertThat(g.shallowSize(o)).isEqualTo(16 + MARKERS * 4);
                markerArrays++;
            }
            if (Sample.class.getName().equals(name)) {
                assertThat(g.outDegree(o)).isEqualTo(2);
                assertThat(classes.name(g.classAddress(g.target(g.outStart(o))))).isEqualTo("java.lang.String");
                assertThat(g.address(g.target(g.outStart(o) + 1))).isEqualTo(g.classAddress(o));
            }
            if ("int[]".equals(name) && g.shallowSize(o) == 16 + 400) {
                intArrays++;
            }
        }
        assertThat(markerArrays).isEqualTo(1);
        assertThat(intArrays).isPositive();
        assertThat(g.rootCategories()).contains("sticky class", "thread object", "Java frame");
        // HotSpot leaves some CDS-archived objects out of the dump while one archived Object[] still
        // points at them (seen on JDK 17: one array of ~2000 elements); nothing else dangles.
        assertThat(g.danglingReferences()).isLessThan(g.referenceCount() / 100);
    }

    @Test
    void gzipReadsTheSame() throws Exception {
        Path gz = dir.resolve("self.hprof.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(dump, out);
        }
        HeapGraph g = HprofGraphReader.read(HprofSource.of(gz)).graph();
        assertThat(g.objectCount()).isEqualTo(result.graph().objectCount());
        assertThat(g.referenceCount()).isEqualTo(result.graph().referenceCount());
        assertThat(g.totalShallowSize()).isEqualTo(result.graph().totalShallowSize());
    }

    @Test
    void readSpeed() throws Exception {
        long start = System.nanoTime();
        HeapGraph g = HprofGraphReader.read(HprofSource.of(dump)).graph();
        long nanos = System.nanoTime() - start;
        System.out.printf("hprof read: %d bytes, %d objects, %d references; first read %.0f ms, second %.0f ms"
                        + " = %.0f objects/s, %.0f MB/s%n",
                Files.size(dump), g.objectCount(), g.referenceCount(), readNanos / 1e6, nanos / 1e6,
                g.objectCount() / (nanos / 1e9), Files.size(dump) / 1e6 / (nanos / 1e9));
        assertThat(g.objectCount()).isEqualTo(result.graph().objectCount());
    }
}
