package dev.heaplens.format.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.graph.HeapGraph;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

class HprofSyntheticTest {
    private static final BasicType[] NODE_FIELDS = {BasicType.INT, BasicType.OBJECT};

    /** A tiny heap where an instance comes before its class dump, in both id sizes. */
    static byte[] tinyHeap(int idSize) {
        HprofWriter w = HprofWriter.inMemory(idSize)
                .utf8(1, "java/lang/Object").utf8(2, "com/example/Node").utf8(3, "[Ljava/lang/Object;")
                .utf8(4, "[I").utf8(5, "java/lang/Class").utf8(6, "value").utf8(7, "next").utf8(8, "INSTANCE")
                .loadClass(0x100, 1).loadClass(0x200, 2).loadClass(0x300, 3).loadClass(0x400, 4).loadClass(0x500, 5)
                .record(HprofTag.STACK_TRACE, new byte[12]) // skipped
                .rawRecord(0x77, new byte[3]) // an unknown tag, skipped by length
                .segment()
                .root(RootKind.STICKY_CLASS, 0x200)
                .root(RootKind.JAVA_FRAME, 0x1000)
                .root(RootKind.UNKNOWN, 0x2000)
                .instance(0x1000, 0x200, NODE_FIELDS, new long[] {7, 0x1001})
                .instance(0x1001, 0x200, NODE_FIELDS, new long[] {8, 0})
                .classDump(0x100, 0, new long[0], new BasicType[0], new long[0], new long[0], new BasicType[0])
                .endSegment()
                .segment()
                .classDump(0x200, 0x100, new long[] {8}, new BasicType[] {BasicType.OBJECT}, new long[] {0x1000},
                        new long[] {6, 7}, NODE_FIELDS)
                .classDump(0x500, 0x100, new long[0], new BasicType[0], new long[0], new long[0], new BasicType[0])
                .objectArray(0x2000, 0x300, 0x1000, 0, 0x1001)
                .primitiveArray(0x3000, BasicType.INT, 10)
                .endSegment()
                .end();
        return w.toBytes();
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 8})
    void readsObjectsReferencesRootsAndNames(int idSize) {
        HprofGraphReader.Result r = HprofGraphReader.read(HprofBytes.source("t.hprof", tinyHeap(idSize), true),
                HprofLayout.COMPRESSED_64, false);
        HeapGraph g = r.graph();
        assertThat(r.header().idSize()).isEqualTo(idSize);
        assertThat(r.header().version()).isEqualTo("JAVA PROFILE 1.0.2");
        assertThat(g.objectCount()).isEqualTo(7);

        // Fields first, then the object's class (the JVM keeps it alive; dangling ones are dropped).
        assertObject(g, 0x1000, HprofObjectKind.INSTANCE, 0x200, 24, 0x1001, 0x200);
        assertObject(g, 0x1001, HprofObjectKind.INSTANCE, 0x200, 24, 0x200);
        assertObject(g, 0x100, HprofObjectKind.CLASS, 0x500, 16);
        assertObject(g, 0x200, HprofObjectKind.CLASS, 0x500, 16, 0x100, 0x1000);
        assertObject(g, 0x2000, HprofObjectKind.OBJECT_ARRAY, 0x300, 32, 0x1000, 0x1001);
        assertObject(g, 0x3000, HprofObjectKind.PRIMITIVE_ARRAY, 0x400, 56);

        List<String> roots = new ArrayList<>();
        for (int i = 0; i < g.rootCount(); i++) {
            roots.add(g.rootCategory(i) + "->" + Long.toHexString(g.address(g.rootTarget(i))));
        }
        assertThat(roots).containsExactly("sticky class->200", "Java frame->1000", "unknown->2000");

        assertThat(r.classes().name(0x200)).isEqualTo("com.example.Node");
        assertThat(r.classes().name(0x300)).isEqualTo("java.lang.Object[]");
        assertThat(r.classes().name(0x400)).isEqualTo("int[]");
        assertThat(g.position(g.objectOf(0x1000))).isPositive();
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 8})
    void uncompressedLayoutChangesSizes(int idSize) {
        HeapGraph g = HprofGraphReader.read(HprofBytes.source("t.hprof", tinyHeap(idSize), true),
                HprofLayout.UNCOMPRESSED_64, false).graph();
        assertThat(g.shallowSize(g.objectOf(0x1000))).isEqualTo(32); // 16 + 4 + 8
        assertThat(g.shallowSize(g.objectOf(0x2000))).isEqualTo(48); // 24 + 3 * 8
        assertThat(g.shallowSize(g.objectOf(0x3000))).isEqualTo(64); // 24 + 40
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 8})
    void defaultLayoutFollowsIdSize(int idSize) {
        HprofGraphReader.Result r = HprofGraphReader.read(HprofBytes.source("t.hprof", tinyHeap(idSize), true));
        assertThat(r.layout()).isEqualTo(idSize == 8 ? HprofLayout.COMPRESSED_64 : HprofLayout.JVM_32);
    }

    private static void assertObject(HeapGraph g, long address, HprofObjectKind kind, long classAddress, long size,
                                     long... targets) {
        long o = g.objectOf(address);
        assertThat(o).as("object 0x%x", address).isNotNegative();
        assertThat(HprofObjectKind.of(g.kind(o))).isEqualTo(kind);
        assertThat(g.classAddress(o)).isEqualTo(classAddress);
        assertThat(g.shallowSize(o)).as("size of 0x%x", address).isEqualTo(size);
        List<Long> out = new ArrayList<>();
        for (long i = g.outStart(o); i < g.outEnd(o); i++) {
            out.add(g.address(g.target(i)));
        }
        List<Long> expected = new ArrayList<>();
        for (long t : targets) {
            expected.add(t);
        }
        assertThat(out).containsExactlyElementsOf(expected);
    }
}
