package dev.heaplens.graph;

/**
 * A stored graph's columns out of core: used where they lie in the mapped index instead of being
 * loaded into the heap. The first {@link HeapGraph#SPARSE_READS} values are read one by one (a
 * report's rows map nothing whole); past that, each column is mapped once, its blocks checked in
 * one sequential pass, and read in place from then on.
 */
final class MappedGraphColumns {
    private final ColumnSource source;
    private int sparseReads;
    private MappedLongs address;
    private MappedBytes kind;
    private MappedInts classNumber;
    private MappedInts shallowSize;
    private MappedLongs positionBase;
    private MappedInts positionOffset;
    private MappedLongs positionWide;
    private MappedLongs outOffsets;
    private MappedIds targets;

    MappedGraphColumns(ColumnSource source) {
        this.source = source;
    }

    /** Whether to read one more value alone (racy count: only a hint). */
    private boolean sparse() {
        return sparseReads++ < HeapGraph.SPARSE_READS;
    }

    long address(long o) {
        MappedLongs m = address;
        return m != null ? m.get(o) : sparse() ? source.longAt(GraphStore.ADDRESS, o) : addressColumn().get(o);
    }

    byte kind(long o) {
        MappedBytes m = kind;
        return m != null ? m.get(o) : sparse() ? source.byteAt(GraphStore.KIND, o)
                : LazyColumn.once(this, () -> kind, () -> source.mappedBytes(GraphStore.KIND), c -> kind = c).get(o);
    }

    int classNumber(long o) {
        MappedInts m = classNumber;
        return m != null ? m.get(o) : sparse() ? source.intAt(GraphStore.CLASS_NUMBER, o)
                : LazyColumn.once(this, () -> classNumber, () -> source.mappedInts(GraphStore.CLASS_NUMBER),
                        c -> classNumber = c).get(o);
    }

    /** The size as the int column holds it ({@link LargeSizes#MARK} for a large one). */
    int shallowSize(long o) {
        MappedInts m = shallowSize;
        return m != null ? m.get(o) : sparse() ? source.intAt(GraphStore.SHALLOW_SIZE, o)
                : LazyColumn.once(this, () -> shallowSize, () -> source.mappedInts(GraphStore.SHALLOW_SIZE),
                        c -> shallowSize = c).get(o);
    }

    long position(long o) {
        if (positionWide == null && sparse()) {
            return GraphStore.positionAt(source, o);
        }
        LazyColumn.once(this, () -> positionWide, () -> {
            positionBase = source.mappedLongs(GraphStore.POSITION_BASE);
            positionOffset = source.mappedInts(GraphStore.POSITION_OFFSET);
            return source.mappedLongs(GraphStore.POSITION_WIDE);
        }, c -> positionWide = c);
        long base = positionBase.get(o >>> Positions.SHIFT); // as Positions.get, over the mapped sections
        if (base < 0) {
            return positionWide.get((-(base + 1) << Positions.SHIFT) + (o & (Positions.BLOCK - 1)));
        }
        int offset = positionOffset.get(o);
        return offset == Positions.UNKNOWN ? -1 : base + Integer.toUnsignedLong(offset);
    }

    /** Reference offsets are mapped at once: whoever asks for one walks references. */
    long outOffset(long i) {
        MappedLongs m = outOffsets;
        return (m != null ? m : LazyColumn.once(this, () -> outOffsets, () -> source.mappedLongs(GraphStore.OUT_OFFSETS),
                c -> outOffsets = c)).get(i);
    }

    long target(long i) {
        MappedIds m = targets;
        return (m != null ? m : LazyColumn.once(this, () -> targets, () -> source.mappedIds(GraphStore.TARGETS),
                c -> targets = c)).get(i);
    }

    /** The object at {@code address}, the first one if duplicated, or -1: a binary search of the mapped column. */
    long objectOf(long address) {
        return addressColumn().firstIndexOf(address);
    }

    private MappedLongs addressColumn() {
        return LazyColumn.once(this, () -> address, () -> source.mappedLongs(GraphStore.ADDRESS), c -> address = c);
    }
}
