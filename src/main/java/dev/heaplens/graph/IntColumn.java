package dev.heaplens.graph;

/**
 * One int per object of a {@link HeapGraphPart}, -1 where unset, that a runtime keeps beside the
 * graph rather than in it (Ruby's allocation sites, generations, IMEMO kinds): the graph holds only
 * what every runtime has. Filled in reading order, then put in graph order by
 * {@link HeapGraphBuilder#toGraphOrder}. Costs nothing until the first value is set. Not thread-safe.
 */
public final class IntColumn {
    private GrowableInts values;

    /** Sets the value of the part's object {@code object} (see {@link HeapGraphPart#lastObject()}). */
    public void set(long object, int value) {
        if (values == null) {
            values = new GrowableInts();
        }
        while (values.size() <= object) {
            values.add(-1);
        }
        values.set(object, value);
    }

    boolean isEmpty() {
        return values == null;
    }

    /** Copies this column into {@code dest[at .. at+count)}, -1 past its last value set. */
    void copyTo(int[] dest, int at, int count) {
        int filled = 0;
        if (values != null) {
            if (values.size() > count) {
                throw new IllegalArgumentException("column of " + values.size() + " values for a part of " + count + " objects");
            }
            values.copyTo(dest, at);
            filled = (int) values.size();
        }
        java.util.Arrays.fill(dest, at + filled, at + count, -1);
    }
}
