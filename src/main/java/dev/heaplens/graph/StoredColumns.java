package dev.heaplens.graph;

import dev.heaplens.index.IndexException;
import dev.heaplens.index.IndexReader;

import java.nio.ByteBuffer;

import static dev.heaplens.graph.GraphStore.IDOM;
import static dev.heaplens.graph.GraphStore.OUT_OFFSETS;
import static dev.heaplens.graph.GraphStore.POSITION_BASE;
import static dev.heaplens.graph.GraphStore.POSITION_WIDE;
import static dev.heaplens.graph.GraphStore.PREORDER;
import static dev.heaplens.graph.GraphStore.RETAINED_COUNT;
import static dev.heaplens.graph.GraphStore.TARGETS;
import static dev.heaplens.graph.GraphStore.WEAK;

/**
 * The columns of a stored graph and its dominators, each read when first asked and checked
 * against the graph's counts. A column found unusable then stops the command (see
 * {@link IndexReader#failedLater}). The id columns (targets, immediate dominators, retained counts,
 * preorder) are 8 bytes a value when {@code wideIds} (from the object count, as {@link GraphStore#write}
 * chose).
 */
record StoredColumns(IndexReader r, long objects, long references, long reachable, boolean inPlace, boolean wideIds)
        implements ColumnSource, Dominators.Columns {
    private static final int LONG_SHIFT = IndexReader.MAPPED_PAGE_SHIFT - 3;
    private static final int INT_SHIFT = IndexReader.MAPPED_PAGE_SHIFT - 2;

    @Override
    public MappedLongs mappedLongs(String column) {
        try {
            MappedLongs m = new MappedLongs(r.mappedLongs(column), LONG_SHIFT);
            check(column, m.length(), expectedLongs(column, m.length()));
            return m;
        } catch (IndexException e) {
            throw r.failedLater(e);
        }
    }

    @Override
    public MappedInts mappedInts(String column) {
        try {
            MappedInts m = new MappedInts(r.mappedInts(column), INT_SHIFT);
            check(column, m.length(), expectedInts(column));
            return m;
        } catch (IndexException e) {
            throw r.failedLater(e);
        }
    }

    @Override
    public MappedIds mappedIds(String column) {
        try {
            MappedIds m = wideIds ? MappedIds.Wide.over(new MappedLongs(r.mappedLongs(column), LONG_SHIFT))
                    : MappedIds.narrow(new MappedInts(r.mappedInts(column), INT_SHIFT));
            check(column, m.length(), expectedInts(column));
            return m;
        } catch (IndexException e) {
            throw r.failedLater(e);
        }
    }

    /** How many values a stored int (or id) column has. */
    private long expectedInts(String column) {
        return switch (column) {
            case TARGETS -> references;
            case PREORDER -> reachable;
            default -> objects;
        };
    }

    @Override
    public MappedBytes mappedBytes(String column) {
        try {
            ByteBuffer[] pages = r.mappedBytes(column);
            long length = 0;
            for (ByteBuffer p : pages) {
                length += p.capacity();
            }
            check(column, length, objects);
            return new MappedBytes(pages, IndexReader.MAPPED_PAGE_SHIFT);
        } catch (IndexException e) {
            throw r.failedLater(e);
        }
    }

    @Override
    public long[] longs(String column) {
        try {
            long[] a = r.longs(column);
            check(column, a.length, expectedLongs(column, a.length));
            return a;
        } catch (IndexException e) {
            throw r.failedLater(e);
        }
    }

    @Override
    public boolean has(String column) {
        return r.has(column);
    }

    @Override
    public int[] ints(String column) {
        try {
            int[] a = wideIds && isIds(column) ? narrowed(mappedIds(column)) : r.ints(column);
            check(column, a.length, column.equals(PREORDER) ? reachable : objects);
            return a;
        } catch (IndexException e) {
            throw r.failedLater(e);
        }
    }

    @Override
    public long[] ranked() {
        try {
            return r.has(Dominators.LARGEST) ? IdSections.read(r, Dominators.LARGEST, wideIds) : null; // as long as the writer made it
        } catch (IndexException e) {
            throw r.failedLater(e);
        }
    }

    @Override
    public byte[] bytes(String column) {
        try {
            byte[] a = r.bytes(column);
            check(column, a.length, objects);
            return a;
        } catch (IndexException e) {
            throw r.failedLater(e);
        }
    }

    @Override
    public long longAt(String column, long i) {
        try {
            return r.longAt(column, i);
        } catch (IndexException e) {
            throw r.failedLater(e);
        }
    }

    @Override
    public int intAt(String column, long i) {
        try {
            return r.intAt(column, i);
        } catch (IndexException e) {
            throw r.failedLater(e);
        }
    }

    @Override
    public long idAt(String column, long i) {
        return wideIds ? longAt(column, i) : intAt(column, i);
    }

    /** Whether {@code column} holds ids (or counts of objects): 8 bytes a value in a wide graph's index. */
    private static boolean isIds(String column) {
        return column.equals(TARGETS) || column.equals(IDOM) || column.equals(RETAINED_COUNT) || column.equals(PREORDER);
    }

    /** A wide id column copied into the heap, narrowed: only under the tests' switch, where ids fit ints. */
    private static int[] narrowed(MappedIds ids) {
        int[] a = new int[Math.toIntExact(ids.length())];
        ids.copy(0, a, a.length);
        return a;
    }

    @Override
    public byte byteAt(String column, long i) {
        try {
            return r.byteAt(column, i);
        } catch (IndexException e) {
            throw r.failedLater(e);
        }
    }

    @Override
    public int[][] targetPages(long length) {
        try {
            IntPages pages = new IntPages(length, IntPages.DEFAULT_SHIFT);
            if (wideIds) { // only under the tests' switch: a graph loaded into the heap has int ids
                MappedIds ids = mappedIds(TARGETS);
                for (int p = 0; p < pages.pages.length; p++) {
                    ids.copy((long) p << pages.shift, pages.pages[p], pages.pages[p].length);
                }
            } else {
                r.ints(TARGETS, pages.pages);
            }
            return pages.pages;
        } catch (IndexException e) {
            throw r.failedLater(e);
        }
    }

    /** How many values a stored long column has; {@code length}, its own, for the wide positions (whole blocks). */
    private long expectedLongs(String column, long length) {
        return switch (column) {
            case OUT_OFFSETS -> objects + 1L;
            case WEAK -> (references + 63) >>> 6;
            case POSITION_BASE -> Positions.blocks(objects);
            case POSITION_WIDE -> length - length % Positions.BLOCK;
            default -> objects;
        };
    }

    private static void check(String column, long length, long expected) {
        if (length != expected) {
            throw new IndexException("corrupt: column " + column + " has " + length + " values, not " + expected);
        }
    }
}
