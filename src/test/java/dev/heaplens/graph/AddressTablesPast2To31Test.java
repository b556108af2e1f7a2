package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heaplens.HeaplensException;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The build's address tables sized for more objects than 2^31 slots hold, without a dump of that
 * many: a table given the capacity a huge heap needs (2^32 packed slots, 2^33 wide ones) over a few
 * thousand addresses, with small pages allocated only where written, so slots past 2^31 and 2^32 are
 * really probed. The oracle is a binary search of the sorted addresses (the first of equal ones).
 */
class AddressTablesPast2To31Test {
    private static final long TWO_31 = 1L << 31;

    @Test
    void capacitiesForTheMostObjectsIdsAllowPassTheArrayLimit() {
        int most = HeapGraphBuilder.MAX_OBJECTS;
        assertThat(PackedAddressTable.capacity(most)).isEqualTo(1L << 32);
        assertThat(AddressTable.capacity(most)).isEqualTo(1L << 33);
        // the load limits hold at the top as at the bottom
        assertThat(most / (double) PackedAddressTable.capacity(most)).isLessThanOrEqualTo(PackedAddressTable.LOAD);
        assertThat(most / (double) AddressTable.capacity(most)).isLessThanOrEqualTo(AddressTable.LOAD);
        // 500 million objects, the benchmark's dump: 2^30 packed slots, 2^31 wide ones (past one int[])
        assertThat(PackedAddressTable.capacity(500_000_000)).isEqualTo(1L << 30);
        assertThat(AddressTable.capacity(500_000_000)).isEqualTo(1L << 31);
        // and the sizes small graphs had before paging: 7.4M objects, 2^24 packed slots
        assertThat(PackedAddressTable.capacity(7_400_000)).isEqualTo(1L << 24);
        assertThat(AddressTable.capacity(7_400_000)).isEqualTo(1L << 25);
    }

    @Test
    void aPackedSlotHoldsTheLastObjectIdAndTheWidestKey() {
        int last = HeapGraphBuilder.MAX_OBJECTS - 1;
        long key = 0xFFFF_FFFFL;
        long slot = PackedAddressTable.pack(key, last);
        assertThat(slot).isNotZero();
        assertThat(PackedAddressTable.object(slot)).isEqualTo(last);
        assertThat(slot >>> 32).isEqualTo(key);
        assertThat(PackedAddressTable.object(PackedAddressTable.pack(0, 0))).isZero();
        assertThat(PackedAddressTable.pack(0, 0)).isNotZero(); // 0 stays the empty slot
    }

    @Test
    void aPackedTableOf2To32SlotsFindsEveryAddressPast2To31() {
        Random rnd = new Random(2831);
        long[] a = heapAddresses(rnd, 3000, 8, 1L << 34); // a 128 GB span of 8-byte units: 2^31 units, fits 32 bits
        PackedAddressTable table = new PackedAddressTable(a, AddressUnits.of(a), 1L << 32, 10);
        checkAgainstBinarySearch(rnd, a, table);
        assertThat(homeSlotsPast(a, 32, TWO_31)).as("addresses whose home slot is past 2^31").isGreaterThan(1000);
    }

    @Test
    void aWideTableOf2To33SlotsFindsEveryAddressPast2To32() {
        Random rnd = new Random(2832);
        long[] a = heapAddresses(rnd, 3000, 1, Long.MAX_VALUE); // any addresses: the wide table's case
        AddressTable table = new AddressTable(a, 1L << 33, 10);
        checkAgainstBinarySearch(rnd, a, table);
        assertThat(homeSlotsPast(a, 33, 1L << 32)).as("addresses whose home slot is past 2^32").isGreaterThan(1000);
    }

