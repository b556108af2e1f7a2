package dev.heaplens.graph;

/**
 * Where a graph read from an index gets its columns: a few values one by one (a report's rows),
 * else, past {@link HeapGraph#SPARSE_READS} such reads, whole columns, each once.
 */
interface ColumnSource {
    long[] longs(String column);

    int[] ints(String column);

    byte[] bytes(String column);

    long longAt(String column, long i);

    int intAt(String column, long i);

    byte byteAt(String column, long i);

    /** The reference targets, in pages of {@link IntPages#DEFAULT_SHIFT}. */
    int[][] targetPages(long length);

    /** Whether columns are used where they lie (out of core) rather than loaded into the heap. */
    boolean inPlace();

    MappedLongs mappedLongs(String column);

    MappedInts mappedInts(String column);

    /** A column of object ids (the targets; a stored index's dominator columns too), as wide as the object count chose. */
    MappedIds mappedIds(String column);

    MappedBytes mappedBytes(String column);
}
