package dev.heaplens.graph;

import java.util.Map;

/**
 * The dominators computed out of core, left where they were computed: the four result columns in
 * mapped scratch files, used in place as an index's are, so that a first read out of core does not
 * hold 20 B an object of them in the heap for {@code top} and the index write. The immediate
 * dominators, retained counts and preorder are as wide as the graph's ids ({@link MappedIds#wide}).
 */
final class MappedDominatorColumns implements Dominators.Columns {
    private final Map<String, MappedIds> ids;
    private final MappedLongs retainedSize;

    MappedDominatorColumns(MappedIds idom, MappedLongs retainedSize, MappedIds retainedCount, MappedIds preorder) {
        this.ids = Map.of(GraphStore.IDOM, idom, GraphStore.RETAINED_COUNT, retainedCount, GraphStore.PREORDER, preorder);
        this.retainedSize = retainedSize;
    }

    @Override
    public boolean has(String column) {
        return ids.containsKey(column) || column.equals(GraphStore.RETAINED_SIZE);
    }

    /** A whole column copied into the heap, for a caller that asks for one (below 2^31 objects: ids fit ints). */
    @Override
    public int[] ints(String column) {
        MappedIds m = mappedIds(column);
        int[] a = new int[Math.toIntExact(m.length())];
        m.copy(0, a, a.length);
        return a;
    }

    @Override
    public long[] longs(String column) {
        return mappedLongs(column).toArray();
    }

    @Override
    public long idAt(String column, long i) {
        return mappedIds(column).get(i);
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
    public MappedIds mappedIds(String column) {
        MappedIds m = ids.get(column);
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
