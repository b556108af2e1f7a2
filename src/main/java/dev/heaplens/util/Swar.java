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

    // A "marked" word has the high bit set in some of its bytes and no other bit, as matches()
    // returns. Long.numberOfTrailingZeros and Long.bitCount, which would read them, are not
    // intrinsics in the C1 compiler the launcher runs: their Java bodies branch. These multiply.

    /** Index (0 to 7, first byte lowest) of the first marked byte of {@code m}; 8 when none is. */
    static int firstMarked(long m) {
        return m == 0 ? 8 : firstMarkedOfSome(m);
    }

    /** {@link #firstMarked} of a word with at least one marked byte. */
    private static int firstMarkedOfSome(long m) {
        // the lowest mark moved to bit 0 of its byte k; times this constant, byte k's value (k) lands in the top byte
        return (int) ((((m & -m) >>> 7) * 0x0001020304050607L) >>> 56);
    }

    /** Index (0 to 7) of the last marked byte of a word with at least one (three steps; see above on C1). */
    private static int lastMarked(long m) {
        int k = 0;
        if ((m & 0xFFFFFFFF00000000L) != 0) {
            k = 4;
            m >>>= 32;
        }
        if ((m & 0xFFFF0000L) != 0) {
            k += 2;
            m >>>= 16;
        }
        return (m & 0xFF00L) != 0 ? k + 1 : k;
    }

    /** How many bytes of {@code m} are marked: the marks, moved to bit 0 of their bytes, summed in the top byte. */
    private static int marked(long m) {
        return (int) (((m >>> 7) * ONES) >>> 56);
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

    /** The eight bytes at {@code buf[i, i + 8)} as a little-endian word (first byte lowest). */
    public static long word(byte[] buf, int i) {
        return (long) LONGS.get(buf, i);
    }

    /** The first eight bytes of {@code ascii} as {@link #word} reads them (fewer bytes: zeros above). */
    public static long wordOf(String ascii) {
        long w = 0;
        for (int i = Math.min(8, ascii.length()) - 1; i >= 0; i--) {
            w = (w << 8) | (ascii.charAt(i) & 0xff);
        }
        return w;
    }

    private static final long HIGHS = 0x8080808080808080L;

    /**
     * How many of the word's bytes, from its first (lowest), are ASCII hex digits ({@code 0-9},
     * {@code a-f}, {@code A-F}): 0 to 8.
     */
    public static int hexDigits(long word) {
        long w7 = word & LOWS;
        long digit = (w7 + 0x5050505050505050L) & ~(w7 + 0x4646464646464646L); // >= '0' and not > '9'
        long lower = w7 | 0x2020202020202020L;
        long letter = (lower + 0x1F1F1F1F1F1F1F1FL) & ~(lower + 0x1919191919191919L); // >= 'a' and not > 'f'
        long valid = (digit | letter) & ~word & HIGHS; // and ASCII
        return firstMarked(~valid & HIGHS);
    }

    /**
     * The value of the first {@code n} (1 to 8) bytes of the word read as hex digits, the first
     * the most significant; the bytes must be hex digits ({@link #hexDigits}).
     */
    public static long hexValue(long word, int n) {
        long x = (word & 0x0F0F0F0F0F0F0F0FL) + 9 * ((word >>> 6) & 0x0101010101010101L); // a nibble a byte
        x <<= (8 - n) << 3; // the n digits to the top bytes, zeros below: the value of n digits
        x = ((x & 0x0F000F000F000F00L) >>> 8) | ((x & 0x000F000F000F000FL) << 4);
        x = ((x & 0x00FF000000FF0000L) >>> 16) | ((x & 0x000000FF000000FFL) << 8);
        return ((x & 0x0000FFFF00000000L) >>> 32) | ((x & 0x000000000000FFFFL) << 16);
    }

    /** Index (0 to 7, first byte lowest) of the first {@code target} in {@code word}, or 8 when none is. */
    public static int firstIndexIn(long word, byte target) {
        return firstMarked(matches(word, broadcast(target)));
    }

    /**
     * High bit set in the first byte of {@code word} that equals the byte broadcast in
     * {@code pattern}, and maybe in bytes after it (a borrow), never before: enough to find the
     * first, in three operations where {@link #matches} takes five.
     */
    private static long firstMatch(long word, long pattern) {
        long x = word ^ pattern;
        return (x - ONES) & ~x & HIGHS;
    }

    /** Index of the first {@code target} in {@code buf[from, to)}, or -1. */
    public static int indexOf(byte[] buf, int from, int to, byte target) {
        long pattern = broadcast(target);
        int i = from;
        // Two words a turn: C1 unrolls no loop, and a line is some 40 words long.
        for (; i + 16 <= to; i += 16) {
            long m = firstMatch((long) LONGS.get(buf, i), pattern);
            long n = firstMatch((long) LONGS.get(buf, i + 8), pattern);
            if ((m | n) != 0) {
                return m != 0 ? i + firstMarkedOfSome(m) : i + 8 + firstMarkedOfSome(n);
            }
        }
        for (; i + 8 <= to; i += 8) {
            long m = firstMatch((long) LONGS.get(buf, i), pattern);
            if (m != 0) {
                return i + firstMarkedOfSome(m);
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
                return i + lastMarked(m);
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
                count[0] = n + marked(c & ((s & -s) - 1));
                return i + firstMarkedOfSome(s);
            }
            n += marked(c);
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
