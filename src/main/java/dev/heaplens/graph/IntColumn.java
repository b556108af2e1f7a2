package dev.heaplens.graph;

/**
 * One int per object of a {@link HeapGraphPart}, -1 where unset, that a runtime keeps beside the
 * graph rather than in it (Ruby's allocation sites, generations, IMEMO kinds): the graph holds only
 * what every runtime has. Filled in reading order, then put in graph order by
 * {@link HeapGraphBuilder#toGraphOrder}, as narrow as its values' range allows. Costs nothing until the first value is set. Not thread-safe.
 */
public final class IntColumn {
    /** Where the values keep their chunks: the part's place ({@link HeapGraphPart#newColumn}). */
    private final Scratch scratch;
    private GrowableInts values;
    /** The least and the most value set: how narrow the column can be in graph order ({@link NarrowInts}). */
    private int least = Integer.MAX_VALUE;
    private int most = Integer.MIN_VALUE;

    /** In the heap. */
    public IntColumn() {
        this(Scratch.heap());
    }

    IntColumn(Scratch scratch) {
        this.scratch = scratch;
    }

    /** Sets the value of the part's object {@code object} (see {@link HeapGraphPart#lastObject()}). */
    public void set(long object, int value) {
        if (values == null) {
            values = new GrowableInts(scratch);
        }
        least = Math.min(least, value);
        most = Math.max(most, value);
        while (values.size() < object) {
            values.add(-1);
        }
        if (values.size() == object) {
            values.add(value); // the usual case: the part's last object
        } else {
            values.set(object, value);
        }
    }

    /** Drops the values (once they have been put in graph order). */
    public void clear() {
        if (values != null) {
            values.clear(); // its scratch file, out of core
        }
        values = null;
        least = Integer.MAX_VALUE;
        most = Integer.MIN_VALUE;
    }

    /** Whether no value was set. */
    public boolean isEmpty() {
        return values == null;
    }

    /** The least value set; past every int when none is. */
    int least() {
        return least;
    }

    /** The most value set; below every int when none is. */
    int most() {
        return most;
    }

    long size() {
        return values == null ? 0 : values.size();
    }

    /** The values of the part's objects [from, from + length) to {@code dest[destPos...]}, -1 where unset. */
    void copyRange(long from, int[] dest, int destPos, int length) {
        int set = values == null ? 0 : (int) Math.max(0, Math.min(length, values.size() - from));
        if (set > 0) {
            values.copyRange(from, dest, destPos, set);
        }
        java.util.Arrays.fill(dest, destPos + set, destPos + length, -1);
    }
}
