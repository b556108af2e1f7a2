package dev.heaplens.graph;

/**
 * A stored graph's columns out of core: used where they lie in the mapped index instead of being
 * loaded into the heap. The first {@link HeapGraph#SPARSE_READS} values are read one by one (a
 * report's rows map nothing whole); past that, each column is mapped once, its blocks checked in
 * one sequential pass, and read in place from then on.
 */
final class MappedGraphColumns {
    private final HeapGraph.ColumnSource source;
    private int sparseReads;
    private MappedLongs address;
    private MappedBytes kind;
    private MappedLongs classAddress;
    private MappedLongs shallowSize;
    private MappedLongs position;
    private MappedLongs outOffsets;
    private MappedInts targets;

    MappedGraphColumns(HeapGraph.ColumnSource source) {
        this.source = source;
    }

    /** Whether to read one more value alone (racy count: only a hint). */
    private boolean sparse() {
        return sparseReads++ < HeapGraph.SPARSE_READS;
    }

    long address(int o) {
        MappedLongs m = address;
        return m != null ? m.get(o) : sparse() ? source.longAt(GraphStore.ADDRESS, o) : addressColumn().get(o);
    }

    byte kind(int o) {
        MappedBytes m = kind;
        return m != null ? m.get(o) : sparse() ? source.byteAt(GraphStore.KIND, o)
                : LazyColumn.once(this, () -> kind, () -> source.mappedBytes(GraphStore.KIND), c -> kind = c).get(o);
    }

    long classAddress(int o) {
        MappedLongs m = classAddress;
        return m != null ? m.get(o) : sparse() ? source.longAt(GraphStore.CLASS_ADDRESS, o)
                : LazyColumn.once(this, () -> classAddress, () -> source.mappedLongs(GraphStore.CLASS_ADDRESS),
                        c -> classAddress = c).get(o);
    }

    long shallowSize(int o) {
        MappedLongs m = shallowSize;
        return m != null ? m.get(o) : sparse() ? source.longAt(GraphStore.SHALLOW_SIZE, o)
                : LazyColumn.once(this, () -> shallowSize, () -> source.mappedLongs(GraphStore.SHALLOW_SIZE),
                        c -> shallowSize = c).get(o);
    }

    long position(int o) {
        MappedLongs m = position;
        return m != null ? m.get(o) : sparse() ? source.longAt(GraphStore.POSITION, o)
                : LazyColumn.once(this, () -> position, () -> source.mappedLongs(GraphStore.POSITION),
                        c -> position = c).get(o);
    }

    /** Reference offsets are mapped at once: whoever asks for one walks references. */
    long outOffset(int i) {
        MappedLongs m = outOffsets;
        return (m != null ? m : LazyColumn.once(this, () -> outOffsets, () -> source.mappedLongs(GraphStore.OUT_OFFSETS),
                c -> outOffsets = c)).get(i);
    }

    int target(long i) {
        MappedInts m = targets;
        return (m != null ? m : LazyColumn.once(this, () -> targets, () -> source.mappedInts(GraphStore.TARGETS),
                c -> targets = c)).get(i);
    }

    /** The object at {@code address}, the first one if duplicated, or -1: a binary search of the mapped column. */
    int objectOf(long address) {
        return addressColumn().firstIndexOf(address);
    }

    private MappedLongs addressColumn() {
        return LazyColumn.once(this, () -> address, () -> source.mappedLongs(GraphStore.ADDRESS), c -> address = c);
    }
}
