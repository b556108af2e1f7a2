package dev.heaplens.graph;

import java.util.Arrays;

/**
 * The shallow sizes an {@code int} cannot hold (an object of 2 GiB or more: a long[] of 2^28
 * elements, a Ruby string as big), exact, by object id. The graph's size column holds
 * {@link #MARK} for them, so every other object costs 4 bytes instead of 8.
 */
final class LargeSizes {
    /** In a size column: look the size up here. */
    static final int MARK = -1;
    static final LargeSizes NONE = new LargeSizes(new long[0], new long[0]);

    /** Ascending object ids, and their sizes. */
    final long[] objects;
    final long[] sizes;

    LargeSizes(long[] objects, long[] sizes) {
        if (objects.length != sizes.length) {
            throw new IllegalArgumentException(objects.length + " objects, " + sizes.length + " sizes");
        }
        this.objects = objects;
        this.sizes = sizes;
    }

    /** Whether {@code size} goes in an int column as it is. */
    static boolean fits(long size) {
        return size >= 0 && size <= Integer.MAX_VALUE;
    }

    /** The size of {@code o}, whose column value is {@link #MARK}. */
    long of(long o) {
        int i = Arrays.binarySearch(objects, o);
        if (i < 0) {
            throw new IllegalStateException("object " + o + " is marked large but has no size");
        }
        return sizes[i];
    }

    long sum() {
        long sum = 0;
        for (long s : sizes) {
            sum += s;
        }
        return sum;
    }
}
