package dev.heaplens.analysis.suspects;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What each top object's holder holds by class, for every top object, kept in columns until the
 * index has stored them: a list and a record a row held 56 MB for the 1.86M top objects of a
 * generated 30M-object dump, about twice these columns. Added in top-object order.
 */
final class HeldRows implements TopObjects.HeldLookup {
    /** Per top object: its first row; one more at the end. */
    private final int[] start;
    private int tops;
    private String[] className = new String[1024];
    private long[] objects = new long[1024];
    private long[] bytes = new long[1024];
    private int rows;

    HeldRows(int topObjects) {
        start = new int[topObjects + 1];
    }

    /** The next top object's rows. */
    void add(List<Suspect.HeldClass> held) {
        if (rows + held.size() > className.length) {
            int n = Math.max(rows + held.size(), className.length * 2);
            className = Arrays.copyOf(className, n);
            objects = Arrays.copyOf(objects, n);
            bytes = Arrays.copyOf(bytes, n);
        }
        for (Suspect.HeldClass h : held) {
            className[rows] = h.className();
            objects[rows] = h.objects();
            bytes[rows++] = h.retainedBytes();
        }
        start[++tops] = rows;
    }

    /** Every top object's rows, for the index to store as they are (no row made an object). */
    int rows() {
        return rows;
    }

    /** Top object {@code topIndex}'s first row; {@code start(size)}: the number of rows. */
    int start(int topIndex) {
        return start[topIndex];
    }

    String className(int row) {
        return className[row];
    }

    long objects(int row) {
        return objects[row];
    }

    long bytes(int row) {
        return bytes[row];
    }

    @Override
    public List<Suspect.HeldClass> of(int topIndex) {
        List<Suspect.HeldClass> out = new ArrayList<>(start[topIndex + 1] - start[topIndex]);
        for (int r = start[topIndex]; r < start[topIndex + 1]; r++) {
            out.add(new Suspect.HeldClass(className[r], objects[r], bytes[r]));
        }
        return List.copyOf(out);
    }
}
