package dev.heaplens.format.hprof;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heaplens.HeaplensException;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.Arrays;

class HprofErrorsTest {
    private static void assertFails(byte[] data, boolean sizeKnown, String message) {
        assertThatThrownBy(() -> HprofGraphReader.read(HprofBytes.source("t.hprof", data, sizeKnown), null, true))
                .isInstanceOf(HeaplensException.class)
                .hasMessage(message);
    }

    @Test
    void wrongMagic() {
        assertFails("JAVA PROFILE 2.0\0rest".getBytes(StandardCharsets.US_ASCII), true,
                "t.hprof: offset 0: not an HPROF heap dump: it does not start with \"JAVA PROFILE 1.0.1\", \"1.0.2\" or \"1.0.3\"");
        assertFails("{\"address\":\"0x1\"}\n".getBytes(StandardCharsets.US_ASCII), true,
                "t.hprof: offset 0: not an HPROF heap dump: it does not start with \"JAVA PROFILE 1.0.1\", \"1.0.2\" or \"1.0.3\"");
        assertFails(new byte[0], true,
                "t.hprof: offset 0: not an HPROF heap dump: it does not start with \"JAVA PROFILE 1.0.1\", \"1.0.2\" or \"1.0.3\"");
    }

    @Test
    void badIdSize() {
        byte[] data = HprofWriter.inMemory(8).toBytes();
        data[22] = 2; // the u4 id size at offset 19
        assertFails(data, true, "t.hprof: offset 19: unsupported identifier size 2 (expected 4 or 8)");
    }

    @Test
    void unknownSubRecordTag() {
        byte[] data = HprofWriter.inMemory(8).segment().rawSubRecord(new byte[] {0x42}).endSegment().end().toBytes();
        // 31 header bytes, 9 of record header, then the sub-record.
        assertFails(data, true, "t.hprof: offset 40: unknown heap dump sub-record tag 0x42");
    }

    @Test
    void truncatedFileOfKnownSize() {
        byte[] whole = HprofSyntheticTest.tinyHeap(8);
        byte[] cut = Arrays.copyOf(whole, whole.length - 30);
        int segment = segmentOffsets(whole)[1];
        assertFails(cut, true, "t.hprof: offset " + segment + ": HEAP DUMP SEGMENT record of "
                + (whole.length - 9 - 9 - segment) + " bytes goes past the end of the file at offset " + cut.length
                + " (truncated?)");
    }

    @Test
    void truncatedStreamReportsWhereItEnds() {
        byte[] data = HprofWriter.inMemory(8).segment()
                .instance(0x10, 0x20, new BasicType[] {BasicType.LONG, BasicType.LONG}, new long[] {1, 2})
                .endSegment().end().toBytes();
        byte[] cut = Arrays.copyOf(data, 40 + 25); // inside the instance's 16 field bytes
        assertFails(cut, false, "t.hprof: offset 65: file ends inside the INSTANCE DUMP sub-record that starts"
                + " at offset 40 (truncated?)");
    }

    @Test
    void cutAtARecordBoundary() {
        byte[] data = HprofWriter.inMemory(8).segment().root(RootKind.UNKNOWN, 0x10).endSegment().toBytes();
        assertFails(data, true, "t.hprof: offset " + data.length + ": file ends without a HEAP DUMP END record (truncated?)");
    }

    @Test
    void subRecordPastItsSegment() {
        // An object array claiming 1000 elements in a segment that holds none of them.
        byte[] data = HprofWriter.inMemory(8).segment().rawSubRecord(ByteBuffer.allocate(25)
                .put((byte) HeapDumpTag.OBJECT_ARRAY_DUMP.code).putLong(0x10).putInt(0).putInt(1000).putLong(0x20).array()).endSegment().end().toBytes();
        assertFails(data, true, "t.hprof: offset 40: the OBJECT ARRAY DUMP sub-record's 8000 bytes of contents"
                + " run past the end of its record at offset 65");
    }

    /** Offsets of the HEAP DUMP SEGMENT records of a file written by {@link HprofWriter}. */
    private static int[] segmentOffsets(byte[] data) {
        int[] found = new int[4];
        int n = 0;
        int at = 31;
        while (at < data.length) {
            int tag = data[at] & 0xFF;
            int length = HprofInput.getInt(data, at + 5);
            if (tag == 0x1C) {
                found[n++] = at;
            }
            at += 9 + length;
        }
        return Arrays.copyOf(found, n);
    }
}
