package dev.heaplens.graph;

import dev.heaplens.index.IndexException;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;

import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link HeapGraph} and its {@link Dominators} as sections of an index file, and back. Writing
 * goes through the public accessors only (the graph's inner layout may change without this
 * class); reading fills the same columns the builder would have made, in bulk, without a pass per
 * object beyond the address index and the shallow-size total the graph computes as it is made.
 * The inbound references and the dominator tree's children are not stored: built on first use,
 * as after a read.
 */
public final class GraphStore {
    private GraphStore() {
    }

    public static void write(HeapGraph g, Dominators d, IndexWriter w) throws IOException {
        int n = g.objectCount();
        w.data("graph.counts", out -> {
            out.writeInt(n);
            out.writeLong(g.referenceCount());
            out.writeLong(g.danglingReferences());
            out.writeLong(g.danglingRoots());
            out.writeInt(g.duplicateAddresses());
            out.writeBoolean(hasPositions(g));
            out.writeBoolean(g.hasWeakReferences());
            out.writeLong(d.reachableBytes());
        });
        w.longs("graph.address", n, i -> g.address((int) i));
        w.bytes("graph.kind", n, i -> g.kind((int) i));
        w.longs("graph.classAddress", n, i -> g.classAddress((int) i));
        w.longs("graph.shallowSize", n, i -> g.shallowSize((int) i));
        if (hasPositions(g)) {
            w.longs("graph.position", n, i -> g.position((int) i));
        }
        w.longs("graph.outOffsets", n + 1L, i -> i == n ? g.referenceCount() : g.outStart((int) i));
        w.ints("graph.targets", g.referenceCount(), g::target);
        if (g.hasWeakReferences()) {
            long refs = g.referenceCount();
            w.longs("graph.weak", (refs + 63) >>> 6, word -> {
                long bits = 0;
                for (long i = word << 6, end = Math.min(refs, (word + 1) << 6); i < end; i++) {
                    bits |= g.isWeak(i) ? 1L << i : 0;
                }
                return bits;
            });
        }
        w.ints("graph.rootTarget", g.rootCount(), r -> g.rootTarget((int) r));
        w.ints("graph.rootCategory", g.rootCount(), r -> g.rootCategoryId((int) r));
        w.strings("graph.categories", g.rootCategories());
        w.ints("dominators.idom", n, i -> d.immediateDominator((int) i));
        w.longs("dominators.retainedSize", n, i -> d.retainedSize((int) i));
        w.ints("dominators.retainedCount", n, i -> d.retainedCount((int) i));
        w.ints("dominators.preorder", d.reachableCount(), i -> d.preorderObject((int) i));
    }

    private static boolean hasPositions(HeapGraph g) {
        for (int o = 0, n = g.objectCount(); o < n; o++) {
            if (g.position(o) != -1) {
                return true;
            }
        }
        return false;
    }

    /** A graph and its dominators as {@link #write} stored them, over the references {@code filter} keeps. */
    public record Stored(HeapGraph graph, Dominators dominators) {
    }

    private static long[] sized(long[] column, int n) {
        if (column.length != n) {
            throw new IndexException("corrupt: a column of " + column.length + " values for " + n + " objects");
        }
        return column;
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
        try (DataInputStream in = r.data("graph.counts")) {
            n = in.readInt();
            refs = in.readLong();
            danglingReferences = in.readLong();
            danglingRoots = in.readLong();
            duplicates = in.readInt();
            positions = in.readBoolean();
            weak = in.readBoolean();
            reachableBytes = in.readLong();
        }
        long[] address = sized(r.longs("graph.address"), n);
        IntPages targets = new IntPages(refs, IntPages.DEFAULT_SHIFT);
        r.ints("graph.targets", targets.pages);
        List<String> categories = new ArrayList<>(r.strings("graph.categories"));
        byte[] kind = r.bytes("graph.kind");
        long[] outOffsets = r.longs("graph.outOffsets");
        int[] rootTarget = r.ints("graph.rootTarget");
        int[] rootCategory = r.ints("graph.rootCategory");
        if (kind.length != n || outOffsets.length != n + 1 || outOffsets[n] != refs || rootCategory.length != rootTarget.length) {
            throw new IndexException("corrupt: the graph's columns do not agree");
        }
        HeapGraph g = new HeapGraph(address, kind, sized(r.longs("graph.classAddress"), n),
                sized(r.longs("graph.shallowSize"), n), positions ? sized(r.longs("graph.position"), n) : null, outOffsets,
                targets, rootTarget, rootCategory, categories.toArray(new String[0]),
                danglingReferences, danglingRoots, duplicates, new AddressIndex(address),
                weak ? r.longs("graph.weak") : null);
        int[] idom = r.ints("dominators.idom");
        int[] retainedCount = r.ints("dominators.retainedCount");
        if (idom.length != n || retainedCount.length != n) {
            throw new IndexException("corrupt: the dominators' columns do not agree with the graph");
        }
        Dominators d = new Dominators(g, g.strongReferences(), idom, sized(r.longs("dominators.retainedSize"), n),
                retainedCount, r.ints("dominators.preorder"), reachableBytes);
        return new Stored(g, d);
    }
}
