package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.util.ByteHash;
import dev.heaplens.util.LongIndex;

import java.util.ArrayList;
import java.util.Arrays;
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
    /** Per group, by its number: strings, arrays, element type, coder, array length, the first array's offset. */
    private long[] strings = new long[1024];
    private long[] arrays = new long[1024];
    private byte[] types = new byte[1024];
    private byte[] coders = new byte[1024];
    private long[] lengths = new long[1024];
    private long[] offsets = new long[1024];

    /** The key of an array's contents {@code data[0, length)} of {@code type} read with {@code coder}. */
    static long key(BasicType type, int coder, byte[] data, int length) {
        return key(type, coder, ByteHash.of(data, 0, length));
    }

    /** The key of contents whose bytes hash to {@code bytesHash}. */
    static long key(BasicType type, int coder, long bytesHash) {
        return bytesHash ^ (type.code * 0x9E3779B97F4A7C15L) ^ (coder * 0xC2B2AE3D27D4EB4FL);
    }

    /**
     * Adds one value array of contents {@code key}, held by {@code strings} Strings. Groups are kept
     * in columns, not an array per group: two million groups on the 7.4M-object dump.
     */
    void add(long key, long strings, BasicType type, int coder, long arrayLength, long offset) {
        int slot = index.add(key);
        if (slot == this.strings.length) {
            grow();
        }
        if (this.arrays[slot] == 0) {
            types[slot] = (byte) type.code;
            coders[slot] = (byte) coder;
            lengths[slot] = arrayLength;
            offsets[slot] = offset;
        }
        this.strings[slot] += strings;
        this.arrays[slot]++;
    }

    private void grow() {
        int n = strings.length * 2;
        strings = Arrays.copyOf(strings, n);
        arrays = Arrays.copyOf(arrays, n);
        types = Arrays.copyOf(types, n);
        coders = Arrays.copyOf(coders, n);
        lengths = Arrays.copyOf(lengths, n);
        offsets = Arrays.copyOf(offsets, n);
    }

    /**
     * The groups of two or more Strings, in group order: only they are reported, and a list of every
     * group held millions of records at once (4.6 million on a generated 30M-object dump).
     */
    List<JvmStringGroups.Group> duplicated() {
        List<JvmStringGroups.Group> result = new ArrayList<>();
        for (int g = 0; g < index.size(); g++) {
            if (strings[g] > 1) {
                result.add(new JvmStringGroups.Group(strings[g], arrays[g], BasicType.of(types[g]), coders[g], lengths[g], offsets[g]));
            }
        }
        return result;
    }

    /** How many different contents there are. */
    int distinct() {
        return index.size();
    }
}
