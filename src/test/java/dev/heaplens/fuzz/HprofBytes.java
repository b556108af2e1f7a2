package dev.heaplens.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Raw HPROF bytes for hostile tests: every length and count is written as given, not as the
 * contents say, so that a test can build what a writer of valid dumps never makes. 8-byte ids.
 * {@link #valid()} is a small consistent dump (classes, a chain of instances, arrays, roots) that
 * the hostile cases start from.
 */
final class HprofBytes {
    static final int UTF8 = 0x01;
    static final int LOAD_CLASS = 0x02;
    static final int HEAP_DUMP_SEGMENT = 0x1C;
    static final int HEAP_DUMP_END = 0x2C;
    static final int LONG = 11;
    static final int INT = 10;
    static final int OBJECT = 2;

    static final long OBJECT_CLASS = 0x1000;
    static final long CLASS_CLASS = 0x1010;
    static final long FOO = 0x1020;
    static final long OBJECT_ARRAY = 0x1030;
    static final long LONG_ARRAY = 0x1040;
    static final long STRING_CLASS = 0x1050;
    /** The first Foo instance: a JNI global root; the others follow it in a chain. */
    static final long FIRST_FOO = 0x20000;
    static final int FOOS = 12;

    /** Top-level records before the heap dump (names and classes). */
    final List<byte[]> names = new ArrayList<>();
    /** Sub-records of the one heap dump segment: objects, then roots (as HotSpot writes them). */
    final List<byte[]> objects = new ArrayList<>();
    final List<byte[]> roots = new ArrayList<>();

    static HprofBytes valid() {
        HprofBytes d = new HprofBytes();
        d.named(OBJECT_CLASS, 1, "java/lang/Object");
        d.named(CLASS_CLASS, 2, "java/lang/Class");
        d.named(FOO, 3, "app/Foo");
        d.named(OBJECT_ARRAY, 4, "[Ljava/lang/Object;");
        d.named(LONG_ARRAY, 5, "[J");
        d.named(STRING_CLASS, 6, "java/lang/String");
        d.names.add(utf8(7, "count"));
        d.names.add(utf8(8, "next"));
        d.objects.add(classDump(OBJECT_CLASS, 0, new long[0], new int[0]));
        d.objects.add(classDump(CLASS_CLASS, OBJECT_CLASS, new long[0], new int[0]));
        d.objects.add(classDump(FOO, OBJECT_CLASS, new long[] {7, 8}, new int[] {INT, OBJECT}));
        d.objects.add(classDump(OBJECT_ARRAY, OBJECT_CLASS, new long[0], new int[0]));
        d.objects.add(classDump(LONG_ARRAY, OBJECT_CLASS, new long[0], new int[0]));
        for (int i = 0; i < FOOS; i++) {
            long next = i + 1 < FOOS ? FIRST_FOO + 16L * (i + 1) : 0;
            d.objects.add(instance(FIRST_FOO + 16L * i, FOO, ByteBuffer.allocate(12).putInt(i).putLong(next).array()));
        }
        d.objects.add(objectArray(0x30000, OBJECT_ARRAY, 3, new long[] {FIRST_FOO, 0, FIRST_FOO + 32}));
        d.objects.add(primitiveArray(0x30100, LONG, 4, new byte[32]));
        d.roots.add(concat(new byte[] {0x01}, id(FIRST_FOO), id(0x9999))); // JNI global
        d.roots.add(concat(new byte[] {0x01}, id(0x30000), id(0x9999)));
        for (long c : new long[] {OBJECT_CLASS, CLASS_CLASS, FOO, OBJECT_ARRAY, LONG_ARRAY}) {
            d.roots.add(concat(new byte[] {0x05}, id(c))); // sticky class
        }
        return d;
    }

    private void named(long classId, long nameId, String name) {
        names.add(utf8(nameId, name));
        names.add(record(LOAD_CLASS, concat(u4(1), id(classId), u4(0), id(nameId))));
    }

    /** The whole file: header, names, one heap dump segment of the objects and roots, HEAP DUMP END. */
    byte[] bytes() {
        return concat(header(), concat(names.toArray(new byte[0][])), segment(concat(objects), concat(roots)),
                record(HEAP_DUMP_END, new byte[0]));
    }

    static byte[] header() {
        return concat("JAVA PROFILE 1.0.2\0".getBytes(StandardCharsets.US_ASCII), u4(8), u8(1_700_000_000_000L));
    }

    static byte[] segment(byte[]... subRecords) {
        return record(HEAP_DUMP_SEGMENT, concat(subRecords));
    }

    static byte[] record(int tag, byte[] body) {
        return recordWithLength(tag, body.length, body);
    }

    /** A record whose length field says {@code length}, whatever the body holds. */
    static byte[] recordWithLength(int tag, long length, byte[] body) {
        return concat(new byte[] {(byte) tag}, u4(0), u4(length), body);
    }

    static byte[] utf8(long id, String text) {
        return record(UTF8, concat(id(id), text.getBytes(StandardCharsets.UTF_8)));
    }

    static byte[] classDump(long id, long superId, long[] fieldNames, int[] fieldTypes) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        write(b, new byte[] {0x20}, id(id), u4(0), id(superId), id(0), id(0), id(0), id(0), id(0), u4(0), u2(0), u2(0),
                u2(fieldNames.length));
        for (int i = 0; i < fieldNames.length; i++) {
            write(b, id(fieldNames[i]), new byte[] {(byte) fieldTypes[i]});
        }
        return b.toByteArray();
    }

    static byte[] instance(long id, long classId, byte[] fields) {
        return instanceWithLength(id, classId, fields.length, fields);
    }

    static byte[] instanceWithLength(long id, long classId, long length, byte[] fields) {
        return concat(new byte[] {0x21}, id(id), u4(0), id(classId), u4(length), fields);
    }

    static byte[] objectArray(long id, long classId, long length, long[] elements) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        write(b, new byte[] {0x22}, id(id), u4(0), u4(length), id(classId));
        for (long e : elements) {
            write(b, id(e));
        }
        return b.toByteArray();
    }

    static byte[] primitiveArray(long id, int type, long length, byte[] data) {
        return concat(new byte[] {0x23}, id(id), u4(0), u4(length), new byte[] {(byte) type}, data);
    }

    static byte[] noDataArray(long id, int type, long length) {
        return concat(new byte[] {(byte) 0xC3}, id(id), u4(0), u4(length), new byte[] {(byte) type});
    }

    static byte[] id(long v) {
        return u8(v);
    }

    static byte[] u2(int v) {
        return new byte[] {(byte) (v >>> 8), (byte) v};
    }

    static byte[] u4(long v) {
        return ByteBuffer.allocate(4).putInt((int) v).array();
    }

    static byte[] u8(long v) {
        return ByteBuffer.allocate(8).putLong(v).array();
    }

    static byte[] concat(List<byte[]> parts) {
        return concat(parts.toArray(new byte[0][]));
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        write(b, parts);
        return b.toByteArray();
    }

    private static void write(ByteArrayOutputStream b, byte[]... parts) {
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
    }
}
