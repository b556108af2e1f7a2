package dev.heaplens.graph;

import dev.heaplens.index.IndexWriter;

import java.io.IOException;

/**
 * A column of object ids used where it lies in a mapped file (out of core): 4 bytes an id while the
 * graph's objects fit an int ({@link Narrow}, the bytes {@link MappedInts} always held), 8 past that
 * ({@link Wide}), chosen once when the graph is built or opened ({@link #wide}).
 *
 * <p>An abstract class with two final subclasses, not an interface: a run loads only the one its graph
 * needs, so C1 (the launcher's compiler) inlines {@link #get} through class-hierarchy analysis. For that,
 * each subclass is made by its own static factory: a caller that named both classes would have the
 * verifier load both.
 */
abstract class MappedIds {
    /** Tests set it to build and open graphs of a few objects with wide ids, and reset it after. */
    static volatile boolean forceWide;

    /** Whether a graph of {@code objectCount} objects keeps its ids in 8 bytes: past what an int numbers. */
    static boolean wide(long objectCount) {
        return forceWide || objectCount > HeapGraphBuilder.MAX_OBJECTS;
    }

    abstract long get(long i);

    /** Only in a scratch file ({@link Scratch}): an index's columns are mapped read-only. */
    abstract void set(long i, long id);

    abstract long length();

    /** Bytes an id takes: what a file of so many ids holds ({@link Scratch#shrink}). */
    abstract int idBytes();

    /**
     * Copies {@code count} ids from {@code from} into {@code into}, narrowed: for the passes that still
     * number objects in ints (the mapped dominators, a graph loaded into the heap). Narrow ids are copied
     * a page at a time ({@link MappedInts#copy}); wide ones, only ever past the limit or in tests, one by one.
     */
    abstract void copy(long from, int[] into, int count);

    /** Copies {@code count} ids from {@code from} into {@code into}, in full: for streams that number objects in longs. */
    abstract void copy(long from, long[] into, int count);

    /** Sets every id to {@code id}. */
    void fill(long id) {
        for (long i = 0, n = length(); i < n; i++) {
            set(i, id);
        }
    }

    /** The first {@code count} ids as index section {@code name}, in this column's width. */
    abstract void write(IndexWriter w, String name, long count) throws IOException;

    /** 4 bytes an id. */
    static final class Narrow extends MappedIds {
        private final MappedInts ints;

        private Narrow(MappedInts ints) {
            this.ints = ints;
        }

        static MappedIds over(MappedInts ints) {
            return new Narrow(ints);
        }

        @Override
        long get(long i) {
            return ints.get(i);
        }

        @Override
        void set(long i, long id) {
            ints.set(i, (int) id);
        }

        @Override
        long length() {
            return ints.length();
        }

        @Override
        int idBytes() {
            return 4;
        }

        @Override
        void copy(long from, int[] into, int count) {
            ints.copy(from, into, count);
        }

        @Override
        void copy(long from, long[] into, int count) {
            for (int k = 0; k < count; k++) {
                into[k] = ints.get(from + k);
            }
        }

        @Override
        void write(IndexWriter w, String name, long count) throws IOException {
            w.intRuns(name, count, ints::copy);
        }
    }

    /** 8 bytes an id. */
    static final class Wide extends MappedIds {
        private final MappedLongs longs;

        private Wide(MappedLongs longs) {
            this.longs = longs;
        }

        static MappedIds over(MappedLongs longs) {
            return new Wide(longs);
        }

        @Override
        long get(long i) {
            return longs.get(i);
        }

        @Override
        void set(long i, long id) {
            longs.set(i, id);
        }

        @Override
        long length() {
            return longs.length();
        }

        @Override
        int idBytes() {
            return 8;
        }

        @Override
        void copy(long from, int[] into, int count) {
            for (int k = 0; k < count; k++) {
                into[k] = (int) longs.get(from + k);
            }
        }

        @Override
        void copy(long from, long[] into, int count) {
            longs.copy(from, into, count);
        }

        @Override
        void write(IndexWriter w, String name, long count) throws IOException {
            w.longRuns(name, count, longs::copy);
        }
    }
}
