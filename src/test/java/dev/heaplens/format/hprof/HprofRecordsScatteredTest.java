package dev.heaplens.format.hprof;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Records read again by their offsets, the few far apart (a small buffer, gaps sought past) and
 * the many close together (the reader's buffer): each must be the record written there, whatever
 * the gaps, the records' own sizes (arrays larger than either buffer) and the contents asked for.
 * The oracle is what the test wrote, found at the offsets a whole read of the file reports.
 */
class HprofRecordsScatteredTest {
    private static final int ID_SIZE = 8;
    private static final long ARRAY_CLASS = 0x300;
    private static final long NODE = 0x200;
    private static final BasicType[] NODE_FIELDS = {BasicType.LONG, BasicType.OBJECT};

    @TempDir
    Path dir;

    @Test
    void everyRecordIsTheOneWrittenThereWhateverTheGapsAndBuffers() throws IOException {
        Random random = new Random(24);
        HprofWriter w = HprofWriter.inMemory(ID_SIZE).utf8(1, "java/lang/Object").utf8(2, "com/example/Node")
                .loadClass(0x100, 1).loadClass(NODE, 2).segment()
                .classDump(0x100, 0, new long[0], new BasicType[0], new long[0], new long[0], new BasicType[0])
                .classDump(NODE, 0x100, new long[0], new BasicType[0], new long[0], new long[] {1, 2}, NODE_FIELDS);
        Map<Long, Object> written = new HashMap<>(); // id -> byte[] contents, long[] elements or long[] field values
        for (long id = 0x10000; id < 0x10000 + 600; id++) {
            switch (random.nextInt(3)) {
                case 0 -> { // some arrays larger than both buffers, most small
                    int length = random.nextInt(10) == 0 ? 20_000 + random.nextInt(300_000) : random.nextInt(200);
                    byte[] data = new byte[length];
                    random.nextBytes(data);
                    w.primitiveArray(id, BasicType.BYTE, length, data);
                    written.put(id, data);
                }
                case 1 -> {
                    long[] elements = random.longs(random.nextInt(random.nextInt(8) == 0 ? 5000 : 20), 0, 1 << 20).toArray();
                    w.objectArray(id, ARRAY_CLASS, elements);
                    written.put(id, elements);
                }
                default -> {
                    long[] values = {random.nextLong(), random.nextInt(1 << 20)};
                    w.instance(id, NODE, NODE_FIELDS, values);
                    written.put(id, values);
                }
            }
        }
        byte[] bytes = w.endSegment().end().toBytes();
        Path file = Files.write(dir.resolve("scattered.hprof"), bytes);
        List<long[]> objects = offsetsOfObjects(bytes); // {offset, id}
        HprofSource source = HprofSource.of(file);
        for (int trial = 0; trial < 200; trial++) {
            List<long[]> chosen = new ArrayList<>();
            double keep = switch (trial % 3) {
                case 0 -> 0.01; // far apart: sought past
                case 1 -> 0.3;
                default -> 1.0; // all of them: read through
            };
            for (long[] o : objects) {
                if (random.nextDouble() < keep) {
                    chosen.add(o);
                }
            }
            int limit = new int[] {0, 7, 40_000, Integer.MAX_VALUE}[random.nextInt(4)];
            long[] offsets = chosen.stream().mapToLong(o -> o[0]).toArray();
            Map<Long, HprofRecords.Record> read = HprofRecords.fetch(source, ID_SIZE, offsets, limit);
            assertThat(read).hasSize(chosen.size());
            for (long[] o : chosen) {
                assertSame(read.get(o[0]), written.get(o[1]), limit);
            }
        }
    }

    private static void assertSame(HprofRecords.Record record, Object written, int limit) {
        if (written instanceof byte[] data) {
            HprofRecords.PrimitiveArray array = (HprofRecords.PrimitiveArray) record;
            assertThat(array.length()).isEqualTo(data.length);
            assertThat(array.data()).isEqualTo(Arrays.copyOf(data, Math.min(limit, data.length)));
        } else if (record instanceof HprofRecords.ObjectArray array) {
            assertThat(array.classId()).isEqualTo(ARRAY_CLASS);
            assertThat(array.elements()).isEqualTo((long[]) written);
        } else {
            HprofRecords.Instance instance = (HprofRecords.Instance) record;
            long[] values = (long[]) written;
            assertThat(instance.classId()).isEqualTo(NODE);
            assertThat(ByteBuffer.wrap(instance.fields()).getLong(0)).isEqualTo(values[0]);
            assertThat(ByteBuffer.wrap(instance.fields()).getLong(8)).isEqualTo(values[1]);
        }
    }

    /** Where a whole read of the file finds each object record, with its id, in file order. */
    private static List<long[]> offsetsOfObjects(byte[] bytes) {
        List<long[]> found = new ArrayList<>();
        HprofReader.read("scattered.hprof", new ByteArrayInputStream(bytes), bytes.length, new HprofVisitor() {
            @Override
            public void instance(long id, long classId, byte[] fields, int length, long offset) {
                found.add(new long[] {offset, id});
            }

            @Override
            public void objectArray(long id, long arrayClassId, long[] elements, int length, long offset) {
                found.add(new long[] {offset, id});
            }

            @Override
            public void primitiveArray(long id, BasicType type, long length, long offset) {
                found.add(new long[] {offset, id});
            }
        });
        return found;
    }
}
