package dev.heaplens.format.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.analysis.jvm.InstanceSizeCheck;
import dev.heaplens.graph.HeapGraph;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The field layout rules of HotSpot releases that cannot run here, on written dumps: the release
 * is told by marker classes and fields only, and the expected sizes are worked out by hand from
 * each release's rules (before JDK 15 a subclass starts after its superclass's fields and cannot
 * fill their gap; JDK 5 put references first everywhere). Instances sit one expected size apart,
 * as in a live dump, so the address-gap check must find them all fitting, and must find the
 * classes that do not when they sit another release's size apart.
 */
class HotSpotLayoutRulesTest {
    /** Field types of the test classes, own fields only, and each one's superclass (0: Object). */
    private record TestClass(String name, long id, long superId, BasicType... fields) {
    }

    private static final long OBJECT = 0x100;
    private static final TestClass P = new TestClass("app/P", 0x201, OBJECT, BasicType.LONG);
    private static final TestClass C = new TestClass("app/C", 0x202, 0x201, BasicType.INT);
    private static final TestClass E = new TestClass("app/E", 0x203, 0x201, BasicType.BYTE);
    private static final TestClass D = new TestClass("app/D", 0x204, OBJECT, BasicType.INT, BasicType.LONG,
            BasicType.BYTE, BasicType.OBJECT);
    /** java.util.zip.Inflater of JDK 5 and 6: long strm, byte[] buf, int off, int len, boolean finished, needDict. */
    private static final TestClass I = new TestClass("app/I", 0x205, OBJECT, BasicType.LONG, BasicType.OBJECT,
            BasicType.INT, BasicType.INT, BasicType.BOOLEAN, BasicType.BOOLEAN);

    /** A release's marker classes: class name → its own instance fields (name → type). */
    private static Map<String, Map<String, BasicType>> markers(int release) {
        Map<String, Map<String, BasicType>> m = new LinkedHashMap<>();
        Map<String, BasicType> thread = new LinkedHashMap<>();
        thread.put("eetop", BasicType.LONG);
        Map<String, BasicType> mirror = new LinkedHashMap<>();
        // A late JDK 5 update has parkBlocker too; JDK 6 dropped Thread.started.
        thread.put("parkBlocker", BasicType.OBJECT);
        if (release <= 5) {
            thread.put("started", BasicType.BOOLEAN);
        }
        if (release >= 8) {
            thread.put("threadLocalRandomSeed", BasicType.LONG);
        }
        if (release >= 15) {
            mirror.put("classData", BasicType.OBJECT);
        }
        m.put("java/lang/Thread", thread);
        m.put("java/lang/Class", mirror);
        if (release >= 9) {
            m.put("java/lang/Module", new LinkedHashMap<>());
        }
        return m;
    }

    /** A dump of {@code release}'s markers and 5 instances of each class, each {@code sizes} apart. */
    private static HprofGraphReader.Result dump(int release, int idSize, Map<TestClass, Long> sizes) {
        HprofWriter w = HprofWriter.inMemory(idSize).utf8(1, "java/lang/Object").loadClass(OBJECT, 1);
        long string = 10;
        long classId = 0x300;
        List<long[]> markerDumps = new ArrayList<>();
        List<BasicType[]> markerTypes = new ArrayList<>();
        for (Map.Entry<String, Map<String, BasicType>> e : markers(release).entrySet()) {
            w.utf8(++string, e.getKey()).loadClass(++classId, string);
            long[] names = new long[e.getValue().size()];
            int i = 0;
            for (String field : e.getValue().keySet()) {
                w.utf8(++string, field);
                names[i++] = string;
            }
            markerDumps.add(new long[] {classId});
            markerDumps.add(names);
            markerTypes.add(e.getValue().values().toArray(new BasicType[0]));
        }
        for (TestClass c : sizes.keySet()) {
            w.utf8(++string, c.name()).loadClass(c.id(), string);
        }
        w.segment().classDump(OBJECT, 0, new long[0], new BasicType[0], new long[0], new long[0], new BasicType[0]);
        for (int i = 0; i < markerTypes.size(); i++) {
            w.classDump(markerDumps.get(2 * i)[0], OBJECT, new long[0], new BasicType[0], new long[0],
                    markerDumps.get(2 * i + 1), markerTypes.get(i));
        }
        long address = 0x10000;
        for (Map.Entry<TestClass, Long> e : sizes.entrySet()) {
            TestClass c = e.getKey();
            long[] names = new long[c.fields().length];
            w.classDump(c.id(), c.superId(), new long[0], new BasicType[0], new long[0], names, c.fields());
            List<BasicType> all = new ArrayList<>();
            for (TestClass k = c; k != null; k = superOf(k, sizes)) {
                all.addAll(List.of(k.fields()));
            }
            for (int n = 0; n < 5; n++) {
                w.instance(address, c.id(), all.toArray(new BasicType[0]), new long[all.size()]);
                address += e.getValue();
            }
        }
        byte[] bytes = w.endSegment().end().toBytes();
        HprofLayout layout = idSize == 8 ? HprofLayout.COMPRESSED_64 : HprofLayout.JVM_32;
        return HprofGraphReader.read(HprofBytes.source("rules.hprof", bytes, true), layout, false);
    }

