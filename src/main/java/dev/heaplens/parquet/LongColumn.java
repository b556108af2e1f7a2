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
    int physicalType() {
        return INT64;
    }

    @Override
    void writeChunk(ChunkOutput out) throws IOException {
        ByteSink page = out.page(count * 8 + rows / 8 + 16);
        writeDefinitionLevels(page);
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            long v = values[i];
            min = Math.min(min, v);
            max = Math.max(max, v);
            page.writeLongLE(v);
        }
        ByteSink minBytes = new ByteSink(8);
        ByteSink maxBytes = new ByteSink(8);
        minBytes.writeLongLE(min);
        maxBytes.writeLongLE(max);
        out.dataPage(this, PLAIN, count > 0 ? minBytes : null, maxBytes);
        count = 0;
        clear();
    }
}
