package dev.heaplens.format.ruby;

import dev.heaplens.util.ByteHash;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Interns byte strings (file names, method names, kinds) to dense int ids without allocating a
 * Java object per lookup: the bytes live in one pool, found again through an open-addressing
 * table. Text is decoded only when asked for, once per id.
 */
public final class ByteStringTable {
    private byte[] pool = new byte[4096];
    private int poolSize;
    private int[] starts = new int[64];
    private int[] lengths = new int[64];
    private boolean[] escaped = new boolean[64];
    private int[] hashes = new int[64];
    private int size;
    /** Slot -> id + 1; 0 = empty. */
    private int[] slots = new int[128];

    public int size() {
        return size;
    }

    /** Returns the id of {@code bytes[start, end)}, adding it when new. */
    public int intern(byte[] bytes, int start, int end, boolean isEscaped) {
        int hash = hash(bytes, start, end);
        int mask = slots.length - 1;
        int slot = hash & mask;
        while (true) {
            int entry = slots[slot];
            if (entry == 0) {
                break;
            }
            int id = entry - 1;
            if (hashes[id] == hash && equalsAt(id, bytes, start, end)) {
                return id;
            }
            slot = (slot + 1) & mask;
        }
        int id = add(bytes, start, end, isEscaped, hash);
        slots[slot] = id + 1;
        if (size * 2 > slots.length) {
            rehash();
        }
        return id;
    }

    /** Interns a Java string (tests, synthetic keys). */
    public int intern(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return intern(b, 0, b.length, false);
    }

    /** The text of an id: UTF-8 decoded (bad bytes become U+FFFD), JSON escapes resolved. */
    public String text(int id) {
        return JsonText.decode(pool, starts[id], starts[id] + lengths[id], escaped[id]);
    }

    private int add(byte[] bytes, int start, int end, boolean isEscaped, int hash) {
        int len = end - start;
        if (poolSize + len > pool.length) {
            pool = Arrays.copyOf(pool, Math.max(pool.length * 2, poolSize + len));
        }
        System.arraycopy(bytes, start, pool, poolSize, len);
        if (size == starts.length) {
            int n = size * 2;
            starts = Arrays.copyOf(starts, n);
            lengths = Arrays.copyOf(lengths, n);
            escaped = Arrays.copyOf(escaped, n);
            hashes = Arrays.copyOf(hashes, n);
        }
        starts[size] = poolSize;
        lengths[size] = len;
        escaped[size] = isEscaped;
        hashes[size] = hash;
        poolSize += len;
        return size++;
    }

    private boolean equalsAt(int id, byte[] bytes, int start, int end) {
        int len = end - start;
        return lengths[id] == len && Arrays.equals(pool, starts[id], starts[id] + len, bytes, start, end);
    }

    private void rehash() {
        slots = new int[slots.length * 2];
        int mask = slots.length - 1;
        for (int id = 0; id < size; id++) {
            int slot = hashes[id] & mask;
            while (slots[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = id + 1;
        }
    }

    /** Eight bytes a step: file paths are long and interned once per object. */
    private static int hash(byte[] bytes, int start, int end) {
        long h = ByteHash.ofWords(bytes, start, end);
        return (int) h ^ (int) (h >>> 32);
    }
}
