package dev.heaplens.format.ruby;

import dev.heaplens.HeaplensException;
import dev.heaplens.graph.LongCells;
import dev.heaplens.graph.Scratch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

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
 *
 * <p>The pages come from the read's scratch ({@link ScratchPages}: out of core they double to 128
 * MiB, in the heap while it has room, else mapped); there the strings go to 4,096 partitions, so
 * that the table, in the heap, takes a 4,096th of them (20 MB for 2^30 strings).
 */
final class StringValueGroups {
    private static final int PARTITION_BITS = 8;
    private static final int MAPPED_PARTITION_BITS = 12;
    /** A chunk's longs: the position of the partition's chunk before it (-1: none), the longs it uses, then records. */
    private static final int CHUNK = 256;
    private static final int LINK = 0;
    private static final int USED = 1;
    private static final int HEADER = 2;
    /** The first page's longs: 2^17, 1 MiB. */
    private static final int PAGE_SHIFT = 17;
    /** The low 16 bits of a record's second long: its memsize, or this mark of a wide record. */
    private static final long WIDE = 0xFFFF;
    private static final int ADDRESS_BITS = 48;

    private final Scratch scratch;
    private final List<LongCells> pages = new ArrayList<>();
    /** Where the next chunk is cut from the last page, and that page's length. */
    private int pageFill;
    private int pageLength;
    /** Per partition: the chunk being filled, its page (null before the first string) and that page's index, where it starts, where its next record goes. */
    private final LongCells[] chunkPage;
    private final int[] chunkPageIndex;
    private final int[] chunkStart;
    private final int[] chunkFill;
    /** Per partition: the longs of its records, for the size of its table. */
    private final long[] longs;
    private final int partitionBits;

    /** Pages from {@code scratch}. */
    StringValueGroups(Scratch scratch) {
        this.scratch = scratch;
        this.partitionBits = scratch.isMapped() ? MAPPED_PARTITION_BITS : PARTITION_BITS;
        int partitions = 1 << partitionBits;
        chunkPage = new LongCells[partitions];
        chunkPageIndex = new int[partitions];
        chunkStart = new int[partitions];
        chunkFill = new int[partitions];
        longs = new long[partitions];
    }

    /** Adds one string of value hash {@code valueHash}. */
    void add(long valueHash, long address, long memsize) {
        // mixed one-to-one (an odd multiplier, then a shift-xor): hashes of poor top bits spread over the partitions
        long h = valueHash * 0x9E3779B97F4A7C15L;
        long hash = h ^ (h >>> 32);
        int p = (int) (hash >>> (64 - partitionBits));
        boolean narrow = memsize < WIDE && address >>> ADDRESS_BITS == 0;
        int size = narrow ? 2 : 4;
        LongCells page = chunkPage[p];
        int at = chunkFill[p];
        if (page == null || at + size > chunkStart[p] + CHUNK) {
            page = newChunk(p);
            at = chunkFill[p];
        }
        page.set(at, hash);
        if (narrow) {
            page.set(at + 1, address << 16 | memsize);
        } else {
            page.set(at + 1, WIDE);
            page.set(at + 2, address);
            page.set(at + 3, memsize);
        }
        chunkFill[p] = at + size;
        longs[p] += size;
    }

    /** Closes partition {@code p}'s chunk and starts the next, linked to it; returns its page. */
    private LongCells newChunk(int p) {
        long link = -1;
        LongCells before = chunkPage[p];
        if (before != null) {
            before.set(chunkStart[p] + USED, chunkFill[p] - chunkStart[p]);
            link = (long) chunkPageIndex[p] << 32 | chunkStart[p];
        }
        if (pageFill + CHUNK > pageLength) {
            pageLength = ScratchPages.length(scratch, pages.size(), PAGE_SHIFT);
            pages.add(ScratchPages.page(scratch, pages.size(), PAGE_SHIFT));
            pageFill = 0;
        }
        LongCells page = pages.get(pages.size() - 1);
        int start = pageFill;
        pageFill += CHUNK;
        page.set(start + LINK, link);
        chunkPage[p] = page;
        chunkPageIndex[p] = pages.size() - 1;
        chunkStart[p] = start;
        chunkFill[p] = start + HEADER;
        return page;
    }

    /** Adds partition {@code p}'s strings to {@code groups}: its chunks from the last back to the first. */
    private void moveTo(Groups groups, int p) {
        LongCells page = chunkPage[p];
        if (page == null) {
            return;
        }
        int start = chunkStart[p];
        int used = chunkFill[p] - start;
        while (true) {
            groups.addAll(page, start + HEADER, start + used);
            long link = page.get(start + LINK);
            if (link < 0) {
                return;
            }
            page = pages.get((int) (link >>> 32));
            start = (int) link;
            used = (int) page.get(start + USED);
        }
    }

    /**
     * The groups of {@code all} threads (of one read: one scratch), of which those of more than one
     * string are kept. Empties {@code all}: their pages go once every partition is grouped.
     */
    static Duplicated duplicated(List<StringValueGroups> all) {
        Duplicated out = new Duplicated();
        if (all.isEmpty()) {
            return out;
        }
        Groups groups = new Groups();
        for (int p = 0, partitions = all.get(0).longs.length; p < partitions; p++) {
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
            g.pages.forEach(g.scratch::release);
            g.pages.clear();
            Arrays.fill(g.chunkPage, null);
            Arrays.fill(g.longs, 0);
            g.pageFill = 0;
            g.pageLength = 0;
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
        void addAll(LongCells block, int from, int to) {
            for (int at = from; at < to; ) {
                long packed = block.get(at + 1);
                if ((packed & WIDE) != WIDE) {
                    add(block.get(at), packed >>> 16, packed & WIDE);
                    at += 2;
                } else {
                    add(block.get(at), block.get(at + 2), block.get(at + 3));
                    at += 4;
                }
            }
        }

        private void add(long hash, long address, long memsize) {
            long[] t = table;
            // the partition's strings share the top bits: the slot comes from the low bits
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

    /**
     * What the check keeps after the read: the count of distinct values, and the groups of more than
     * one string, in heap arrays: a group is a value two strings or more hold, a few in a hundred
     * strings in real dumps (155K groups of the 1.2 GB dump's 3.46M objects). Past what an array
     * holds they are refused in one line.
     */
    static final class Duplicated {
        /** Groups numbered by int. */
        private static final int MAX = Integer.MAX_VALUE - 8;
        long values;
        int groups;
        long[] strings = new long[64];
        long[] bytes = new long[64];
        long[] smallest = new long[64];
        long[] first = new long[64];

        private void add(long count, long bytesOf, long smallestOf, long firstOf) {
            values++;
            if (count < 2) {
                return;
            }
            if (groups == strings.length) {
                if (groups == MAX) {
                    throw new HeaplensException(String.format(Locale.ROOT, "more than %,d string values are held more "
                            + "than once: heaplens keeps the duplicate strings' groups in Java arrays", MAX));
                }
                int capacity = (int) Math.min(MAX, groups * 2L);
                strings = Arrays.copyOf(strings, capacity);
                bytes = Arrays.copyOf(bytes, capacity);
                smallest = Arrays.copyOf(smallest, capacity);
                first = Arrays.copyOf(first, capacity);
            }
            strings[groups] = count;
            bytes[groups] = bytesOf;
            smallest[groups] = smallestOf;
            first[groups++] = firstOf;
        }
    }
}
