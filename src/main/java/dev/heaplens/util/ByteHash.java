package dev.heaplens.util;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** 64-bit hashes of bytes for grouping equal contents (strings' values, names): equal bytes, equal hash. */
public final class ByteHash {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private ByteHash() {
    }

    /** 64-bit FNV-1a of {@code data[from, to)} with a final mix: a collision among millions is unlikely. */
    public static long of(byte[] data, int from, int to) {
        long h = 0xcbf29ce484222325L ^ (to - from);
        for (int i = from; i < to; i++) {
            h = (h ^ (data[i] & 0xFF)) * 0x100000001b3L;
        }
        return mix(h);
    }

    /**
     * As {@link #of}, a different hash read eight bytes a step (a multiply and a shift-xor per
     * word, the last few bytes as one more word, then the same final mix): about eight times fewer
     * steps in the C1 compiler the launcher runs, for a dump reader that hashes every string value.
     */
    public static long ofWords(byte[] data, int from, int to) {
        long h = 0x9E3779B97F4A7C15L ^ (to - from);
        int i = from;
        for (; i + 8 <= to; i += 8) {
            h = (h ^ (long) LONGS.get(data, i)) * 0xFF51AFD7ED558CCDL;
            h ^= h >>> 29;
        }
        int rest = to - i;
        if (rest > 0) {
            long last;
            if (to >= 8) { // the word that ends at to, its bytes before i shifted out: no loop a byte a step
                last = (long) LONGS.get(data, to - 8) >>> ((8 - rest) << 3);
            } else {
                last = 0;
                for (int shift = 0; i < to; i++, shift += 8) {
                    last |= (data[i] & 0xFFL) << shift;
                }
            }
            h = (h ^ last) * 0xFF51AFD7ED558CCDL;
            h ^= h >>> 29;
        }
        return mix(h);
    }

    /** MurmurHash3's final mix: every input bit flips about half the output bits. */
    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        return h ^ (h >>> 33);
    }
}
