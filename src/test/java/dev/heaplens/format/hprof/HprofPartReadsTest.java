package dev.heaplens.format.hprof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.heaplens.graph.SameGraphs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A dump read in parts on several threads ({@link HprofPartReads}), or in one pass with the
 * class records read while detecting its layout, gives what one thread reading it whole in two
 * passes gives: the same graph column by column, in the same order (objects, references with
 * their weak marks, positions, roots), the same warnings and, for a broken dump, the same error.
 * The dumps: {@link HprofRandomGraphTest}'s random heaps, their heap dump records re-cut into many
 * segments (some with arrays dumped without contents, some with a broken sub-record), and this
 * JVM's own heap.
 */
class HprofPartReadsTest {
    private static final int SEEDS = 120;

    @TempDir
    Path dir;

    @Test
    void randomHeapsReadInPartsAsWhole() throws IOException {
        int split = 0;
        int failed = 0;
        for (long seed = 1; seed <= SEEDS; seed++) {
            HprofRandomGraphTest.Case c = new HprofRandomGraphTest.Case(seed);
            Random rnd = new Random(seed);
            boolean broken = seed % 7 == 0;
            byte[] bytes = resegment(c.file, c.idSize, rnd, seed % 3 == 0, broken);
            Path file = Files.write(dir.resolve("random-" + seed + ".hprof"), bytes);
            HprofSource source = HprofSource.of(file);
            if (HprofPartReads.split(source, 2, HprofPartReads.GRAPH_PARTS_PER_THREAD) != null) {
                split++;
            }
            String at = "seed " + seed;
            // A broken dump is read with its layout given: detecting it would meet the problem first.
            HprofLayout layout = broken ? c.expectedLayout : c.passedLayout;
            Object whole = readOrError(source, layout, 1, false);
            for (int threads = 1; threads <= 3; threads++) {
                Object parts = readOrError(source, layout, threads, true);
                if (whole instanceof String error) {
                    failed++;
                    assertThat(parts).as("%s, %d threads: error", at, threads).isEqualTo(error);
                } else {
                    assertSame(at + ", " + threads + " threads", (HprofGraphReader.Result) whole,
                            (HprofGraphReader.Result) parts);
                }
            }
        }
        // Most heaps must really be read in parts, and some of them must fail.
        assertThat(split).isGreaterThan(SEEDS * 3 / 4);
        assertThat(failed).isGreaterThan(4);
    }

    @Test
    void ownHeapReadInPartsAsWhole() throws IOException {
        Path dump = SelfDump.write(dir.resolve("self.hprof"));
        HprofSource source = HprofSource.of(dump);
        assertThat(HprofPartReads.split(source, 2, HprofPartReads.GRAPH_PARTS_PER_THREAD)).isNotNull();
        HprofGraphReader.Result whole = HprofGraphReader.read(source, null, false, 1, false);
        assertSame("own heap", whole, HprofGraphReader.read(source, null, false, 1, true));
        assertSame("own heap, 2 threads", whole, HprofGraphReader.read(source, null, false, 2, true));
        assertThat(whole.graph().objectCount()).isGreaterThan(10_000);
    }

    /**
     * Class records after the objects that detecting the layout samples (more than its 8,192):
     * the one-pass read must notice that its classes were made without them and read again.
     * Nodes in a chain, their class dumped first (one pass does), last (a class dump it did not
     * read), or named by records after the heap dump (strings and class names it did not read).
     */
    @Test
    void classRecordsAfterTheSampleAreRead() throws IOException {
        for (String where : List.of("first", "class dump last", "names last")) {
            Path file = dir.resolve(where.replace(' ', '-') + ".hprof");
            int n = 10_000;
            long[] none = {};
            BasicType[] noTypes = {};
            try (java.io.OutputStream os = Files.newOutputStream(file); HprofWriter w = new HprofWriter(os, 8, 4096)) {
                w.utf8(1, "java/lang/Object").utf8(3, "next").loadClass(0x100, 1);
                if (!where.equals("names last")) {
                    w.utf8(2, "Node").loadClass(0x200, 2);
                }
                w.segment().classDump(0x100, 0, none, noTypes, none, none, noTypes).root(RootKind.JNI_GLOBAL, 0x10_000);
                if (!where.equals("class dump last")) {
                    w.classDump(0x200, 0x100, none, noTypes, none, new long[] {3}, new BasicType[] {BasicType.OBJECT});
                }
                for (int i = 0; i < n; i++) {
                    long next = i + 1 < n ? 0x10_000 + 16L * (i + 1) : 0;
                    w.instance(0x10_000 + 16L * i, 0x200, new BasicType[] {BasicType.OBJECT}, new long[] {next});
                }
                if (where.equals("class dump last")) {
                    w.classDump(0x200, 0x100, none, noTypes, none, new long[] {3}, new BasicType[] {BasicType.OBJECT});
                }
                w.endSegment();
                if (where.equals("names last")) {
                    w.utf8(2, "Node").loadClass(0x200, 2);
                }
                w.end();
            }
            HprofSource source = HprofSource.of(file);
            HprofGraphReader.Result twoPasses = HprofGraphReader.read(source, null, false, 1, false);
            assertThat(twoPasses.graph().objectCount()).isEqualTo(n + 2);
            assertThat(twoPasses.classes().name(0x200)).isEqualTo("Node");
            for (int threads = 1; threads <= 2; threads++) {
                assertSame(where + ", " + threads + " threads", twoPasses,
                        HprofGraphReader.read(source, null, false, threads, true));
            }
        }
    }

