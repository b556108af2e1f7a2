package dev.heaplens.parquet;

import java.io.IOException;
import java.util.Arrays;

/** A column of booleans, PLAIN encoded: one bit a value, least significant bit first. */
public final class BooleanColumn extends Column {
    private long[] bits = new long[16];
    private int count;

    public BooleanColumn(String name, boolean optional) {
        super(name, optional);
    }

    public void add(boolean v) {
        if ((count >>> 6) >= bits.length) {
            bits = Arrays.copyOf(bits, bits.length * 2);
        }
        if (v) {
            bits[count >>> 6] |= 1L << (count & 63);
        } else {
            bits[count >>> 6] &= ~(1L << (count & 63));
        }
        count++;
        mark(true);
    }

    @Override
    void reserveValues(int rows) {
        if (bits.length < (rows + 63) >>> 6) {
            bits = Arrays.copyOf(bits, (rows + 63) >>> 6);
        }
    }

    @Override
    int physicalType() {
        return BOOLEAN;
    }

    @Override
    void writeChunk(ChunkOutput out) throws IOException {
        ByteSink page = out.page(count / 8 + rows / 8 + 16);
        writeDefinitionLevels(page);
        for (int b = 0, n = (count + 7) / 8; b < n; b++) {
            page.write((int) (bits[b >>> 3] >>> ((b & 7) * 8)) & 0xFF);
        }
        out.dataPage(this, PLAIN, null, null);
        count = 0;
        clear();
    }
}
