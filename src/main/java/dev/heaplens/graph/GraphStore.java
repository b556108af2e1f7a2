package dev.heaplens.graph;

import dev.heaplens.index.IndexException;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;

import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link HeapGraph} and its {@link Dominators} as sections of an index file, and back: each
 * column is written in bulk, and read back when first used (see {@link HeapGraph.ColumnSource}),
 * so opening a stored graph costs no pass over its objects.
 * The inbound references and the dominator tree's children are not stored: built on first use,
 * as after a read.
 */
public final class GraphStore {
    private GraphStore() {
    }

    /**
     * Also stores {@code largest}, the objects that retain the most, largest first, as an analysis
     * ranks them (see {@link Dominators#storedLargest()}).
     */
    public static void write(HeapGraph g, Dominators d, int[] largest, IndexWriter w) throws IOException {
        int n = g.objectCount();
        w.data("graph.counts", out -> {
            out.writeInt(n);
            out.writeLong(g.referenceCount());
            out.writeLong(g.danglingReferences());
            out.writeLong(g.danglingRoots());
            out.writeInt(g.duplicateAddresses());
            out.writeBoolean(g.columns().position() != null);
            out.writeBoolean(g.hasWeakReferences());
            out.writeLong(d.reachableBytes());
            out.writeLong(g.totalShallowSize());
            out.writeInt(d.reachableCount());
        });
        HeapGraph.Columns c = g.columns();
        w.longs("graph.address", c.address());
        w.bytes("graph.kind", c.kind());
        w.longs("graph.classAddress", c.classAddress());
        w.longs("graph.shallowSize", c.shallowSize());
        if (c.position() != null) {
            w.longs("graph.position", c.position());
        }
        w.longs("graph.outOffsets", c.outOffsets());
        w.ints("graph.targets", c.targetPages());
        if (c.weak() != null) {
            w.longs("graph.weak", c.weak());
        }
        w.ints("graph.rootTarget", g.rootCount(), r -> g.rootTarget((int) r));
        w.ints("graph.rootCategory", g.rootCount(), r -> g.rootCategoryId((int) r));
        w.strings("graph.categories", g.rootCategories());
        Dominators.Stored a = d.arrays();
        w.ints("dominators.idom", a.idom());
        w.longs("dominators.retainedSize", a.retainedSize());
        w.ints("dominators.retainedCount", a.retainedCount());
        w.ints("dominators.preorder", a.preorder());
        w.ints(Dominators.LARGEST, largest);
    }

    /** A graph and its dominators as {@link #write} stored them, over the references {@code filter} keeps. */
    public record Stored(HeapGraph graph, Dominators dominators) {
    }

    public static Stored read(IndexReader r) throws IOException {
        int n;
        long refs;
        long danglingReferences;
        long danglingRoots;
        int duplicates;
        boolean positions;
        boolean weak;
        long reachableBytes;
        long totalShallowSize;
        int reachableCount;
        try (DataInputStream in = r.data("graph.counts")) {
            n = in.readInt();
            refs = in.readLong();
            danglingReferences = in.readLong();
            danglingRoots = in.readLong();
            duplicates = in.readInt();
            positions = in.readBoolean();
            weak = in.readBoolean();
            reachableBytes = in.readLong();
            totalShallowSize = in.readLong();
            reachableCount = in.readInt();
        }
        int[] rootTarget = r.ints("graph.rootTarget");
        int[] rootCategory = r.ints("graph.rootCategory");
        String[] categories = r.strings("graph.categories").toArray(new String[0]);
        if (n < 0 || refs < 0 || rootCategory.length != rootTarget.length || reachableCount < 0 || reachableCount > n) {
            throw new IndexException("corrupt: the graph's counts do not agree");
        }
        Columns columns = new Columns(r, n, refs, reachableCount);
        HeapGraph g = new HeapGraph(columns, n, refs, positions, weak, rootTarget, rootCategory, categories,
                danglingReferences, danglingRoots, duplicates, totalShallowSize);
        return new Stored(g, new Dominators(g, g.strongReferences(), columns, reachableCount, reachableBytes));
    }

    /**
     * The columns of a stored graph and its dominators, each read when first asked and checked
     * against the graph's counts. A column found unusable then stops the command (see
     * {@link IndexReader#failedLater}).
     */
    private record Columns(IndexReader r, int objects, long references, int reachable)
            implements HeapGraph.ColumnSource, Dominators.Columns {
        @Override
        public long[] longs(String column) {
            try {
                long[] a = r.longs(column);
                long expected = switch (column) {
                    case "graph.outOffsets" -> objects + 1L;
                    case "graph.weak" -> (references + 63) >>> 6;
                    default -> objects;
                };
                check(column, a.length, expected);
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
                int[] a = r.ints(column);
                if (column.equals(Dominators.LARGEST)) {
                    return a; // as long as the writer made it
                }
                check(column, a.length, column.equals("dominators.preorder") ? reachable : objects);
                return a;
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
                r.ints("graph.targets", pages.pages);
                return pages.pages;
            } catch (IndexException e) {
                throw r.failedLater(e);
            }
        }

        private static void check(String column, long length, long expected) {
            if (length != expected) {
                throw new IndexException("corrupt: column " + column + " has " + length + " values, not " + expected);
            }
        }
    }
}
