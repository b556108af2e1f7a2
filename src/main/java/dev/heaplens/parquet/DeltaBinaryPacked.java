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
    private int acc;
    private int accBits;

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
                for (int i = m * MINIBLOCK; i < (m + 1) * MINIBLOCK; i++) {
                    pack(i < n ? deltas[i] - min : 0, widths[m]);
                }
            }
        }
    }

    /** Appends the low {@code width} bits of {@code v}, least significant first; a miniblock ends on a byte. */
    private void pack(long v, int width) {
        for (int b = 0; b < width; ) {
            int take = Math.min(8 - accBits, width - b);
            acc |= (int) ((v >>> b) & ((1L << take) - 1)) << accBits;
            accBits += take;
            b += take;
            if (accBits == 8) {
                out.write(acc);
                acc = 0;
                accBits = 0;
            }
        }
    }

    private static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }
}
