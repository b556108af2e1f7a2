package dev.heaplens.parquet;

/**
 * Parquet's DELTA_BINARY_PACKED encoding of 64-bit integers: the first value, then blocks of 128
 * differences, each block as its smallest difference and four miniblocks of 32 bit-packed offsets
 * from it. Sorted addresses and small sizes, most of heaplens's columns, take a few bits a value
 * instead of 64.
 */
final class DeltaBinaryPacked {
    private static final int BLOCK = 128;
    private static final int MINIBLOCKS = 4;
    private static final int MINIBLOCK = BLOCK / MINIBLOCKS;

    private final ByteSink out;
    private DeltaBinaryPacked(ByteSink out) {
        this.out = out;
    }

    /** Writes {@code count} values (count at least 1) of {@code values} into {@code out}. */
    static void write(ByteSink out, long[] values, int count) {
        new DeltaBinaryPacked(out).encode(values, count);
    }

    private void encode(long[] values, int count) {
        out.writeVarint(BLOCK);
        out.writeVarint(MINIBLOCKS);
        out.writeVarint(count);
        out.writeVarint(zigzag(values[0]));
        long[] deltas = new long[BLOCK];
        for (int start = 1; start < count; start += BLOCK) {
            int n = Math.min(BLOCK, count - start);
            long min = Long.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                deltas[i] = values[start + i] - values[start + i - 1]; // wraps, as the spec's arithmetic does
                min = Math.min(min, deltas[i]);
            }
            out.writeVarint(zigzag(min));
            int used = (n + MINIBLOCK - 1) / MINIBLOCK;
            int[] widths = new int[MINIBLOCKS];
            for (int m = 0; m < used; m++) {
                long bits = 0;
                for (int i = m * MINIBLOCK; i < Math.min(n, (m + 1) * MINIBLOCK); i++) {
                    bits |= deltas[i] - min;
                }
                widths[m] = 64 - Long.numberOfLeadingZeros(bits);
            }
            for (int w : widths) {
                out.write(w);
            }
            for (int m = 0; m < used; m++) {
                packMiniblock(deltas, m * MINIBLOCK, n, min, widths[m]);
            }
        }
    }

    /**
     * Appends the 32 offsets of one miniblock at {@code width} bits each, least significant bit
     * first, through a 64-bit accumulator (at most 32 bits added at a time, so it never overflows);
     * offsets past {@code n} are padding zeros. A miniblock ends on a byte, as 32 values always do.
     */
    private void packMiniblock(long[] deltas, int from, int n, long min, int width) {
        if (width == 0) {
            return;
        }
        int at = out.reserve(MINIBLOCK * width / 8);
        byte[] bytes = out.array();
        long acc = 0;
        int bits = 0;
        for (int i = from; i < from + MINIBLOCK; i++) {
            long v = i < n ? deltas[i] - min : 0;
            for (int left = width; left > 0; ) {
                int take = Math.min(left, 32);
                acc |= (v & ((1L << take) - 1)) << bits;
                bits += take;
                v >>>= take;
                left -= take;
                while (bits >= 8) {
                    bytes[at++] = (byte) acc;
                    acc >>>= 8;
                    bits -= 8;
                }
            }
        }
    }

    private static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }
}