    /** The result, or the message of the error the read ended with. */
    private static Object readOrError(HprofSource source, HprofLayout layout, int threads, boolean onePass) {
        Object[] result = new Object[1];
        Throwable error = catchThrowable(() -> result[0] = HprofGraphReader.read(source, layout, false, threads, onePass));
        return error != null ? error.getClass().getSimpleName() + ": " + error.getMessage() : result[0];
    }

    static void assertSame(String at, HprofGraphReader.Result expected, HprofGraphReader.Result actual) {
        assertThat(actual.header()).as("%s: header", at).isEqualTo(expected.header());
        assertThat(actual.layout()).as("%s: layout", at).isEqualTo(expected.layout());
        assertThat(actual.warnings()).as("%s: warnings", at).isEqualTo(expected.warnings());
        assertThat(actual.classes().names()).as("%s: class names", at).isEqualTo(expected.classes().names());
        SameGraphs.assertSame(at, expected.graph(), actual.graph());
    }

    /**
     * {@code file} with its heap dump records' sub-records cut into 2 to 12 HEAP DUMP SEGMENTs at
     * random sub-record boundaries (every other record kept), plus arrays dumped without contents
     * when {@code noData}, and two sub-records with an unknown tag when {@code broken}.
     */
    static byte[] resegment(byte[] file, int idSize, Random rnd, boolean noData, boolean broken) {
        ByteBuffer in = ByteBuffer.wrap(file);
        int headerEnd = 0;
        while (file[headerEnd] != 0) {
            headerEnd++;
        }
        headerEnd += 1 + 4 + 8;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(file, 0, headerEnd);
        List<byte[]> subs = new ArrayList<>();
        boolean end = false;
        for (int at = headerEnd; at < file.length; ) {
            int tag = file[at] & 0xFF;
            int length = in.getInt(at + 5);
            int body = at + 9;
            if (tag == HprofTag.HEAP_DUMP.code || tag == HprofTag.HEAP_DUMP_SEGMENT.code) {
                subs.addAll(subRecords(file, body, body + length, idSize));
            } else if (tag == HprofTag.HEAP_DUMP_END.code) {
                end = true;
            } else {
                out.write(file, at, 9 + length);
            }
            at = body + length;
        }
        if (noData) {
            for (int k = rnd.nextInt(4); k >= 0; k--) {
                ByteBuffer s = ByteBuffer.allocate(1 + idSize + 4 + 4 + 1);
                s.put((byte) 0xC3);
                s.put(id(0x7000_0000L + 8L * rnd.nextInt(1 << 20) + 8L * (1 << 21) * rnd.nextInt(2), idSize));
                s.putInt(rnd.nextInt());
                s.putInt(rnd.nextInt(100));
                s.put((byte) BasicType.INT.code);
                subs.add(rnd.nextInt(subs.size() + 1), s.array());
            }
        }
        if (broken && subs.size() > 1) {
            // two, so that the first in the file and a later one are often in different parts
            for (int k = 0; k < 2; k++) {
                subs.add(1 + rnd.nextInt(subs.size() - 1), new byte[] {(byte) 0x42, 0, 0, 0, 0});
            }
        }
        int segments = 2 + rnd.nextInt(11);
        int from = 0;
        for (int k = 1; k <= segments; k++) {
            int to = k == segments ? subs.size() : from + rnd.nextInt(subs.size() - from + 1);
            ByteArrayOutputStream seg = new ByteArrayOutputStream();
            subs.subList(from, to).forEach(seg::writeBytes);
            record(out, HprofTag.HEAP_DUMP_SEGMENT.code, seg.toByteArray());
            from = to;
        }
        if (end || rnd.nextBoolean()) {
            record(out, HprofTag.HEAP_DUMP_END.code, new byte[0]);
        }
        return out.toByteArray();
    }

    /** The sub-records of a heap dump record's body {@code [from, to)}, as found by the reader itself. */
    private static List<byte[]> subRecords(byte[] file, int from, int to, int idSize) {
        List<byte[]> subs = new ArrayList<>();
        HprofInput in = new HprofInput("t", new java.io.ByteArrayInputStream(file, from, to - from), from);
        in.setIdSize(idSize);
        HprofVisitor skip = new HprofVisitor() {
        };
        for (long at = from; at < to; at = in.offset()) {
            HprofReader.readSubRecord(in, skip);
            subs.add(java.util.Arrays.copyOfRange(file, (int) at, (int) in.offset()));
        }
        return subs;
    }

    private static byte[] id(long id, int idSize) {
        ByteBuffer b = ByteBuffer.allocate(idSize);
        if (idSize == 8) {
            b.putLong(id);
        } else {
            b.putInt((int) id);
        }
        return b.array();
    }

    private static void record(ByteArrayOutputStream out, int tag, byte[] body) {
        ByteBuffer h = ByteBuffer.allocate(9);
        h.put((byte) tag).putInt(0).putInt(body.length);
        out.writeBytes(h.array());
        out.writeBytes(body);
    }
}
