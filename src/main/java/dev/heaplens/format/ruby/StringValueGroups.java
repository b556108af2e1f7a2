package dev.heaplens.format.ruby;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One reading thread's strings, to be grouped by a 64-bit hash of their value for the
 * duplicate-strings check (by the hash mixed once more, one to one): per group the strings, their
 * memsize, the smallest memsize and the lowest address.
 * <p>
 * Why this shape: any table of groups filled while reading is probed at random, a cache miss per
 * string once it outgrows the caches (a million distinct values on the 1.2 GB dump), and tables
 * written out as runs cost a merge over every run for each group. Here reading only appends: each
 * string goes, as two longs ({@code hash} and {@code address << 16 | memsize}), to one of 256
 * partitions picked by the hash's top byte. A partition is a chain of 2 KiB chunks cut from 1 MiB
 * pages (allocated straight in the old generation: young collections never copy them), each
 * chunk written in order. After the read ({@link #duplicated}) each partition of all threads is
 * grouped on its own in a small table (a 256th of the strings: it stays in the cache). A string
 * whose address needs more than 48 bits or whose memsize is {@value #WIDE} or more (none in real
 * dumps) takes four longs: the hash, the mark {@value #WIDE}, the address and the memsize.
 */
final class StringValueGroups {
    private static final int PARTITION_BITS = 8;
    private static final int PARTITIONS = 1 << PARTITION_BITS;
    /** A chunk's longs: the position of the partition's chunk before it (-1: none), the longs it uses, then records. */
    private static final int CHUNK = 256;
    private static final int LINK = 0;
    private static final int USED = 1;
    private static final int HEADER = 2;
    private static final int PAGE = 1 << 17;
    /** The low 16 bits of a record's second long: its memsize, or this mark of a wide record. */
    private static final long WIDE = 0xFFFF;
    private static final int ADDRESS_BITS = 48;

    private final List<long[]> pages = new ArrayList<>();
    /** Where the next chunk is cut from the last page. */
    private int pageFill = PAGE;
    /** Per partition: the chunk being filled, its page (null before the first string) and that page's index, where it starts, where its next record goes. */
    private final long[][] chunkPage = new long[PARTITIONS][];
    private final int[] chunkPageIndex = new int[PARTITIONS];
    private final int[] chunkStart = new int[PARTITIONS];
    private final int[] chunkFill = new int[PARTITIONS];
    /** Per partition: the longs of its records, for the size of its table. */
    private final long[] longs = new long[PARTITIONS];

    /** Adds one string of value hash {@code valueHash}. */
    void add(long valueHash, long address, long memsize) {
        // mixed one-to-one (an odd multiplier, then a shift-xor): hashes of poor top bits spread over the partitions
        long h = valueHash * 0x9E3779B97F4A7C15L;
        long hash = h ^ (h >>> 32);
        int p = (int) (hash >>> (64 - PARTITION_BITS));
        boolean narrow = memsize < WIDE && address >>> ADDRESS_BITS == 0;
        int size = narrow ? 2 : 4;
        long[] page = chunkPage[p];
        int at = chunkFill[p];
        if (page == null || at + size > chunkStart[p] + CHUNK) {
            page = newChunk(p);
            at = chunkFill[p];
        }
        page[at] = hash;
        if (narrow) {
            page[at + 1] = address << 16 | memsize;
        } else {
            page[at + 1] = WIDE;
            page[at + 2] = address;
            page[at + 3] = memsize;
        }
        chunkFill[p] = at + size;
        longs[p] += size;
    }

    /** Closes partition {@code p}'s chunk and starts the next, linked to it; returns its page. */
    private long[] newChunk(int p) {
        long link = -1;
        long[] before = chunkPage[p];
        if (before != null) {
            before[chunkStart[p] + USED] = chunkFill[p] - chunkStart[p];
            link = (long) chunkPageIndex[p] << 32 | chunkStart[p];
        }
        if (pageFill + CHUNK > PAGE) {
            pages.add(new long[PAGE]);
            pageFill = 0;
        }
        long[] page = pages.get(pages.size() - 1);
        int start = pageFill;
        pageFill += CHUNK;
        page[start + LINK] = link;
        chunkPage[p] = page;
        chunkPageIndex[p] = pages.size() - 1;
        chunkStart[p] = start;
        chunkFill[p] = start + HEADER;
        return page;
    }

    /** Adds partition {@code p}'s strings to {@code groups}: its chunks from the last back to the first. */
    private void moveTo(Groups groups, int p) {
        long[] page = chunkPage[p];
        if (page == null) {
            return;
        }
        int start = chunkStart[p];
        int used = chunkFill[p] - start;
        while (true) {
            groups.addAll(page, start + HEADER, start + used);
            long link = page[start + LINK];
            if (link < 0) {
                return;
            }
            page = pages.get((int) (link >>> 32));
            start = (int) link;
            used = (int) page[start + USED];
        }
    }

    /**
     * The groups of {@code all} threads, of which those of more than one string are kept. Empties
     * {@code all}: their pages go once every partition is grouped.
     */
    static Duplicated duplicated(List<StringValueGroups> all) {
        Duplicated out = new Duplicated();
        Groups groups = new Groups();
        for (int p = 0; p < PARTITIONS; p++) {
            long partition = 0;
            for (StringValueGroups g : all) {
                partition += g.longs[p];
            }
            groups.clearFor((int) Math.min(1 << 26, partition / 2));
            for (StringValueGroups g : all) {
                g.moveTo(groups, p);
            }
            groups.emitTo(out);
        }
        for (StringValueGroups g : all) {
            g.pages.clear();
            Arrays.fill(g.chunkPage, null);
            Arrays.fill(g.longs, 0);
            g.pageFill = PAGE;
        }
        return out;
    }

    /**
     * One partition's groups: open addressing, five longs a group side by side ({@code hash,
     * lowest address, bytes, strings, smallest}); a slot of no strings is empty. Reused for every
     * partition, so it is as large as the largest.
     */
    private static final class Groups {
        private static final int STRIDE = 5;
        private static final int HASH = 0;
        private static final int FIRST = 1;
        private static final int BYTES = 2;
        private static final int STRINGS = 3;
        private static final int SMALLEST = 4;

        private long[] table = new long[0];
        private int mask;

        /** Ready (and empty) for up to {@code strings} strings: at most half the slots taken. */
        void clearFor(int strings) {
            int slots = Integer.highestOneBit(Math.max(16, strings) * 2 - 1) << 1;
            if (table.length < slots * STRIDE) {
                table = new long[slots * STRIDE];
            }
            mask = slots - 1; // emitTo left every slot empty
        }

        /** Adds the strings of {@code block[from, to)}, records as {@link StringValueGroups} writes them. */
        void addAll(long[] block, int from, int to) {
            for (int at = from; at < to; ) {
                long packed = block[at + 1];
                if ((packed & WIDE) != WIDE) {
                    add(block[at], packed >>> 16, packed & WIDE);
                    at += 2;
                } else {
                    add(block[at], block[at + 2], block[at + 3]);
                    at += 4;
                }
            }
        }

        private void add(long hash, long address, long memsize) {
            long[] t = table;
            // the partition's strings share the top byte: the slot comes from the low bits
            for (int slot = (int) hash & mask; ; slot = (slot + 1) & mask) {
                int at = slot * STRIDE;
                if (t[at + STRINGS] == 0) {
                    t[at + HASH] = hash;
                    t[at + FIRST] = address;
                    t[at + BYTES] = memsize;
                    t[at + STRINGS] = 1;
                    t[at + SMALLEST] = memsize;
                    return;
                }
                if (t[at + HASH] == hash) {
                    t[at + FIRST] = Math.min(t[at + FIRST], address);
                    t[at + BYTES] += memsize;
                    t[at + STRINGS]++;
                    t[at + SMALLEST] = Math.min(t[at + SMALLEST], memsize);
                    return;
                }
            }
        }

        /** Adds every group to {@code out} and empties the table. */
        void emitTo(Duplicated out) {
            long[] t = table;
            for (int at = 0, end = (mask + 1) * STRIDE; at < end; at += STRIDE) {
                if (t[at + STRINGS] != 0) {
                    out.add(t[at + STRINGS], t[at + BYTES], t[at + SMALLEST], t[at + FIRST]);
                    t[at + STRINGS] = 0;
                }
            }
        }
    }

    /** What the check keeps after the read: the count of distinct values, and the groups of more than one string. */
    static final class Duplicated {
        int values;
        int groups;
        int[] strings = new int[64];
        long[] bytes = new long[64];
        long[] smallest = new long[64];
        long[] first = new long[64];

        private void add(long count, long bytesOf, long smallestOf, long firstOf) {
            values++;
            if (count < 2) {
                return;
            }
            if (groups == strings.length) {
                strings = Arrays.copyOf(strings, groups * 2);
                bytes = Arrays.copyOf(bytes, groups * 2);
                smallest = Arrays.copyOf(smallest, groups * 2);
                first = Arrays.copyOf(first, groups * 2);
            }
            strings[groups] = (int) count;
            bytes[groups] = bytesOf;
            smallest[groups] = smallestOf;
            first[groups++] = firstOf;
        }
    }
}
