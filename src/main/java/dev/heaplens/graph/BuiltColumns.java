package dev.heaplens.graph;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A graph built out of core: its columns copied into scratch files mapped beside the index as
 * soon as the build has made each one (the heap's copy then dropped), and used where they lie, as
 * an index's are ({@link MappedGraphColumns}). The heap keeps only what is small: the weak
 * references' bits, the class table, the roots.
 */
final class BuiltColumns implements ColumnSource {
    private final Scratch scratch;
    /** The most addresses sorted in the heap at a time. */
    private final int addressRun;
    /** By {@link GraphStore} section name; the kinds are the one byte column. */
    private final Map<String, MappedLongs> longColumns = new ConcurrentHashMap<>();
    private final Map<String, MappedInts> intColumns = new ConcurrentHashMap<>();
    private MappedBytes kind;
    /** The reference targets, 4 or 8 bytes an id as the build chose ({@link MappedIds#wide}). */
    private MappedIds targets;
    private long[] weak;
    private long totalShallowSize;

    BuiltColumns(Scratch scratch, int addressRun) {
        this.scratch = scratch;
        this.addressRun = addressRun;
    }

    // Each object column is written by the build a chunk at a time as it orders it, straight to its
    // mapped file: none is whole in the heap.

    /** The kinds' mapped column. */
    MappedBytes kinds(long n) {
        kind = scratch.bytes(n);
        return kind;
    }

    /** The class numbers' mapped column. */
    MappedInts classNumbers(long n) {
        MappedInts m = scratch.ints(n);
        intColumns.put(GraphStore.CLASS_NUMBER, m);
        return m;
    }

    /** The sizes' mapped column; then {@link #sumShallowSizes}. */
    MappedInts shallowSizes(long n) {
        MappedInts m = scratch.ints(n);
        intColumns.put(GraphStore.SHALLOW_SIZE, m);
        return m;
    }

    /** Sums the sizes written, as the graph built in the heap does. */
    void sumShallowSizes(LargeSizes largeSizes) {
        MappedInts sizes = intColumns.get(GraphStore.SHALLOW_SIZE);
        long sum = largeSizes.sum();
        for (long i = 0, n = sizes.length(); i < n; i++) {
            int s = sizes.get(i);
            sum += s == LargeSizes.MARK ? 0 : s;
        }
        totalShallowSize = sum;
    }

    /**
     * The {@code n} addresses of {@code source} sorted in runs (sized to the heap) and merged, in
     * scratch; the sorted column is the graph's.
     */
    ExternalAddressSort sortAddresses(ExternalAddressSort.Source source, long n) {
        ExternalAddressSort sort = new ExternalAddressSort(source, n, addressRun, scratch);
        longColumns.put(GraphStore.ADDRESS, sort.sorted);
        return sort;
    }

    /** The reference offsets by reading index (the running sum of the parts' degrees, which it frees) in a scratch file. */
    MappedLongs readingOffsets(List<HeapGraphPart> parts, long n) {
        ObjectColumns.DegreeSums sums = new ObjectColumns.DegreeSums(parts);
        MappedLongs m = scratch.longs(n + 1);
        long[] run = new long[(int) Math.min(n + 1, ObjectColumns.CHUNK)];
        for (long from = 0; from <= n; from += run.length) {
            int count = (int) Math.min(run.length, n + 1 - from);
            for (int k = 0; k < count; k++) {
                run[k] = sums.next();
            }
            m.put(from, run, count);
        }
        parts.forEach(p -> p.degrees.clear());
        return m;
    }

    /** The positions' offsets' mapped column, written by the build a block at a time; then {@link #positions}. */
    MappedInts positionOffsets(long n) {
        MappedInts m = scratch.ints(n);
        intColumns.put(GraphStore.POSITION_OFFSET, m);
        return m;
    }

    /** The positions' bases and whole blocks, once their offsets are written. */
    Positions positions(Positions.Builder built) {
        longColumns.put(GraphStore.POSITION_BASE, copy(scratch, built.bases()));
        longColumns.put(GraphStore.POSITION_WIDE, copy(scratch, built.wides()));
        return null;
    }

    /** The offsets and {@code targets}, mapped already (written in place), and the weak bits. */
    void references(MappedLongs offsets, MappedIds resolvedTargets, long[] weakBits) {
        longColumns.put(GraphStore.OUT_OFFSETS, offsets);
        targets = resolvedTargets;
        weak = weakBits;
    }

    long totalShallowSize() {
        return totalShallowSize;
    }

    private static MappedLongs copy(Scratch scratch, long[] values) {
        MappedLongs m = scratch.longs(values.length);
        m.put(0, values, values.length);
        return m;
    }

    @Override
    public boolean inPlace() {
        return true;
    }

    @Override
    public MappedLongs mappedLongs(String column) {
        return has(longColumns, column);
    }

    @Override
    public MappedInts mappedInts(String column) {
        return has(intColumns, column);
    }

    private static <T> T has(Map<String, T> columns, String column) {
        T c = columns.get(column);
        if (c == null) {
            throw new IllegalArgumentException("no mapped column " + column + " of that type");
        }
        return c;
    }

    @Override
    public MappedIds mappedIds(String column) {
        if (!column.equals(GraphStore.TARGETS)) {
            throw new IllegalArgumentException("no mapped id column " + column);
        }
        return targets;
    }

    @Override
    public MappedBytes mappedBytes(String column) {
        if (!column.equals(GraphStore.KIND)) {
            throw new IllegalArgumentException("no mapped byte column " + column);
        }
        return kind;
    }

    @Override
    public long longAt(String column, long i) {
        return mappedLongs(column).get(i);
    }

    @Override
    public int intAt(String column, long i) {
        return mappedInts(column).get(i);
    }

    @Override
    public byte byteAt(String column, long i) {
        return kind.get(i);
    }

    /** The weak bits are kept in the heap; any other column is copied in (what a whole-column read asks). */
    @Override
    public long[] longs(String column) {
        if (column.equals(GraphStore.WEAK)) {
            return weak;
        }
        return mappedLongs(column).toArray();
    }

    @Override
    public int[] ints(String column) {
        return mappedInts(column).toArray();
    }

    @Override
    public byte[] bytes(String column) {
        byte[] out = new byte[Math.toIntExact(mappedInts(GraphStore.SHALLOW_SIZE).length())];
        for (int i = 0; i < out.length; i++) {
            out[i] = kind.get(i);
        }
        return out;
    }

    @Override
    public int[][] targetPages(long length) {
        IntPages pages = new IntPages(length, IntPages.DEFAULT_SHIFT);
        for (long i = 0; i < length; i++) {
            pages.set(i, (int) targets.get(i));
        }
        return pages.pages;
    }
}
