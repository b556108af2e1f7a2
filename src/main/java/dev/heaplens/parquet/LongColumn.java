package dev.heaplens.parquet;

import java.io.IOException;
import java.util.Arrays;

/** A column of 64-bit integers (addresses, sizes, counts), PLAIN encoded, with min and max statistics. */
public final class LongColumn extends Column {
    private long[] values = new long[1024];
    private int count;

    private final int convertedType;

    public LongColumn(String name, boolean optional) {
        this(name, optional, -1);
    }

    private LongColumn(String name, boolean optional, int convertedType) {
        super(name, optional);
        this.convertedType = convertedType;
    }

    /** A column of instants in milliseconds since the epoch, UTC, that readers show as timestamps. */
    public static LongColumn timestampMillis(String name, boolean optional) {
        return new LongColumn(name, optional, 9); // ConvertedType TIMESTAMP_MILLIS
    }

    @Override
    int convertedType() {
        return convertedType;
    }

    public void add(long v) {
        if (count == values.length) {
            values = Arrays.copyOf(values, count * 2);
        }
        values[count++] = v;
        mark(true);
    }

    @Override
    void reserveValues(int rows) {
        if (values.length < rows) {
            values = Arrays.copyOf(values, rows);
        }
    }

    @Override
    int physicalType() {
        return INT64;
    }

    @Override
    void writeChunk(ChunkOutput out) throws IOException {
        ByteSink page = out.page(count * 2 + rows / 8 + 64);
        writeDefinitionLevels(page);
        long[] minMax = {Long.MAX_VALUE, Long.MIN_VALUE};
        if (count > 0) {
            DeltaBinaryPacked.write(page, values, count, minMax);
        }
        long min = minMax[0];
        long max = minMax[1];
        ByteSink minBytes = new ByteSink(8);
        ByteSink maxBytes = new ByteSink(8);
        minBytes.writeLongLE(min);
        maxBytes.writeLongLE(max);
        out.dataPage(this, count > 0 ? DELTA_BINARY_PACKED : PLAIN, count > 0 ? minBytes : null, maxBytes);
        count = 0;
        clear();
    }
}
