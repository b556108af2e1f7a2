package dev.heaplens.format.hprof;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.jvm.JvmHistogram;
import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.graph.HeapGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The one-pass counts on small written dumps: the same sizes as the graph, and loaders named. */
class HprofCountReaderTest {
    private static final long[] NONE = {};
    private static final BasicType[] NO_TYPES = {};

    private static HprofCountReader.Result count(byte[] dump, boolean loaders) {
        return HprofCountReader.read("t.hprof", new ByteArrayInputStream(dump), dump.length, HprofLayout.COMPRESSED_64,
                loaders, true);
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 8})
    void countsAndBytesPerKindAndClassEqualTheGraphs(int idSize) {
        byte[] dump = HprofSyntheticTest.tinyHeap(idSize); // an instance comes before its class dump
        HeapGraph g = HprofGraphReader.read(HprofBytes.source("t.hprof", dump, true), HprofLayout.COMPRESSED_64, false).graph();
        Map<List<Long>, List<Long>> fromGraph = new HashMap<>();
        for (int o = 0; o < g.objectCount(); o++) {
            fromGraph.merge(List.of((long) g.kind(o), g.classAddress(o)), List.of(1L, g.shallowSize(o)), HprofCountReaderTest::sum);
        }
        Map<List<Long>, List<Long>> counted = new HashMap<>();
        for (HprofCountReader.Tally t : count(dump, false).tallies()) {
            counted.merge(List.of((long) t.kind().code(), t.classId()), List.of(t.count(), t.bytes()), HprofCountReaderTest::sum);
        }
        assertThat(counted).isEqualTo(fromGraph);
        assertThat(counted.get(List.of((long) HprofObjectKind.INSTANCE.code(), 0x200L))).containsExactly(2L, 48L);
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 8})
    void aFileReadInPartsCountsTheSame(int idSize, @TempDir Path dir) throws IOException {
        byte[] dump = HprofSyntheticTest.tinyHeap(idSize);
        Path file = Files.write(dir.resolve("t.hprof"), dump);
        try (FileChannel channel = FileChannel.open(file)) {
            HprofParts.Split split = HprofParts.of(channel, 2);
            assertThat(split.starts()).hasSize(2); // the file has two segments
            assertThat(split.header().idSize()).isEqualTo(idSize);
        }
        HprofCountReader.Result inParts = HprofCountReader.read(file, "t.hprof", HprofLayout.COMPRESSED_64, 2, true);
        assertThat(new HashSet<>(inParts.tallies())).isEqualTo(new HashSet<>(count(dump, false).tallies()));
    }

    @Test
    void aPartThatFindsAProblemReportsItAtItsFileOffset(@TempDir Path dir) throws IOException {
        byte[] dump = HprofWriter.inMemory(8)
                .utf8(1, "java/lang/Object").loadClass(0x100, 1)
                .segment()
                .classDump(0x100, 0, NONE, NO_TYPES, NONE, NONE, NO_TYPES)
                .endSegment()
                .segment()
                .instance(0x1000, 0x100, NO_TYPES, NONE)
                .rawSubRecord(new byte[] {(byte) 0x99})
                .endSegment()
                .end()
                .toBytes();
        Path file = Files.write(dir.resolve("t.hprof"), dump);
        long badTag = dump.length - 9 - 1; // before HEAP DUMP END
        String expected = "t.hprof: offset " + badTag + ": unknown heap dump sub-record tag 0x99";
        assertThatThrownBy(() -> count(dump, false)).hasMessage(expected);
        assertThatThrownBy(() -> HprofCountReader.read(file, "t.hprof", HprofLayout.COMPRESSED_64, 2, true))
                .isInstanceOf(HeaplensException.class).hasMessage(expected);
    }

    @Test
    void aDumpCutAfterASegmentIsTruncatedInPartsToo(@TempDir Path dir) throws IOException {
        byte[] whole = HprofSyntheticTest.tinyHeap(8);
        byte[] cut = Arrays.copyOf(whole, whole.length - 9); // without HEAP DUMP END
        Path file = Files.write(dir.resolve("t.hprof"), cut);
        String expected = "t.hprof: offset " + cut.length + ": file ends without a HEAP DUMP END record (truncated?)";
        assertThatThrownBy(() -> count(cut, false)).hasMessage(expected);
        assertThatThrownBy(() -> HprofCountReader.read(file, "t.hprof", HprofLayout.COMPRESSED_64, 2, true)).hasMessage(expected);
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 8})
    void packagesPutArraysUnderTheirElementAndPrimitiveArraysApart(int idSize) {
        Histogram h = JvmHistogram.of(count(HprofSyntheticTest.tinyHeap(idSize), false), GroupBy.PACKAGE);
        assertThat(h.groups()).containsExactly(
                new Histogram.Group("java.lang", 4, 32 + 3 * 16), // Object[] and the 3 class objects
                new Histogram.Group("(primitive arrays)", 1, 56),
                new Histogram.Group("com.example", 2, 48));
    }

    /**
     * Plugin is defined by the loader instance 0x7000 (an AppLoader), Orphan by 0x9000, which the
     * dump does not have; everything else by the bootstrap loader.
     */
    private static byte[] heapWithLoaders(int idSize) {
        return HprofWriter.inMemory(idSize)
                .utf8(1, "java/lang/Object").utf8(2, "com/example/AppLoader").utf8(3, "com/example/Plugin")
                .utf8(4, "com/example/Orphan").utf8(5, "java/lang/Class").utf8(6, "value")
                .loadClass(0x100, 1).loadClass(0x600, 2).loadClass(0x200, 3).loadClass(0x800, 4).loadClass(0x500, 5)
                .segment()
                .classDump(0x100, 0, NONE, NO_TYPES, NONE, NONE, NO_TYPES)
                .classDump(0x500, 0x100, NONE, NO_TYPES, NONE, NONE, NO_TYPES)
                .classDump(0x600, 0x100, NONE, NO_TYPES, NONE, NONE, NO_TYPES)
                .classDump(0x200, 0x100, 0x7000, NONE, NO_TYPES, NONE, new long[] {6}, new BasicType[] {BasicType.INT})
                .classDump(0x800, 0x100, 0x9000, NONE, NO_TYPES, NONE, NONE, NO_TYPES)
                .instance(0x7000, 0x600, NO_TYPES, NONE)
                .instance(0x1000, 0x200, new BasicType[] {BasicType.INT}, new long[] {1})
                .instance(0x1001, 0x200, new BasicType[] {BasicType.INT}, new long[] {2})
                .instance(0x2000, 0x800, NO_TYPES, NONE)
                .endSegment()
                .end()
                .toBytes();
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 8})
    void loadersAreNamedByTheClassOfTheirInstance(int idSize) {
        HprofCountReader.Result counts = count(heapWithLoaders(idSize), true);
        assertThat(counts.loaderClass(0x7000)).isEqualTo(0x600);
        assertThat(counts.loaderClass(0x9000)).isZero();
        Map<String, Histogram.Group> byLoader = new HashMap<>();
        JvmHistogram.of(counts, GroupBy.LOADER).groups().forEach(g -> byLoader.put(g.key(), g));
        assertThat(byLoader.keySet()).containsExactlyInAnyOrder("com.example.AppLoader@0x7000", "<loader 0x9000>", "<bootstrap>");
        assertThat(byLoader.get("com.example.AppLoader@0x7000")).isEqualTo(new Histogram.Group("com.example.AppLoader@0x7000", 2, 32));
        assertThat(byLoader.get("<loader 0x9000>")).isEqualTo(new Histogram.Group("<loader 0x9000>", 1, 16));
        // the AppLoader instance and the 5 class objects (their class, java.lang.Class, is the bootstrap loader's)
        assertThat(byLoader.get("<bootstrap>").count()).isEqualTo(6);
    }

    @Test
    void instancesWhoseFieldsDisagreeWithTheirClassAreAnError() {
        byte[] dump = HprofWriter.inMemory(8)
                .utf8(1, "java/lang/Object").utf8(3, "com/example/Plugin").utf8(6, "value")
                .loadClass(0x100, 1).loadClass(0x200, 3)
                .segment()
                .classDump(0x100, 0, NONE, NO_TYPES, NONE, NONE, NO_TYPES)
                .classDump(0x200, 0x100, NONE, NO_TYPES, NONE, new long[] {6}, new BasicType[] {BasicType.INT})
                .instance(0x1000, 0x200, new BasicType[] {BasicType.LONG}, new long[] {1})
                .endSegment()
                .end()
                .toBytes();
        assertThatThrownBy(() -> count(dump, false)).isInstanceOf(HeaplensException.class)
                .hasMessage("t.hprof: the 1 instances of class 0x200 have 8 bytes of fields in all,"
                        + " their class hierarchy says 4 each");
    }

    private static List<Long> sum(List<Long> a, List<Long> b) {
        return List.of(a.get(0) + b.get(0), a.get(1) + b.get(1));
    }
}
