package dev.heaplens.util;

/** A 64-bit hash of bytes for grouping equal contents (strings' values): equal bytes, equal hash. */
public final class ByteHash {
    private ByteHash() {
    }

    /** 64-bit FNV-1a of {@code data[from, to)} with a final mix: a collision among millions is unlikely. */
    public static long of(byte[] data, int from, int to) {
        long h = 0xcbf29ce484222325L ^ (to - from);
        for (int i = from; i < to; i++) {
            h = (h ^ (data[i] & 0xFF)) * 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        return h ^ (h >>> 33);
    }
}
