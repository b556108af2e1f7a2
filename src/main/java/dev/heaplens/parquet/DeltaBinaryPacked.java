package dev.heaplens.parquet;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Parquet's DELTA_BINARY_PACKED encoding of 64-bit and 32-bit integers: the first value, then
 * blocks of 128 differences, each block as its smallest difference and four miniblocks of 32
 * bit-packed offsets from it. Sorted addresses, small sizes and counters (most of heaplens's
 * columns) take a few bits a value instead of 64 or 32. For INT32 the differences wrap in 32 bits,
 * as the format says, so no offset is wider than 32 bits.
 */
final class DeltaBinaryPacked {
    private static final int BLOCK = 128;
    private static final int MINIBLOCKS = 4;
    private static final int MINIBLOCK = BLOCK / MINIBLOCKS;
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final ByteSink out;
    /** This block's offsets from its smallest difference, zero past the values (a miniblock's padding). */
    private final long[] offsets = new long[BLOCK];
    private final int[] widths = new int[MINIBLOCKS];
    /** This block's offsets or-ed together by miniblock: each one's width. */
    private final long[] miniblockBits = new long[MINIBLOCKS];

    private DeltaBinaryPacked(ByteSink out) {
        this.out = out;
    }

    /**
     * Writes {@code count} values (count at least 1) of {@code values} into {@code out}, and puts their
     * smallest and largest in {@code minMax[0]} and {@code [1]}, found in the same pass.
     */
    static void write(ByteSink out, long[] values, int count, long[] minMax) {
        DeltaBinaryPacked d = new DeltaBinaryPacked(out);
        long low = values[0];
        long high = low;
        d.header(count, low);
        long[] deltas = new long[BLOCK];
        for (int start = 1; start < count; start += BLOCK) {
            int n = Math.min(BLOCK, count - start);
            long min = Long.MAX_VALUE;
            long previous = values[start - 1];
            for (int i = 0; i < n; i++) {
                long v = values[start + i];
                long delta = v - previous; // wraps, as the spec's arithmetic does
                previous = v;
                deltas[i] = delta;
                if (delta < min) {
                    min = delta;
                }
                if (v < low) {
                    low = v;
                }
                if (v > high) {
                    high = v;
                }
            }
            d.block(n, min, d.offsetsFrom(deltas, n, min));
        }
        minMax[0] = low;
        minMax[1] = high;
    }

    /**
     * Fills {@link #offsets} with {@code deltas[i] - min} and gives each miniblock's bits or-ed together
     * (the bits that set its width), in one pass: under C1 each pass over a block costs its bounds checks.
     */
    private long[] offsetsFrom(long[] deltas, int n, long min) {
        long[] bits = miniblockBits;
        java.util.Arrays.fill(bits, 0);
        for (int m = 0, i = 0; m < MINIBLOCKS && i < n; m++) {
            long or = 0;
            for (int end = Math.min(n, i + MINIBLOCK); i < end; i++) {
                long offset = deltas[i] - min;
                offsets[i] = offset;
                or |= offset;
            }
            bits[m] = or;
        }
        return bits;
    }

    /** As {@link #write(ByteSink, long[], int, long[])} for 32-bit values. */
    static void write(ByteSink out, int[] values, int count, long[] minMax) {
        DeltaBinaryPacked d = new DeltaBinaryPacked(out);
        int low = values[0];
        int high = low;
        d.header(count, low);
        long[] deltas = new long[BLOCK]; // widened: a difference less the smallest is then its 32-bit wrapped value
        for (int start = 1; start < count; start += BLOCK) {
            int n = Math.min(BLOCK, count - start);
            int min = Integer.MAX_VALUE;
            int previous = values[start - 1];
            for (int i = 0; i < n; i++) {
                int v = values[start + i];
                int delta = v - previous; // wraps in 32 bits, as INT32's must
                previous = v;
                deltas[i] = delta;
                if (delta < min) {
                    min = delta;
                }
                if (v < low) {
                    low = v;
                }
                if (v > high) {
                    high = v;
                }
            }
            d.block(n, min, d.offsetsFrom(deltas, n, min));
        }
        minMax[0] = low;
        minMax[1] = high;
    }

    private void header(int count, long first) {
        out.writeVarint(BLOCK);
        out.writeVarint(MINIBLOCKS);
        out.writeVarint(count);
        out.writeVarint(zigzag(first));
    }

    /**
     * One block: {@code n} offsets in {@link #offsets} from the smallest difference {@code min}, and
     * each miniblock's offsets or-ed together in {@code bits}.
     */
    private void block(int n, long min, long[] bits) {
        if (n < BLOCK) {
            java.util.Arrays.fill(offsets, n, BLOCK, 0); // the last block's padding
        }
        out.writeVarint(zigzag(min));
        int used = (n + MINIBLOCK - 1) / MINIBLOCK;
        for (int m = 0; m < MINIBLOCKS; m++) {
            widths[m] = m < used ? 64 - Long.numberOfLeadingZeros(bits[m]) : 0;
        }
        int at = out.reserve(MINIBLOCKS);
        for (int m = 0; m < MINIBLOCKS; m++) {
            out.array()[at + m] = (byte) widths[m];
        }
        for (int m = 0; m < used; m++) {
            packMiniblock(m * MINIBLOCK, widths[m]);
        }
    }

    /**
     * Appends the 32 offsets of one miniblock at {@code width} bits each, least significant bit
     * first, through a 64-bit accumulator that takes at most 32 bits at a time and gives them out
     * 32 at a time: 32 values of {@code width} bits are {@code width} whole ints.
     */
    private void packMiniblock(int from, int width) {
        if (width == 0) {
            return;
        }
        int at = out.reserve(MINIBLOCK * width / 8);
        byte[] bytes = out.array();
        long acc = 0;
        int bits = 0;
        int low = Math.min(width, 32);
        long lowMask = (1L << low) - 1;
        int high = width - low;
        for (int i = from, end = from + MINIBLOCK; i < end; i++) {
            long v = offsets[i];
            acc |= (v & lowMask) << bits;
            bits += low;
            if (bits >= 32) {
                INT_LE.set(bytes, at, (int) acc);
                at += 4;
                acc >>>= 32;
                bits -= 32;
            }
            if (high > 0) {
                acc |= (v >>> 32) << bits;
                bits += high;
                if (bits >= 32) {
                    INT_LE.set(bytes, at, (int) acc);
                    at += 4;
                    acc >>>= 32;
                    bits -= 32;
                }
            }
        }
    }

    private static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }
}
