package dev.heaplens.graph;

import dev.heaplens.index.IndexWriter;

import java.io.IOException;

/**
 * A column of object ids used where it lies in a mapped file (out of core): 4 bytes an id while the
 * graph's objects fit an int (this class: the bytes {@link MappedInts} always held), 8 past that
 * ({@link Wide}), chosen once when the graph is built or opened ({@link #wide}).
 *
 * <p>The narrow column is this class itself and the wide one a subclass, not two subclasses of an
 * abstract one: C1 (the launcher's compiler) inlines a method through class-hierarchy analysis only
 * when it has a body no loaded subclass overrides (an abstract one it calls, measured: "no static
 * binding"), so a run below 2^31 objects, which never loads {@link Wide}, reads ids inlined. Only
 * {@link Wide#over} names the subclass, so that nothing else makes the verifier load it.
 */
class MappedIds {
    /** Tests set it to build and open graphs of a few objects with wide ids, and reset it after. */
    static volatile boolean forceWide;

    private final MappedInts ints; // null in a wide column

    private MappedIds(MappedInts ints) {
        this.ints = ints;
    }

    /** Ids in 4 bytes over {@code ints}. */
    static MappedIds narrow(MappedInts ints) {
        return new MappedIds(ints);
    }

    /** Whether a graph of {@code objectCount} objects keeps its ids in 8 bytes: past what an int numbers. */
    static boolean wide(long objectCount) {
        return forceWide || objectCount > HeapGraphBuilder.MAX_OBJECTS;
    }

    long get(long i) {
        return ints.get(i);
    }

    /** Only in a scratch file ({@link Scratch}): an index's columns are mapped read-only. */
    void set(long i, long id) {
        ints.set(i, (int) id);
    }

    long length() {
        return ints.length();
    }

    /** Bytes an id takes: what a file of so many ids holds ({@link Scratch#shrink}). */
    int idBytes() {
        return 4;
    }

    /**
     * Copies {@code count} ids from {@code from} into {@code into}, narrowed: for the passes that still
     * number objects in ints (a graph loaded into the heap). Narrow ids are copied a page at a time
     * ({@link MappedInts#copy}); wide ones, only ever past the limit or in tests, one by one.
     */
    void copy(long from, int[] into, int count) {
        ints.copy(from, into, count);
    }

    /**
     * Copies {@code count} ids from {@code from} into {@code into}, in full: for streams that number
     * objects in longs. Narrow ids go through {@code buffer} (at least {@code count} ints): a bulk copy
     * and a widening loop cost a fraction of a buffer read per id.
     */
    void copy(long from, long[] into, int count, int[] buffer) {
        ints.copy(from, buffer, count);
        for (int k = 0; k < count; k++) {
            into[k] = buffer[k];
        }
    }

    /** Writes {@code ids[0, count)} at {@code at} (scratch only): ids an int holds, a page at a time when narrow. */
    void put(long at, int[] ids, int count) {
        ints.put(at, ids, count);
    }

    /**
     * Writes {@code ids[0, count)} at {@code at} (scratch only); narrow ids go through {@code buffer}
     * (at least {@code count} ints), narrowed, then a page at a time: {@link #copy(long, long[], int, int[])}'s other way.
     */
    void put(long at, long[] ids, int count, int[] buffer) {
        for (int k = 0; k < count; k++) {
            buffer[k] = (int) ids[k];
        }
        ints.put(at, buffer, count);
    }

    /** Sets every id to {@code id}. */
    void fill(long id) {
        for (long i = 0, n = length(); i < n; i++) {
            set(i, id);
        }
    }

    /** The first {@code count} ids as index section {@code name}, in this column's width. */
    void write(IndexWriter w, String name, long count) throws IOException {
        w.intRuns(name, count, ints::copy);
    }

    /** 8 bytes an id. */
    static final class Wide extends MappedIds {
        private final MappedLongs longs;

        private Wide(MappedLongs longs) {
            super(null);
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
        void copy(long from, long[] into, int count, int[] buffer) {
            longs.copy(from, into, count);
        }

        @Override
        void put(long at, int[] ids, int count) {
            for (int k = 0; k < count; k++) {
                longs.set(at + k, ids[k]);
            }
        }

        @Override
        void put(long at, long[] ids, int count, int[] buffer) {
            longs.put(at, ids, count);
        }

        @Override
        void write(IndexWriter w, String name, long count) throws IOException {
            w.longRuns(name, count, longs::copy);
        }
    }
}
