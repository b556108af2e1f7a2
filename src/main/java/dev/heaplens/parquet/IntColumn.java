package dev.heaplens.parquet;

import java.io.IOException;
import java.util.Arrays;

/** A column of 32-bit integers (line numbers, generations, positions), DELTA_BINARY_PACKED, with min and max. */
public final class IntColumn extends Column {
    private int[] values = new int[1024];
    private int count;

    public IntColumn(String name, boolean optional) {
        super(name, optional);
    }

    public void add(int v) {
        if (count == values.length) {
            values = Arrays.copyOf(values, count * 2);
        }
        values[count++] = v;
        mark(true);
    }

    @Override
    int physicalType() {
        return INT32;
    }

    @Override
    void writeChunk(ChunkOutput out) throws IOException {
        ByteSink page = out.page(count + rows / 8 + 64);
        writeDefinitionLevels(page);
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            int v = values[i];
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        if (count > 0) {
            DeltaBinaryPacked.write(page, values, count); // positions and lines: counters, a few bits each
        }
        ByteSink minBytes = new ByteSink(4);
        ByteSink maxBytes = new ByteSink(4);
        minBytes.writeIntLE(min);
        maxBytes.writeIntLE(max);
        out.dataPage(this, count > 0 ? DELTA_BINARY_PACKED : PLAIN, count > 0 ? minBytes : null, maxBytes);
        count = 0;
        clear();
    }
}
