package dev.heaplens.util;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Byte searches eight bytes at a time ("SIMD within a register"): several times faster than a
 * byte loop on the long stretches of a dump heaplens does not need to decode.
 */
public final class Swar {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long LOWS = 0x7F7F7F7F7F7F7F7FL;

    private Swar() {
    }

    /** A word with {@code b} in every byte. */
    public static long broadcast(byte b) {
        return (b & 0xffL) * ONES;
    }

    /**
     * High bit set in exactly the bytes of {@code word} that equal the byte broadcast in
     * {@code pattern} (the exact form: no false positives from borrows).
     */
    private static long matches(long word, long pattern) {
        long x = word ^ pattern;
        long y = (x & LOWS) + LOWS;
        return ~(y | x | LOWS);
    }

    /** Index of the first {@code target} in {@code buf[from, to)}, or -1. */
    public static int indexOf(byte[] buf, int from, int to, byte target) {
        long pattern = broadcast(target);
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long m = matches((long) LONGS.get(buf, i), pattern);
            if (m != 0) {
                return i + (Long.numberOfTrailingZeros(m) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (buf[i] == target) {
                return i;
            }
        }
        return -1;
    }

    /** Index of the last {@code target} in {@code buf[from, to)}, or -1. */
    public static int lastIndexOf(byte[] buf, int from, int to, byte target) {
        long pattern = broadcast(target);
        int i = to - 8;
        for (; i >= from; i -= 8) {
            long m = matches((long) LONGS.get(buf, i), pattern);
            if (m != 0) {
                return i + ((63 - Long.numberOfLeadingZeros(m)) >>> 3);
            }
        }
        for (i = Math.min(i + 7, to - 1); i >= from; i--) {
            if (buf[i] == target) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Index of the first {@code stop} in {@code buf[from, to)}, or -1; stores in {@code count[0]}
     * how many {@code counted} bytes come before it.
     */
    public static int indexOfCounting(byte[] buf, int from, int to, byte stop, byte counted, int[] count) {
        long stopPattern = broadcast(stop);
        long countPattern = broadcast(counted);
        int n = 0;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long word = (long) LONGS.get(buf, i);
            long s = matches(word, stopPattern);
            long c = matches(word, countPattern);
            if (s != 0) {
                int at = Long.numberOfTrailingZeros(s);
                long below = c & ((1L << at) - 1);
                count[0] = n + Long.bitCount(below);
                return i + (at >>> 3);
            }
            n += Long.bitCount(c);
        }
        for (; i < to; i++) {
            if (buf[i] == stop) {
                count[0] = n;
                return i;
            }
            if (buf[i] == counted) {
                n++;
            }
        }
        count[0] = n;
        return -1;
    }
}
