package dev.heaplens.util;

/**
 * A long → long map with open addressing in primitive arrays (key and value side by side), no
 * object per entry or lookup. Key 0, which marks an empty slot, is kept beside the arrays. The
 * slots are in pages of at most {@code 2^pageShift} longs, indexed by a {@code long}, so the map
 * grows past what one Java array holds (one array of 2^30 longs stopped it at 268M keys: `strings`
 * on a dump of more String arrays than that), as far as the heap allows.
 */
public final class LongLongMap {
    /** 2^26 longs, 512 MB: a page. */
    private static final int PAGE_SHIFT = 26;
    private final int pageShift;
    private long[][] pages;
    /** Slots (key and value) minus one: a power of two minus one. */
    private long mask;
    private long size;
    private boolean hasZero;
    private long zeroValue;

    public LongLongMap() {
        this(PAGE_SHIFT);
    }

    /** Tests pass a small {@code pageShift} (at least 1: a slot's two longs share a page). */
    LongLongMap(int pageShift) {
        this.pageShift = pageShift;
        allocate(32);
    }

    public long size() {
        return size;
    }

    public void put(long key, long value) {
        if (key == 0) {
            size += hasZero ? 0 : 1;
            hasZero = true;
            zeroValue = value;
            return;
        }
        long at = find(key);
        long[] page = page(at);
        int i = inPage(at);
        page[i + 1] = value;
        if (page[i] == 0) {
            page[i] = key;
            if (++size * 2 > mask + 1) {
                grow();
            }
        }
    }

    /** The value of {@code key}, or {@code absent}. */
    public long get(long key, long absent) {
        if (key == 0) {
            return hasZero ? zeroValue : absent;
        }
        long at = find(key);
        long[] page = page(at);
        int i = inPage(at);
        return page[i] == key ? page[i + 1] : absent;
    }

    /** Where {@code key} is, or the empty slot it would take: the index of its key's long. */
    private long find(long key) {
        for (long slot = slot(key, mask); ; slot = (slot + 1) & mask) {
            long at = slot * 2;
            long k = page(at)[inPage(at)];
            if (k == 0 || k == key) {
                return at;
            }
        }
    }

    private long[] page(long at) {
        return pages[(int) (at >>> pageShift)];
    }

    private int inPage(long at) {
        return (int) (at & ((1L << pageShift) - 1));
    }

    private void allocate(long slots) {
        long longs = slots * 2;
        long pageLength = 1L << pageShift;
        int count = (int) Math.max(1, (longs + pageLength - 1) >>> pageShift);
        pages = new long[count][];
        for (int p = 0; p < count; p++) {
            pages[p] = new long[(int) Math.min(pageLength, longs - (long) p * pageLength)];
        }
        mask = slots - 1;
    }

    private void grow() {
        long[][] old = pages;
        allocate((mask + 1) * 2);
        size = hasZero ? 1 : 0;
        for (long[] page : old) {
            for (int i = 0; i < page.length; i += 2) {
                if (page[i] != 0) {
                    put(page[i], page[i + 1]);
                }
            }
        }
    }

    private static long slot(long key, long mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (h ^ (h >>> 31)) & mask;
    }
}
