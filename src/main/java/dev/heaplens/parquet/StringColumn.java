package dev.heaplens.parquet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A column of UTF-8 strings. Dictionary encoded (a dictionary page, then bit-packed indices) while
 * the row group's distinct values stay few, as class names, types and file names do; PLAIN when
 * they do not (string values), where a dictionary would only repeat the data.
 */
public final class StringColumn extends Column {
    /** Past this many distinct values in a row group, or half its rows, the chunk is written PLAIN. */
    private static final int MAX_DICTIONARY = 1 << 16;
    private static final int CONVERTED_UTF8 = 0;

    private final Map<String, Integer> ids = new HashMap<>();
    private final List<byte[]> dictionary = new ArrayList<>();
    private int[] indices = new int[1024];
    private int count;
    /** The last value added and its id: neighbours often share a class or a file, and then no lookup is needed. */
    private String last;
    private int lastId;
    /**
     * Values met in this row group by identity, in a slot by their hash, with their ids: a class or a
     * file name is one String for all its rows, and this finds it without the map's nodes.
     */
    private static final int RECENT = 1 << 10;
    private final String[] recent = new String[RECENT];
    private final int[] recentIds = new int[RECENT];

    public StringColumn(String name, boolean optional) {
        super(name, optional);
    }

    /** Adds {@code v}, or a null when {@code v} is null. */
    public void add(String v) {
        if (v == null) {
            addNull();
            return;
        }
        int id;
        if (v == last) {
            id = lastId;
        } else {
            int slot = v.hashCode() & (RECENT - 1); // a String keeps its hash: no bytes read
            if (recent[slot] == v) {
                id = recentIds[slot];
            } else {
                Integer known = ids.get(v);
                if (known == null) {
                    known = dictionary.size();
                    ids.put(v, known);
                    dictionary.add(ByteSink.utf8(v));
                }
                id = known;
                recent[slot] = v;
                recentIds[slot] = id;
            }
            last = v;
            lastId = id;
        }
        if (count == indices.length) {
            indices = Arrays.copyOf(indices, count * 2);
        }
        indices[count++] = id;
        mark(true);
    }

    @Override
    void reserveValues(int rows) {
        if (indices.length < rows) {
            indices = Arrays.copyOf(indices, rows);
        }
    }

    @Override
    int physicalType() {
        return BYTE_ARRAY;
    }

    @Override
    int convertedType() {
        return CONVERTED_UTF8;
    }

    @Override
    void writeChunk(ChunkOutput out) throws IOException {
        boolean useDictionary = count > 0 && dictionary.size() <= MAX_DICTIONARY && dictionary.size() <= Math.max(16, count / 2);
        if (useDictionary) {
            ByteSink dict = out.page(dictionary.size() * 16);
            for (byte[] b : dictionary) {
                dict.writeLengthPrefixed(b);
            }
            out.dictionaryPage(this, dictionary.size());
            int width = Math.max(1, 32 - Integer.numberOfLeadingZeros(dictionary.size() - 1));
            ByteSink page = out.page(count * width / 8 + rows / 8 + 32);
            writeDefinitionLevels(page);
            page.write(width);
            writeBitPacked(page, width);
            out.dataPage(this, RLE_DICTIONARY, null, null);
        } else {
            ByteSink page = out.page(count * 16 + rows / 8 + 16);
            writeDefinitionLevels(page);
            for (int i = 0; i < count; i++) {
                page.writeLengthPrefixed(dictionary.get(indices[i]));
            }
            out.dataPage(this, PLAIN, null, null);
        }
        ids.clear();
        dictionary.clear();
        Arrays.fill(recent, null);
        last = null;
        count = 0;
        clear();
    }

    /**
     * The indices as one bit-packed run of the RLE/bit-packing hybrid, padded to a group of eight: the
     * run's bytes reserved at once and filled in place (no growth check a byte).
     */
    private void writeBitPacked(ByteSink page, int width) {
        int groups = (count + 7) / 8;
        page.writeVarint(((long) groups << 1) | 1);
        int at = page.reserve(groups * width); // eight values of width bits: width bytes
        byte[] bytes = page.array();
        long acc = 0;
        int bits = 0;
        for (int i = 0, n = groups * 8; i < n; i++) {
            acc |= (long) (i < count ? indices[i] : 0) << bits;
            bits += width;
            while (bits >= 8) {
                bytes[at++] = (byte) acc;
                acc >>>= 8;
                bits -= 8;
            }
        }
    }
}
