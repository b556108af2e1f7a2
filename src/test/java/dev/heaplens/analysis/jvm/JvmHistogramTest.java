package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.format.hprof.ClassDump;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.format.hprof.SelfDump;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.io.DumpInput;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Array;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The streaming histogram against the heap graph's on a dump of this test JVM, holding 1,234
 * instances of a class defined by a loader of the test's own.
 */
class JvmHistogramTest {
    private static final String SAMPLED = "dev.heaplens.analysis.jvm.sample.Sampled";
    private static final int COUNT = 1234;
    /** 12-byte header + one long, aligned (compressed oops, as the test JVM's heap is small). */
    private static final long SAMPLED_SIZE = 24;

    /** Defines Sampled itself instead of asking its parent, so that Sampled's loader is this one. */
    static final class IsolatingLoader extends ClassLoader {
        IsolatingLoader() {
            super(JvmHistogramTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(SAMPLED)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded != null) {
                    return loaded;
                }
                try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                    byte[] bytes = in.readAllBytes();
                    return defineClass(name, bytes, 0, bytes.length);
                } catch (IOException e) {
                    throw new ClassNotFoundException(name, e);
                }
            }
        }
    }

    /** A Sampled[] of COUNT instances, reachable from here until the dump is written. */
    static Object held;
    private static Path dir;
    private static Path dump;

    @BeforeAll
    static void dumpThisJvm() throws Exception {
        Class<?> sampled = new IsolatingLoader().loadClass(SAMPLED);
        Object array = Array.newInstance(sampled, COUNT);
        for (int i = 0; i < COUNT; i++) {
            Array.set(array, i, sampled.getDeclaredConstructor().newInstance());
        }
        held = array;
        dir = Files.createTempDirectory("heaplens-jvm-histogram");
        dump = dir.resolve("self.hprof");
        SelfDump.write(dump);
    }

    @AfterAll
    static void cleanUp() throws IOException {
        Files.deleteIfExists(dump);
        Files.deleteIfExists(dir);
        held = null;
    }

    /** Read in two parts at once, except by loader (always one). */
    private static Histogram streamed(GroupBy by) {
        return streamed(by, 2);
    }

    private static Histogram streamed(GroupBy by, int threads) {
        return JvmHistogram.of(JvmHistogram.count(DumpInput.open(dump.toString(), new ByteArrayInputStream(new byte[0])),
                by == GroupBy.LOADER, threads, null, true), by);
    }

    private static Map<String, List<Long>> groups(Histogram h) {
        Map<String, List<Long>> groups = new HashMap<>();
        h.groups().forEach(g -> groups.put(g.key(), List.of(g.count(), g.bytes())));
        return groups;
    }

    /** Every object of the graph, grouped by {@code key}, with its shallow size. */
    private static Map<String, List<Long>> fromGraph(HeapGraph g, IntFunction<String> key) {
        Map<String, List<Long>> groups = new HashMap<>();
        for (int o = 0; o < g.objectCount(); o++) {
            groups.merge(key.apply(o), List.of(1L, g.shallowSize(o)),
                    (a, b) -> List.of(a.get(0) + b.get(0), a.get(1) + b.get(1)));
        }
        return groups;
    }

    @ParameterizedTest
    @EnumSource(value = GroupBy.class, names = {"CLASS", "PACKAGE", "LOADER", "KIND"})
    void everyGroupEqualsTheHeapGraphs(GroupBy by) throws IOException {
        JvmHeap heap = new JvmHeap(HprofGraphReader.read(HprofSource.of(dump)));
        HeapGraph g = heap.graph();
        HprofClasses classes = heap.read().classes();
        IntFunction<String> key = switch (by) {
            case CLASS -> o -> heap.group(o, GroupBy.CLASS);
            case PACKAGE -> o -> heap.group(o, GroupBy.PACKAGE);
            case KIND -> heap::kind;
            default -> o -> loaderThroughTheGraph(g, classes, o);
        };
        Map<String, List<Long>> expected = fromGraph(g, key);
        assertThat(groups(streamed(by))).isEqualTo(expected);
        assertThat(expected.size()).isGreaterThan(by == GroupBy.KIND || by == GroupBy.TYPE ? 3 : 1);
    }

    @Test
    void partsReadAtOnceAddUpToOneRead() {
        Histogram whole = streamed(GroupBy.CLASS, 1);
        assertThat(streamed(GroupBy.CLASS, 2)).isEqualTo(whole);
        assertThat(streamed(GroupBy.CLASS, 5)).isEqualTo(whole);
    }

    /** The loader of the object's class, found as an object of the graph, and that object's class. */
    private static String loaderThroughTheGraph(HeapGraph g, HprofClasses classes, int o) {
        ClassDump c = classes.dump(g.classAddress(o));
        if (c == null) {
            return "<unknown loader>";
        }
        if (c.loaderId() == 0) {
            return "<bootstrap>";
        }
        String address = "0x" + Long.toHexString(c.loaderId());
        long loader = g.objectOf(c.loaderId());
        return loader < 0 ? "<loader " + address + ">" : JvmHeap.className(classes, g.classAddress(loader)) + "@" + address;
    }

    @Test
    void theSampledClassItsPackageAndItsLoaderHoldExactlyWhatTheTestMade() {
        Map<String, List<Long>> byClass = groups(streamed(GroupBy.CLASS));
        assertThat(byClass.get(SAMPLED)).containsExactly((long) COUNT, COUNT * SAMPLED_SIZE);
        long arrayBytes = 16 + 4L * COUNT; // array header + compressed references, a multiple of 8
        assertThat(byClass.get(SAMPLED + "[]")).containsExactly(1L, arrayBytes);
        List<Long> both = List.of(COUNT + 1L, COUNT * SAMPLED_SIZE + arrayBytes);

        assertThat(groups(streamed(GroupBy.PACKAGE)).get("dev.heaplens.analysis.jvm.sample")).isEqualTo(both);

        Map<String, List<Long>> byLoader = groups(streamed(GroupBy.LOADER));
        String loaderPrefix = IsolatingLoader.class.getName() + "@0x";
        assertThat(byLoader.keySet().stream().filter(k -> k.startsWith(loaderPrefix))).singleElement()
                .satisfies(k -> assertThat(byLoader.get(k)).isEqualTo(both));
        assertThat(byLoader).containsKey("<bootstrap>");

        Map<String, List<Long>> byKind = groups(streamed(GroupBy.KIND));
        assertThat(byKind.keySet()).containsExactlyInAnyOrder("instance", "object array", "primitive array", "class");
    }
}
