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
    void reserveValues(int rows) {
        if (values.length < rows) {
            values = Arrays.copyOf(values, rows);
        }
    }

    @Override
    int physicalType() {
        return INT32;
    }

    @Override
    void writeChunk(ChunkOutput out) throws IOException {
        ByteSink page = out.page(count + rows / 8 + 64);
        writeDefinitionLevels(page);
        long[] minMax = {Integer.MAX_VALUE, Integer.MIN_VALUE};
        if (count > 0) {
            DeltaBinaryPacked.write(page, values, count, minMax); // positions and lines: counters, a few bits each
        }
        int min = (int) minMax[0];
        int max = (int) minMax[1];
        ByteSink minBytes = new ByteSink(4);
        ByteSink maxBytes = new ByteSink(4);
        minBytes.writeIntLE(min);
        maxBytes.writeIntLE(max);
        out.dataPage(this, count > 0 ? DELTA_BINARY_PACKED : PLAIN, count > 0 ? minBytes : null, maxBytes);
        count = 0;
        clear();
    }
}
