package dev.heaplens.format.hprof;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Writes an HPROF heap dump record by record, as HotSpot lays it out: synthetic dumps for tests and
 * benchmark inputs of any size. Streaming: only the heap dump segment being written is held in
 * memory, and a segment longer than {@code segmentLimit} bytes is closed and a new one opened
 * between two sub-records (a reader cannot tell), so memory stays bounded however big the dump.
 *
 * <p>Calls chain; an I/O failure is an {@link UncheckedIOException}. Sub-records ({@link #root},
 * {@link #classDump}, {@link #instance}, arrays) go between {@link #segment()} and
 * {@link #endSegment()}; {@link #end()} writes HEAP DUMP END, {@link #close()} flushes and closes.
 */
public final class HprofWriter implements Closeable {
    /** Segments are closed past this size by default: small enough to buffer, big enough to be few. */
    public static final int DEFAULT_SEGMENT_LIMIT = 1 << 20;
    private static final long TIMESTAMP = 1_700_000_000_000L;

    private final OutputStream target;
    private final DataOutputStream out;
    private final ByteArrayOutputStream memory;
    private final int idSize;
    private final int segmentLimit;
    private final ByteArrayOutputStream segment = new ByteArrayOutputStream();
    private final DataOutputStream seg = new DataOutputStream(segment);
    private boolean inSegment;

    /** A writer to {@code out} (buffered here) with ids of {@code idSize} bytes (4 or 8). */
    public HprofWriter(OutputStream out, int idSize) {
        this(out, idSize, DEFAULT_SEGMENT_LIMIT, null);
    }

    /** As above, closing each heap dump segment once it holds {@code segmentLimit} bytes or more. */
    public HprofWriter(OutputStream out, int idSize, int segmentLimit) {
        this(out, idSize, segmentLimit, null);
    }

    private HprofWriter(OutputStream target, int idSize, int segmentLimit, ByteArrayOutputStream memory) {
        if (idSize != 4 && idSize != 8) {
            throw new IllegalArgumentException("id size " + idSize);
        }
        this.target = target;
        this.out = new DataOutputStream(new BufferedOutputStream(target, 1 << 16));
        this.memory = memory;
        this.idSize = idSize;
        this.segmentLimit = segmentLimit;
        io(() -> {
            out.write("JAVA PROFILE 1.0.2".getBytes(StandardCharsets.US_ASCII));
            out.write(0);
            out.writeInt(idSize);
            out.writeLong(TIMESTAMP);
        });
    }

    /** A writer into memory, for small dumps: {@link #toBytes()} gives the file. */
    public static HprofWriter inMemory(int idSize) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        return new HprofWriter(bytes, idSize, Integer.MAX_VALUE, bytes);
    }

    public int idSize() {
        return idSize;
    }

    // ---- top-level records

    /** A UTF8 record: string {@code id} is {@code text} (class, field and thread names). */
    public HprofWriter utf8(long id, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return record(HprofTag.UTF8, idSize + b.length, d -> {
            id(d, id);
            d.write(b);
        });
    }

    /** A LOAD CLASS record: class object {@code classId} is named by string {@code nameId}. */
    public HprofWriter loadClass(long classId, long nameId) {
        return loadClass(1, classId, nameId);
    }

    /** A LOAD CLASS record with the class serial number stack frames name the class by. */
    public HprofWriter loadClass(int serial, long classId, long nameId) {
        return record(HprofTag.LOAD_CLASS, 8 + 2 * idSize, d -> {
            d.writeInt(serial);
            id(d, classId);
            d.writeInt(0); // stack trace serial
            id(d, nameId);
        });
    }

    /**
     * A STACK FRAME record: method and source file named by strings, the class by its LOAD CLASS
     * serial; {@code line} as HPROF has it (0 none, -1 unknown, -2 compiled, -3 native).
     */
    public HprofWriter stackFrame(long frameId, long methodNameId, long sourceFileId, int classSerial, int line) {
        return record(HprofTag.STACK_FRAME, 4 * idSize + 8, d -> {
            id(d, frameId);
            id(d, methodNameId);
            id(d, 0); // signature
            id(d, sourceFileId);
            d.writeInt(classSerial);
            d.writeInt(line);
        });
    }

    /** A STACK TRACE record of thread {@code threadSerial}: {@code frameIds}, innermost first. */
    public HprofWriter stackTrace(int serial, int threadSerial, long... frameIds) {
        return record(HprofTag.STACK_TRACE, 12 + frameIds.length * idSize, d -> {
            d.writeInt(serial);
            d.writeInt(threadSerial);
            d.writeInt(frameIds.length);
            for (long f : frameIds) {
                id(d, f);
            }
        });
    }

    /** A record of {@code tag} with {@code body} as it is. */
    public HprofWriter record(HprofTag tag, byte[] body) {
        return rawRecord(tag.code, body);
    }

    /** A record of any tag byte, even one HPROF does not define (to test that readers skip it). */
    public HprofWriter rawRecord(int tag, byte[] body) {
        return record(tag, body.length, d -> d.write(body));
    }

    private HprofWriter record(HprofTag tag, int length, Body body) {
        return record(tag.code, length, body);
    }

    private HprofWriter record(int tag, int length, Body body) {
        if (inSegment) {
            throw new IllegalStateException("a record inside a heap dump segment");
        }
        io(() -> {
            out.writeByte(tag);
            out.writeInt(0); // microseconds since the header's time
            out.writeInt(length);
            body.write(out);
        });
        return this;
    }

    /** Starts a HEAP DUMP SEGMENT; sub-records go into it until {@link #endSegment}. */
    public HprofWriter segment() {
        if (inSegment) {
            throw new IllegalStateException("segment already open");
        }
        inSegment = true;
        return this;
    }

    public HprofWriter endSegment() {
        if (!inSegment) {
            throw new IllegalStateException("no segment open");
        }
        flushSegment();
        inSegment = false;
        return this;
    }

    private void flushSegment() {
        int length = segment.size();
        inSegment = false;
        record(HprofTag.HEAP_DUMP_SEGMENT, length, d -> segment.writeTo(d));
        segment.reset();
        inSegment = true;
    }

    /** HEAP DUMP END: the last record of a complete dump. */
    public HprofWriter end() {
        return record(HprofTag.HEAP_DUMP_END, 0, d -> { });
    }

    // ---- heap dump sub-records

    /** A GC root of {@code kind} holding {@code id}; its thread and frame numbers are written as 0. */
    public HprofWriter root(RootKind kind, long id) {
        return sub(d -> {
            d.writeByte(kind.code);
            id(d, id);
            for (int i = 0; i < kind.extraIds; i++) {
                id(d, 0);
            }
            for (int i = 0; i < kind.extraU4s; i++) {
                d.writeInt(0);
            }
        });
    }

    /** A ROOT THREAD OBJECT: thread object {@code id} of thread {@code threadSerial}, its stack trace {@code traceSerial}. */
    public HprofWriter threadRoot(long id, int threadSerial, int traceSerial) {
        return sub(d -> {
            d.writeByte(RootKind.THREAD_OBJECT.code);
            id(d, id);
            d.writeInt(threadSerial);
            d.writeInt(traceSerial);
        });
    }

    /** A ROOT JAVA FRAME or ROOT JNI LOCAL holding {@code id}: a local of thread {@code threadSerial} in frame {@code frame}. */
    public HprofWriter localRoot(RootKind kind, long id, int threadSerial, int frame) {
        return sub(d -> {
            d.writeByte(kind.code);
            id(d, id);
            d.writeInt(threadSerial);
            d.writeInt(frame);
        });
    }

    /** A class dump with no constants, defined by the bootstrap loader; see the full form. */
    public HprofWriter classDump(long id, long superId, long[] staticNames, BasicType[] staticTypes, long[] staticValues,
                                 long[] fieldNames, BasicType[] fieldTypes) {
        return classDump(id, superId, 0, staticNames, staticTypes, staticValues, fieldNames, fieldTypes);
    }

    /**
     * A class dump with no constants, defined by the class loader instance {@code loaderId} (0: the
     * bootstrap loader); statics as (name string id, type, value as raw bits), instance fields as
     * (name string id, type), declared fields only (a reader adds the superclass's).
     */
    public HprofWriter classDump(long id, long superId, long loaderId, long[] staticNames, BasicType[] staticTypes,
                                 long[] staticValues, long[] fieldNames, BasicType[] fieldTypes) {
        return sub(d -> {
            d.writeByte(HeapDumpTag.CLASS_DUMP.code);
            id(d, id);
            d.writeInt(0); // stack trace serial
            id(d, superId);
            id(d, loaderId);
            for (int i = 0; i < 4; i++) {
                id(d, 0); // signers, protection domain, reserved x2
            }
            d.writeInt(0); // instance size: readers compute it from the fields
            d.writeShort(0); // constant pool
            d.writeShort(staticNames.length);
            for (int i = 0; i < staticNames.length; i++) {
                id(d, staticNames[i]);
                d.writeByte(staticTypes[i].code);
                value(d, staticTypes[i], staticValues[i]);
            }
            d.writeShort(fieldNames.length);
            for (int i = 0; i < fieldNames.length; i++) {
                id(d, fieldNames[i]);
                d.writeByte(fieldTypes[i].code);
            }
        });
    }

    /**
     * An instance of {@code classId} with field values as raw bits, in the order HPROF wants: the
     * class's own fields first, then its superclass's, up to {@code Object}.
     */
    public HprofWriter instance(long id, long classId, BasicType[] types, long[] values) {
        return sub(d -> {
            int length = 0;
            for (BasicType t : types) {
                length += t.fileSize(idSize);
            }
            d.writeByte(HeapDumpTag.INSTANCE_DUMP.code);
            id(d, id);
            d.writeInt(0);
            id(d, classId);
            d.writeInt(length);
            for (int i = 0; i < types.length; i++) {
                value(d, types[i], values[i]);
            }
        });
    }

    public HprofWriter objectArray(long id, long classId, long... elements) {
        return sub(d -> {
            d.writeByte(HeapDumpTag.OBJECT_ARRAY_DUMP.code);
            id(d, id);
            d.writeInt(0);
            d.writeInt(elements.length);
            id(d, classId);
            for (long e : elements) {
                id(d, e);
            }
        });
    }

    /** A primitive array of {@code length} zeros. */
    public HprofWriter primitiveArray(long id, BasicType type, int length) {
        return primitiveArray(id, type, length, new byte[length * type.fileSize(idSize)]);
    }

    /** A primitive array whose elements are {@code data}, big-endian as HPROF stores them. */
    public HprofWriter primitiveArray(long id, BasicType type, int length, byte[] data) {
        if (type == BasicType.OBJECT || data.length != length * type.fileSize(idSize)) {
            throw new IllegalArgumentException(length + " " + type + " elements in " + data.length + " bytes");
        }
        return sub(d -> {
            d.writeByte(HeapDumpTag.PRIMITIVE_ARRAY_DUMP.code);
            id(d, id);
            d.writeInt(0);
            d.writeInt(length);
            d.writeByte(type.code);
            d.write(data);
        });
    }

    /** Bytes inside the open segment as they are, even malformed ones (to test readers). */
    public HprofWriter rawSubRecord(byte[] bytes) {
        return sub(d -> d.write(bytes));
    }

    private HprofWriter sub(Body body) {
        if (!inSegment) {
            throw new IllegalStateException("a sub-record outside a heap dump segment");
        }
        if (segment.size() >= segmentLimit) {
            flushSegment();
        }
        io(() -> body.write(seg));
        return this;
    }

    // ---- end

    /** The file written so far, for a writer made by {@link #inMemory}. */
    public byte[] toBytes() {
        if (memory == null) {
            throw new IllegalStateException("not an in-memory writer");
        }
        io(out::flush);
        return memory.toByteArray();
    }

    @Override
    public void close() throws IOException {
        out.flush();
        target.close();
    }

    private void id(DataOutput d, long id) throws IOException {
        writeId(d, idSize, id);
    }

    private void value(DataOutput d, BasicType t, long v) throws IOException {
        writeValue(d, idSize, t, v);
    }

    /** An id of {@code idSize} bytes, as HPROF writes them (big-endian). */
    public static void writeId(DataOutput d, int idSize, long id) throws IOException {
        if (idSize == 4) {
            d.writeInt((int) id);
        } else {
            d.writeLong(id);
        }
    }

    /** A value of type {@code t} given as raw bits, as HPROF writes it. */
    public static void writeValue(DataOutput d, int idSize, BasicType t, long v) throws IOException {
        switch (t) {
            case OBJECT -> writeId(d, idSize, v);
            case BOOLEAN, BYTE -> d.writeByte((int) v);
            case CHAR, SHORT -> d.writeShort((int) v);
            case INT, FLOAT -> d.writeInt((int) v);
            default -> d.writeLong(v);
        }
    }

    private interface Body {
        void write(DataOutputStream d) throws IOException;
    }

    private interface IoAction {
        void run() throws IOException;
    }

    private static void io(IoAction action) {
        try {
            action.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