    private static TestClass superOf(TestClass c, Map<TestClass, Long> classes) {
        return classes.keySet().stream().filter(k -> k.id() == c.superId()).findFirst().orElse(null);
    }

    private static Map<String, Long> sizes(HprofGraphReader.Result r) {
        Map<String, Long> sizes = new LinkedHashMap<>();
        HeapGraph g = r.graph();
        for (int o = 0; o < g.objectCount(); o++) {
            if (HprofObjectKind.of(g.kind(o)) == HprofObjectKind.INSTANCE) {
                sizes.put(r.classes().name(g.classAddress(o)), g.shallowSize(o));
            }
        }
        return sizes;
    }

    private static Map<TestClass, Long> expect(Object... classAndSize) {
        Map<TestClass, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < classAndSize.length; i += 2) {
            m.put((TestClass) classAndSize[i], ((Number) classAndSize[i + 1]).longValue());
        }
        return m;
    }

    private static void assertSizesFitTheGaps(HprofGraphReader.Result r, Map<TestClass, Long> expected) {
        Map<String, Long> want = new LinkedHashMap<>();
        expected.forEach((c, size) -> want.put(c.name().replace('/', '.'), size));
        assertThat(sizes(r)).containsExactlyInAnyOrderEntriesOf(want);
        InstanceSizeCheck check = InstanceSizeCheck.of(r.graph(), r.classes()::name);
        assertThat(check.classes()).hasSize(expected.size());
        assertThat(check.disagreeing()).isEmpty();
    }

    @Test
    void jdk8SubclassesStartAfterTheirSuperclassesFieldsAndFillNoGapOfTheirs() {
        // 12 header, 4 gap, long at 16: P ends at 24. C's int and E's byte go at 24, not into P's gap.
        Map<TestClass, Long> expected = expect(P, 24, C, 32, E, 32, D, 32);
        HprofGraphReader.Result r = dump(8, 8, expected);
        assertThat(r.classes().assumedJvm()).startsWith("JDK 8, from Thread.threadLocalRandomSeed")
                .endsWith("(the rules before JDK 15)");
        assertSizesFitTheGaps(r, expected);
    }

    @Test
    void jdk15AndLaterFillTheSuperclassesGap() {
        Map<TestClass, Long> expected = expect(P, 24, C, 24, E, 24, D, 32);
        HprofGraphReader.Result r = dump(17, 8, expected);
        assertThat(r.classes().assumedJvm()).startsWith("JDK 15-18, from Class.classData").endsWith("(the JDK 15+ rules)");
        assertSizesFitTheGaps(r, expected);
    }

    @Test
    void theGapCheckNamesTheClassesOfAnotherReleasesSizes() {
        // JDK 8 markers, objects placed as JDK 17 would: C and E sit 24 apart, computed 32.
        HprofGraphReader.Result r = dump(8, 8, expect(P, 24, C, 24, E, 24, D, 32));
        InstanceSizeCheck check = InstanceSizeCheck.of(r.graph(), r.classes()::name);
        assertThat(check.disagreeing()).extracting(InstanceSizeCheck.ClassGap::className, InstanceSizeCheck.ClassGap::computed,
                InstanceSizeCheck.ClassGap::gap).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("app.C", 32L, 24L), org.assertj.core.groups.Tuple.tuple("app.E", 32L, 24L));
        assertThat(check.agreeing()).isEqualTo(2);
    }

    @Test
    void jdk5PutReferencesFirstAndJdk6Last() {
        // 32-bit, 8-byte header. JDK 6: long 8, ints 16 and 20, booleans 24 and 25, byte[] 28: 32.
        // JDK 5: byte[] 8, long 16, ints 24 and 28, booleans 32 and 33: 40 (in a public dump of a
        // 32-bit JDK 5, Inflater instances sit 40 bytes apart).
        HprofGraphReader.Result jdk6 = dump(6, 4, expect(I, 32, P, 16, C, 24));
        assertThat(jdk6.classes().assumedJvm()).startsWith("JDK 6, from Thread.parkBlocker");
        assertSizesFitTheGaps(jdk6, expect(I, 32, P, 16, C, 24));
        HprofGraphReader.Result jdk5 = dump(5, 4, expect(I, 40, P, 16, C, 24));
        assertThat(jdk5.classes().assumedJvm()).startsWith("JDK 5 or older, from Thread.started");
        assertSizesFitTheGaps(jdk5, expect(I, 40, P, 16, C, 24));
    }
}
