package dev.heaplens.graph;

import java.util.Arrays;

/**
 * An append-only column of ints in fixed-size chunks: growing never copies more than the first
 * small chunk, and a big column never needs one huge array. Not thread-safe.
 */
final class GrowableInts {
    static final int CHUNK_SHIFT = 14;
    static final int CHUNK = 1 << CHUNK_SHIFT;
    static final int MASK = CHUNK - 1;
    private static final int FIRST = 256;

    private int[][] chunks = new int[4][];
    private long size;

    void add(int value) {
        long i = size;
        int c = (int) (i >>> CHUNK_SHIFT);
        int o = (int) i & MASK;
        int[] chunk = c < chunks.length ? chunks[c] : null;
        if (chunk == null || o >= chunk.length) {
            chunk = grow(c, o);
        }
        chunk[o] = value;
        size = i + 1;
    }

    private int[] grow(int c, int o) {
        if (c >= chunks.length) {
            chunks = Arrays.copyOf(chunks, Math.max(c + 1, chunks.length * 2));
        }
        int[] chunk = chunks[c];
        if (chunk == null) {
            chunk = new int[c == 0 ? FIRST : CHUNK];
        } else {
            chunk = Arrays.copyOf(chunk, Math.min(CHUNK, Math.max(o + 1, chunk.length * 2)));
        }
        chunks[c] = chunk;
        return chunk;
    }

    int get(long i) {
        return chunks[(int) (i >>> CHUNK_SHIFT)][(int) i & MASK];
    }

    void set(long i, int value) {
        chunks[(int) (i >>> CHUNK_SHIFT)][(int) i & MASK] = value;
    }

    long size() {
        return size;
    }

    /** Copies elements [from, from + length) to {@code dest[destPos...]}, chunk by chunk. */
    void copyRange(long from, int[] dest, int destPos, int length) {
        while (length > 0) {
            int o = (int) from & MASK;
            int n = Math.min(length, CHUNK - o);
            System.arraycopy(chunks[(int) (from >>> CHUNK_SHIFT)], o, dest, destPos, n);
            from += n;
            destPos += n;
            length -= n;
        }
    }

    /** Drops the contents. */
    void clear() {
        chunks = new int[4][];
        size = 0;
    }
}
