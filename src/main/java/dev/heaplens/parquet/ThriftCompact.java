package dev.heaplens.parquet;

/**
 * Writes Thrift's compact protocol, the encoding of Parquet's page headers and footer
 * (parquet-format's {@code parquet.thrift}). Only what those structs use: structs, lists, i32, i64,
 * binary and booleans. Fields are written in increasing id order, as the protocol's deltas require.
 */
final class ThriftCompact {
    private static final int BOOLEAN_TRUE = 1;
    private static final int BOOLEAN_FALSE = 2;
    private static final int I32 = 5;
    private static final int I64 = 6;
    private static final int BINARY = 8;
    private static final int LIST = 9;
    static final int STRUCT = 12;

    private final ByteSink out;
    private final int[] lastField = new int[32];
    private int depth;

    ThriftCompact(ByteSink out) {
        this.out = out;
    }

    private void fieldHeader(int id, int type) {
        int delta = id - lastField[depth];
        if (delta > 0 && delta <= 15) {
            out.write((delta << 4) | type);
        } else {
            out.write(type);
            out.writeVarint(zigzag(id));
        }
        lastField[depth] = id;
    }

    private static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    ThriftCompact i32(int id, int value) {
        fieldHeader(id, I32);
        out.writeVarint(zigzag(value));
        return this;
    }

    ThriftCompact i64(int id, long value) {
        fieldHeader(id, I64);
        out.writeVarint(zigzag(value));
        return this;
    }

    ThriftCompact binary(int id, byte[] value) {
        fieldHeader(id, BINARY);
        out.writeVarint(value.length);
        out.write(value, 0, value.length);
        return this;
    }

    ThriftCompact string(int id, String value) {
        return binary(id, ByteSink.utf8(value));
    }

    ThriftCompact bool(int id, boolean value) {
        fieldHeader(id, value ? BOOLEAN_TRUE : BOOLEAN_FALSE);
        return this;
    }

    /** Opens a struct field; close it with {@link #end}. */
    ThriftCompact struct(int id) {
        fieldHeader(id, STRUCT);
        return push();
    }

    /** Opens a list field of {@code size} elements of {@code elementType} ({@link #STRUCT}, or I32/BINARY through the helpers). */
    ThriftCompact list(int id, int elementType, int size) {
        fieldHeader(id, LIST);
        if (size < 15) {
            out.write((size << 4) | elementType);
        } else {
            out.write(0xF0 | elementType);
            out.writeVarint(size);
        }
        return this;
    }

    ThriftCompact i32List(int id, int... values) {
        list(id, I32, values.length);
        for (int v : values) {
            out.writeVarint(zigzag(v));
        }
        return this;
    }

    ThriftCompact stringList(int id, String... values) {
        list(id, BINARY, values.length);
        for (String v : values) {
            byte[] b = ByteSink.utf8(v);
            out.writeVarint(b.length);
            out.write(b, 0, b.length);
        }
        return this;
    }

    /** Starts a struct that is a list element (or the top-level struct). */
    ThriftCompact push() {
        lastField[++depth] = 0;
        return this;
    }

    /** Ends the innermost struct. */
    ThriftCompact end() {
        out.write(0);
        depth--;
        return this;
    }
}
