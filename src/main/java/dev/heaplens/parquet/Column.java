package dev.heaplens.parquet;

import java.util.Arrays;

/**
 * One column of a table being written: its values for the current row group, buffered until
 * {@link ParquetWriter#endRowGroup}. An optional column keeps a bit per row (1: a value, 0: null),
 * written as Parquet's definition levels; a required one refuses nulls.
 */
public abstract sealed class Column permits LongColumn, IntColumn, BooleanColumn, StringColumn {
    // parquet.thrift's Type, Encoding and FieldRepetitionType
    static final int BOOLEAN = 0;
    static final int INT32 = 1;
    static final int INT64 = 2;
    static final int BYTE_ARRAY = 6;
    static final int PLAIN = 0;
    static final int RLE = 3;
    static final int DELTA_BINARY_PACKED = 5;
    static final int RLE_DICTIONARY = 8;

    private final String name;
    private final boolean optional;
    private long[] present = new long[16];
    int rows;
    int nulls;

    Column(String name, boolean optional) {
        this.name = name;
        this.optional = optional;
    }

    public String name() {
        return name;
    }

    public boolean optional() {
        return optional;
    }

    /** The row count of the current row group. */
    public int rows() {
        return rows;
    }

    /**
     * Makes room for {@code rows} rows at once, where the caller knows how many a row group will take:
     * the buffers then never grow by doubling (each copy, past the young generation's pretenuring size,
     * is garbage in the old generation until a full collection).
     */
    public final void reserve(int rows) {
        if (optional && present.length < (rows + 63) >>> 6) {
            present = Arrays.copyOf(present, (rows + 63) >>> 6);
        }
        reserveValues(rows);
    }

    abstract void reserveValues(int rows);

    public void addNull() {
        if (!optional) {
            throw new IllegalStateException("column " + name + " is required");
        }
        mark(false);
        nulls++;
    }

    /** Records one more row; called by each typed add. */
    final void mark(boolean value) {
        if (optional) {
            if ((rows >>> 6) >= present.length) {
                present = Arrays.copyOf(present, present.length * 2);
            }
            if (value) { // the bits start cleared (clear() empties the words it used)
                present[rows >>> 6] |= 1L << (rows & 63);
            }
        }
        rows++;
    }

    abstract int physicalType();

    /** The logical annotation, as parquet.thrift's ConvertedType, or -1. */
    int convertedType() {
        return -1;
    }

    /**
     * Writes this row group's definition levels (when optional) into {@code page}: a 4-byte length,
     * then one bit-packed run of the presence bits, which is their RLE/bit-packing hybrid encoding
     * at bit width 1.
     */
    final void writeDefinitionLevels(ByteSink page) {
        if (!optional) {
            return;
        }
        int groups = (rows + 7) / 8;
        long header = ((long) groups << 1) | 1;
        int headerBytes = (64 - Long.numberOfLeadingZeros(header) + 6) / 7; // its varint's length
        page.writeIntLE(headerBytes + groups);
        page.writeVarint(header);
        int at = page.reserve(groups);
        byte[] bytes = page.array();
        for (int g = 0; g < groups; g++) {
            bytes[at + g] = (byte) (present[g >>> 3] >>> ((g & 7) * 8));
        }
    }

    /** Whether row {@code r} of this row group has a value. */
    final boolean isPresent(int r) {
        return !optional || (present[r >>> 6] & (1L << (r & 63))) != 0;
    }

    /**
     * Writes this row group's pages of the column into {@code out} and describes them in
     * {@code chunk}; then forgets the values for the next row group.
     */
    abstract void writeChunk(ChunkOutput out) throws java.io.IOException;

    void clear() {
        Arrays.fill(present, 0, Math.min(present.length, (rows + 63) >>> 6), 0L);
        rows = 0;
        nulls = 0;
    }
}
