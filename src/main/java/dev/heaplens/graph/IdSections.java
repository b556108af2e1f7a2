package dev.heaplens.graph;

import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;

import java.io.IOException;
import java.util.function.LongUnaryOperator;

/**
 * Index sections of object ids kept in the heap (roots' targets, ranked objects, the suspects' top
 * objects and path steps), as wide as the graph's ids: 4 bytes each below 2^31 objects (the bytes
 * they always were), 8 past it ({@link MappedIds#wide}). A reader tells the width from the graph's
 * object count, stored first; a section of the other width is refused by its element type.
 */
public final class IdSections {
    private IdSections() {
    }

    /** Whether the index of a graph of {@code objectCount} objects holds 8-byte ids. */
    public static boolean wide(long objectCount) {
        return MappedIds.wide(objectCount);
    }

    public static void write(IndexWriter w, String name, long[] ids, boolean wide) throws IOException {
        write(w, name, ids.length, i -> ids[(int) i], wide);
    }

    /** {@code count} ids, the {@code i}-th {@code id.applyAsLong(i)}. */
    public static void write(IndexWriter w, String name, long count, LongUnaryOperator id, boolean wide) throws IOException {
        if (wide) {
            w.longs(name, count, id::applyAsLong);
        } else {
            w.ints(name, count, i -> (int) id.applyAsLong(i)); // exact: a narrow graph's ids fit an int
        }
    }

    public static long[] read(IndexReader r, String name, boolean wide) {
        if (wide) {
            return r.longs(name);
        }
        int[] narrow = r.ints(name);
        long[] ids = new long[narrow.length];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = narrow[i];
        }
        return ids;
    }
}