    @Test
    void tablesOfTinyPagesFindWhatOnePageFinds() {
        Random rnd = new Random(2833);
        for (int trial = 0; trial < 20; trial++) {
            long[] a = heapAddresses(rnd, 1 + rnd.nextInt(4000), 8, 1L << (20 + rnd.nextInt(15))); // spans the packed table takes
            AddressUnits units = AddressUnits.of(a);
            long packedCapacity = PackedAddressTable.capacity(a.length);
            PackedAddressTable onePage = new PackedAddressTable(a, units, packedCapacity, LongPages.DEFAULT_SHIFT);
            PackedAddressTable tiny = new PackedAddressTable(a, units, packedCapacity, 2); // slots in pages of 4
            AddressTable wideTiny = new AddressTable(a, AddressTable.capacity(a.length), 1);
            checkAgainstBinarySearch(rnd, a, tiny);
            checkAgainstBinarySearch(rnd, a, wideTiny);
            for (int k = 0; k < 500; k++) {
                long probe = a[rnd.nextInt(a.length)] + 8L * (rnd.nextInt(5) - 2);
                assertThat(tiny.find(probe)).as("trial %d probe %d", trial, probe).isEqualTo(onePage.find(probe));
            }
        }
    }

    @Test
    void longPagesPast2To32ReadZeroWhereUnwritten() {
        LongPages pages = new LongPages(5 * TWO_31 + 3, 16);
        long[] at = {0, TWO_31 - 1, TWO_31, 1L << 32, (1L << 32) + 1, 5 * TWO_31 + 2};
        for (int k = 0; k < at.length; k++) {
            pages.set(at[k], -1L - k);
        }
        for (int k = 0; k < at.length; k++) {
            assertThat(pages.get(at[k])).as("index %d", at[k]).isEqualTo(-1L - k);
        }
        assertThat(pages.get(TWO_31 + 1)).isZero();
        assertThat(pages.get(3 * TWO_31)).isZero();
        assertThat(pages.allocatedPages()).isEqualTo(5); // 2^32 and 2^32 + 1 share a page
        assertThat(pages.length()).isEqualTo(5 * TWO_31 + 3);
        assertThatThrownBy(() -> new LongPages(Long.MAX_VALUE, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LongPages(10, 31)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void moreObjectsThanIdsIsOneClearLine() {
        String line = HeapGraphBuilder.tooManyObjects(3_000_000_000L);
        assertThat(line).isEqualTo("about 3,000,000,000 objects: a graph in the heap holds at most 2,147,483,639"
                + " (out of core, more)");
        assertThat(new HeaplensException(line).getStackTrace()).isEmpty(); // printed as one line, no trace
    }

    /** {@code n} sorted addresses, multiples of {@code align} in {@code [0x1000, 0x1000 + span)}, a few repeated. */
    private static long[] heapAddresses(Random rnd, int n, long align, long span) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = i > 0 && rnd.nextInt(50) == 0 ? a[i - 1] : 0x1000 + Math.floorMod(rnd.nextLong(), span) / align * align;
        }
        Arrays.sort(a);
        return a;
    }

    private static void checkAgainstBinarySearch(Random rnd, long[] a, AddressLookup table) {
        for (long address : a) {
            assertThat(table.find(address)).as("address %d", address).isEqualTo(first(a, address));
        }
        long[] probes = new long[2000];
        for (int k = 0; k < probes.length; k++) {
            probes[k] = rnd.nextBoolean() ? a[rnd.nextInt(a.length)] : a[rnd.nextInt(a.length)] + 8 * (rnd.nextInt(3) - 1);
        }
        long[] found = new long[probes.length];
        table.findAll(probes, probes.length, found);
        for (int k = 0; k < probes.length; k++) {
            assertThat(found[k]).as("probe %d", probes[k]).isEqualTo(first(a, probes[k]));
            assertThat(table.find(probes[k])).isEqualTo(found[k]);
        }
        table.findAll(probes, probes.length, probes); // in place, as the build resolves its batches
        assertThat(probes).as("found in place").isEqualTo(found);
    }

    /** The first index of {@code address} in sorted {@code a}, or -1. */
    private static int first(long[] a, long address) {
        int i = Arrays.binarySearch(a, address);
        if (i < 0) {
            return -1;
        }
        while (i > 0 && a[i - 1] == address) {
            i--;
        }
        return i;
    }

    /** How many of {@code a} hash to a home slot at or past {@code from} in a table of 2^bits slots. */
    private static long homeSlotsPast(long[] a, int bits, long from) {
        AddressUnits units = AddressUnits.of(a);
        return Arrays.stream(a).map(address -> bits == 32
                ? ((address - units.min()) >>> units.shift()) * 0x9E3779B97F4A7C15L >>> (64 - bits)
                : address * 0x9E3779B97F4A7C15L >>> (64 - bits)).filter(s -> s >= from).count();
    }
}
