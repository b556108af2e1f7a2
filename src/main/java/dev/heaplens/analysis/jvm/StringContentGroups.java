package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.util.ByteHash;
import dev.heaplens.util.LongIndex;

import java.util.ArrayList;
import java.util.List;

/**
 * Strings' value arrays grouped by content: the one grouping {@code heaplens strings} (every record
 * read twice) and suspects' duplicate strings (the graph's Strings, their arrays read once) share.
 * Contents are keyed by a 64-bit hash of the bytes with the element type and the coder (a Latin-1
 * and a UTF-16 String with the same bytes are different texts); groups are numbered in the order
 * their first array is added.
 */
final class StringContentGroups {
    private final LongIndex index = new LongIndex();
    /** Per group: strings, arrays, type, coder, array length, the first array's offset. */
    private final List<long[]> groups = new ArrayList<>();

    /** The key of an array's contents {@code data[0, length)} of {@code type} read with {@code coder}. */
    static long key(BasicType type, int coder, byte[] data, int length) {
        return key(type, coder, ByteHash.of(data, 0, length));
    }

    /** The key of contents whose bytes hash to {@code bytesHash}. */
    static long key(BasicType type, int coder, long bytesHash) {
        return bytesHash ^ (type.code * 0x9E3779B97F4A7C15L) ^ (coder * 0xC2B2AE3D27D4EB4FL);
    }

    /** Adds one value array of contents {@code key}, held by {@code strings} Strings. */
    void add(long key, long strings, BasicType type, int coder, long arrayLength, long offset) {
        int slot = index.add(key);
        if (slot == groups.size()) {
            groups.add(new long[] {0, 0, type.code, coder, arrayLength, offset});
        }
        long[] g = groups.get(slot);
        g[0] += strings;
        g[1]++;
    }

    List<JvmStringGroups.Group> groups() {
        List<JvmStringGroups.Group> result = new ArrayList<>(groups.size());
        for (long[] g : groups) {
            result.add(new JvmStringGroups.Group(g[0], g[1], BasicType.of((int) g[2]), (int) g[3], g[4], g[5]));
        }
        return result;
    }
}
