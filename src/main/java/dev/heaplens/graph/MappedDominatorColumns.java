package dev.heaplens.graph;

import java.util.Map;

/**
 * The dominators computed out of core, left where they were computed: the four result columns in
 * mapped scratch files, used in place as an index's are, so that a first read out of core does not
 * hold 20 B an object of them in the heap for {@code top} and the index write.
 */
final class MappedDominatorColumns implements Dominators.Columns {
    private final Map<String, MappedInts> ints;
    private final MappedLongs retainedSize;

    MappedDominatorColumns(MappedInts idom, MappedLongs retainedSize, MappedInts retainedCount, MappedInts preorder) {
        this.ints = Map.of(GraphStore.IDOM, idom, GraphStore.RETAINED_COUNT, retainedCount, GraphStore.PREORDER, preorder);
        this.retainedSize = retainedSize;
    }

    @Override
    public boolean has(String column) {
        return ints.containsKey(column) || column.equals(GraphStore.RETAINED_SIZE);
    }

    /** A whole column copied into the heap, for a caller that asks for one. */
    @Override
    public int[] ints(String column) {
        return mappedInts(column).toArray();
    }

    @Override
    public long[] longs(String column) {
        return mappedLongs(column).toArray();
    }

    @Override
    public int intAt(String column, long i) {
        return mappedInts(column).get(i);
    }

    @Override
    public long longAt(String column, long i) {
        return mappedLongs(column).get(i);
    }

    @Override
    public boolean inPlace() {
        return true;
    }

    @Override
    public MappedInts mappedInts(String column) {
        MappedInts m = ints.get(column);
        if (m == null) {
            throw new IllegalArgumentException("no mapped dominator column " + column);
        }
        return m;
    }

    @Override
    public MappedLongs mappedLongs(String column) {
        if (!column.equals(GraphStore.RETAINED_SIZE)) {
            throw new IllegalArgumentException("no mapped dominator column " + column);
        }
        return retainedSize;
    }
}
