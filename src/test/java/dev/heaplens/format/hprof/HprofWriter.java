package dev.heaplens.format.hprof;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Writes small HPROF files for tests, record by record. */
final class HprofWriter {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final DataOutputStream out = new DataOutputStream(bytes);
    private final int idSize;
    private ByteArrayOutputStream segment;
    private DataOutputStream seg;

    HprofWriter(int idSize) {
        this.idSize = idSize;
        try {
            out.write("JAVA PROFILE 1.0.2".getBytes(StandardCharsets.US_ASCII));
            out.write(0);
            out.writeInt(idSize);
            out.writeLong(1_700_000_000_000L);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    HprofWriter utf8(long id, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return record(0x01, idSize + b.length, d -> {
            id(d, id);
            d.write(b);
        });
    }

    HprofWriter loadClass(long classId, long nameId) {
        return record(0x02, 8 + 2 * idSize, d -> {
            d.writeInt(1);
            id(d, classId);
            d.writeInt(0);
            id(d, nameId);
        });
    }

    HprofWriter record(int tag, int length, Body body) {
        try {
            out.writeByte(tag);
            out.writeInt(0);
            out.writeInt(length);
            body.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** Starts a HEAP DUMP SEGMENT; sub-records go into it until {@link #endSegment}. */
    HprofWriter segment() {
        segment = new ByteArrayOutputStream();
        seg = new DataOutputStream(segment);
        return this;
    }

    HprofWriter sub(Body body) {
        try {
            body.write(seg);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    HprofWriter endSegment() {
        byte[] b = segment.toByteArray();
        return record(0x1C, b.length, d -> d.write(b));
    }

    HprofWriter end() {
        return record(0x2C, 0, d -> { });
    }

    HprofWriter root(int tag, long id, int extraU4s) {
        return sub(d -> {
            d.writeByte(tag);
            id(d, id);
            for (int i = 0; i < extraU4s; i++) {
                d.writeInt(0);
            }
        });
    }

    /** A class dump with no constants; statics and fields as (name id, type) pairs, statics valued 0 or {@code staticRef}. */
    HprofWriter classDump(long id, long superId, long[] staticNames, BasicType[] staticTypes, long[] staticValues,
                          long[] fieldNames, BasicType[] fieldTypes) {
        return classDump(id, superId, 0, staticNames, staticTypes, staticValues, fieldNames, fieldTypes);
    }

    /** As above, defined by the class loader instance {@code loaderId} (0: the bootstrap loader). */
    HprofWriter classDump(long id, long superId, long loaderId, long[] staticNames, BasicType[] staticTypes,
                          long[] staticValues, long[] fieldNames, BasicType[] fieldTypes) {
        return sub(d -> {
            d.writeByte(0x20);
            id(d, id);
            d.writeInt(0);
            id(d, superId);
            id(d, loaderId);
            for (int i = 0; i < 4; i++) {
                id(d, 0); // signers, protection domain, reserved x2
            }
            d.writeInt(0);
            d.writeShort(0);
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

    HprofWriter instance(long id, long classId, BasicType[] types, long[] values) {
        return sub(d -> {
            ByteArrayOutputStream f = new ByteArrayOutputStream();
            DataOutputStream fd = new DataOutputStream(f);
            for (int i = 0; i < types.length; i++) {
                value(fd, types[i], values[i]);
            }
            d.writeByte(0x21);
            id(d, id);
            d.writeInt(0);
            id(d, classId);
            d.writeInt(f.size());
            d.write(f.toByteArray());
        });
    }

    HprofWriter objectArray(long id, long classId, long... elements) {
        return sub(d -> {
            d.writeByte(0x22);
            id(d, id);
            d.writeInt(0);
            d.writeInt(elements.length);
            id(d, classId);
            for (long e : elements) {
                id(d, e);
            }
        });
    }

    HprofWriter primitiveArray(long id, BasicType type, int length) {
        return sub(d -> {
            d.writeByte(0x23);
            id(d, id);
            d.writeInt(0);
            d.writeInt(length);
            d.writeByte(type.code);
            d.write(new byte[length * type.fileSize(idSize)]);
        });
    }

    byte[] toBytes() {
        return bytes.toByteArray();
    }

    private void id(DataOutputStream d, long id) throws IOException {
        writeId(d, idSize, id);
    }

    private void value(DataOutputStream d, BasicType t, long v) throws IOException {
        writeValue(d, idSize, t, v);
    }

    /** An id of {@code idSize} bytes, as HPROF writes them (big-endian). */
    static void writeId(DataOutputStream d, int idSize, long id) throws IOException {
        if (idSize == 4) {
            d.writeInt((int) id);
        } else {
            d.writeLong(id);
        }
    }

    /** A value of type {@code t} given as raw bits, as HPROF writes it. */
    static void writeValue(DataOutputStream d, int idSize, BasicType t, long v) throws IOException {
        switch (t) {
            case OBJECT -> writeId(d, idSize, v);
            case BOOLEAN, BYTE -> d.writeByte((int) v);
            case CHAR, SHORT -> d.writeShort((int) v);
            case INT, FLOAT -> d.writeInt((int) v);
            default -> d.writeLong(v);
        }
    }

    interface Body {
        void write(DataOutputStream d) throws IOException;
    }

    /** A source over bytes, named {@code name}, of known size unless {@code sizeKnown} is false (as for gzip). */
    static HprofSource source(String name, byte[] data, boolean sizeKnown) {
        return new HprofSource() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public InputStream open() {
                return new ByteArrayInputStream(data);
            }

            @Override
            public long size() {
                return sizeKnown ? data.length : -1;
            }
        };
    }
}
