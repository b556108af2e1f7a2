package dev.heaplens.graph;

/**
 * A graph built out of core: its columns copied into scratch files mapped beside the index as
 * soon as the build has made each one (the heap's copy then dropped), and used where they lie, as
 * an index's are ({@link MappedGraphColumns}). The heap keeps only what is small: the weak
 * references' bits, the class table, the roots.
 */
final class BuiltColumns implements ColumnSource {
    private MappedLongs address;
    private MappedBytes kind;
    private MappedInts classNumber;
    private MappedInts shallowSize;
    private MappedLongs positionBase;
    private MappedInts positionOffset;
    private MappedLongs positionWide;
    private MappedLongs outOffsets;
    private MappedInts targets;
    private long[] weak;
    private long totalShallowSize;

    /** Copies the object columns but the addresses (still needed to resolve references), summing the sizes. */
    void objects(Scratch scratch, byte[] kinds, int[] classNumbers, int[] sizes, LargeSizes largeSizes, Positions positions) {
        int n = sizes.length;
        kind = scratch.bytes(n);
        classNumber = scratch.ints(n);
        shallowSize = scratch.ints(n);
        long sum = largeSizes.sum();
        for (int o = 0; o < n; o++) {
            kind.set(o, kinds[o]);
            classNumber.set(o, classNumbers[o]);
            int s = sizes[o];
            shallowSize.set(o, s);
            sum += s == LargeSizes.MARK ? 0 : s;
        }
        totalShallowSize = sum;
        if (positions != null) {
            positionBase = copy(scratch, positions.base);
            positionOffset = scratch.ints(positions.offset.length);
            for (int i = 0; i < positions.offset.length; i++) {
                positionOffset.set(i, positions.offset[i]);
            }
            positionWide = copy(scratch, positions.wide);
        }
    }

    /** Copies the addresses and the reference offsets; {@code targets} are mapped already (written in place). */
    void references(Scratch scratch, long[] addresses, ReferenceOffsets offsets, MappedInts resolvedTargets, long[] weakBits) {
        address = copy(scratch, addresses);
        outOffsets = scratch.longs(offsets.length());
        for (int i = 0; i < offsets.length(); i++) {
            outOffsets.set(i, offsets.get(i));
        }
        targets = resolvedTargets;
        weak = weakBits;
    }

    long totalShallowSize() {
        return totalShallowSize;
    }

    private static MappedLongs copy(Scratch scratch, long[] values) {
        MappedLongs m = scratch.longs(values.length);
        for (int i = 0; i < values.length; i++) {
            m.set(i, values[i]);
        }
        return m;
    }

    @Override
    public boolean inPlace() {
        return true;
    }

    @Override
    public MappedLongs mappedLongs(String column) {
        return switch (column) {
            case GraphStore.ADDRESS -> address;
            case GraphStore.POSITION_BASE -> positionBase;
            case GraphStore.POSITION_WIDE -> positionWide;
            case GraphStore.OUT_OFFSETS -> outOffsets;
            default -> throw new IllegalArgumentException("no mapped long column " + column);
        };
    }

    @Override
    public MappedInts mappedInts(String column) {
        return switch (column) {
            case GraphStore.CLASS_NUMBER -> classNumber;
            case GraphStore.SHALLOW_SIZE -> shallowSize;
            case GraphStore.POSITION_OFFSET -> positionOffset;
            case GraphStore.TARGETS -> targets;
            default -> throw new IllegalArgumentException("no mapped int column " + column);
        };
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
        MappedLongs m = mappedLongs(column);
        long[] out = new long[Math.toIntExact(m.length())];
        for (int i = 0; i < out.length; i++) {
            out[i] = m.get(i);
        }
        return out;
    }

    @Override
    public int[] ints(String column) {
        MappedInts m = mappedInts(column);
        int[] out = new int[Math.toIntExact(m.length())];
        for (int i = 0; i < out.length; i++) {
            out[i] = m.get(i);
        }
        return out;
    }

    @Override
    public byte[] bytes(String column) {
        byte[] out = new byte[Math.toIntExact(shallowSize.length())];
        for (int i = 0; i < out.length; i++) {
            out[i] = kind.get(i);
        }
        return out;
    }

    @Override
    public int[][] targetPages(long length) {
        IntPages pages = new IntPages(length, IntPages.DEFAULT_SHIFT);
        for (long i = 0; i < length; i++) {
            pages.set(i, targets.get(i));
        }
        return pages.pages;
    }
}
