package dev.heaplens.graph;

import dev.heaplens.index.IndexException;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;

import java.io.DataInputStream;
import java.io.IOException;

/**
 * A {@link HeapGraph} and its {@link Dominators} as sections of an index file, and back: each
 * column is written in bulk, and read back when first used (see {@link ColumnSource}),
 * so opening a stored graph costs no pass over its objects.
 * The inbound references and the dominator tree's children are not stored: built on first use,
 * as after a read.
 */
public final class GraphStore {
    // The index sections of a graph and its dominators: one name each, for the writer and the readers.
    static final String COUNTS = "graph.counts";
    static final String ADDRESS = "graph.address";
    static final String KIND = "graph.kind";
    static final String CLASS_NUMBER = "graph.classNumber";
    static final String CLASS_TABLE = "graph.classTable";
    static final String SHALLOW_SIZE = "graph.shallowSize";
    static final String LARGE_SIZE_OBJECTS = "graph.largeSizeObjects";
    static final String LARGE_SIZES = "graph.largeSizes";
    // Record positions as Positions keeps them: a base per block, 32-bit offsets, the wide blocks whole.
    static final String POSITION_BASE = "graph.positionBase";
    static final String POSITION_OFFSET = "graph.positionOffset";
    static final String POSITION_WIDE = "graph.positionWide";
    static final String OUT_OFFSETS = "graph.outOffsets";
    static final String TARGETS = "graph.targets";
    static final String WEAK = "graph.weak";
    static final String ROOT_TARGET = "graph.rootTarget";
    static final String ROOT_CATEGORY = "graph.rootCategory";
    static final String CATEGORIES = "graph.categories";
    static final String IDOM = "dominators.idom";
    static final String RETAINED_SIZE = "dominators.retainedSize";
    static final String RETAINED_COUNT = "dominators.retainedCount";
    static final String PREORDER = "dominators.preorder";

    private GraphStore() {
    }

    /**
     * Also stores {@code largest}, the objects that retain the most, largest first, as an analysis
     * ranks them (see {@link Dominators#storedLargest()}).
     */
    public static void write(HeapGraph g, Dominators d, long[] largest, IndexWriter w) throws IOException {
        write(g, d, largest, w, Scratch.heap());
    }

    /**
     * As {@link #write(HeapGraph, Dominators, long[], IndexWriter)}, out of core: each column that
     * {@code givenBack} mapped (the first read's graph and dominators' results) is released as soon as
     * its section is written, so that the index grows as its scratch shrinks (the first read's disk
     * peak was both whole at once). Neither {@code g}'s columns nor {@code d} may be used afterwards.
     */
    public static void write(HeapGraph g, Dominators d, long[] largest, IndexWriter w, Scratch givenBack) throws IOException {
        long n = g.objectCount();
        boolean wide = MappedIds.wide(n);
        w.data(COUNTS, out -> {
            out.writeLong(n); // first: it tells a reader how wide the id sections are
            out.writeLong(g.referenceCount());
            out.writeLong(g.danglingReferences());
            out.writeLong(g.danglingRoots());
            out.writeLong(g.duplicateAddresses());
            out.writeBoolean(g.hasPositions());
            out.writeBoolean(g.hasWeakReferences());
            out.writeLong(d.reachableBytes());
            out.writeLong(g.totalShallowSize());
            out.writeLong(d.reachableCount());
        });
        if (g.mappedSource() != null) {
            writeMapped(g, g.mappedSource(), w, givenBack);
        } else {
            writeColumns(g, g.columns(), w);
        }
        IdSections.write(w, ROOT_TARGET, g.rootCount(), r -> g.rootTarget((int) r), wide);
        w.ints(ROOT_CATEGORY, g.rootCount(), r -> g.rootCategoryId((int) r));
        w.strings(CATEGORIES, g.rootCategories());
        Dominators.Columns mapped = d.mappedColumns();
        if (mapped != null) {
            // computed out of core: written from where they lie, never a whole column in the heap
            writeIds(IDOM, n(g), mapped.mappedIds(IDOM), w, givenBack);
            writeAll(RETAINED_SIZE, mapped.mappedLongs(RETAINED_SIZE), w, givenBack);
            writeIds(RETAINED_COUNT, n(g), mapped.mappedIds(RETAINED_COUNT), w, givenBack);
            writeIds(PREORDER, d.reachableCount(), mapped.mappedIds(PREORDER), w, givenBack);
        } else {
            Dominators.Stored a = d.arrays(); // int ids: wide only under the tests' switch, as dominators in the heap are narrow
            writeIds(IDOM, a.idom(), wide, w);
            w.longs(RETAINED_SIZE, a.retainedSize());
            writeIds(RETAINED_COUNT, a.retainedCount(), wide, w);
            writeIds(PREORDER, a.preorder(), wide, w);
        }
        IdSections.write(w, Dominators.LARGEST, largest, wide);
    }

    /** The columns of a graph in the heap, each array in bulk. */
    private static void writeColumns(HeapGraph g, HeapGraph.Columns c, IndexWriter w) throws IOException {
        w.longs(ADDRESS, c.address());
        w.bytes(KIND, c.kind());
        w.ints(CLASS_NUMBER, c.classNumber());
        w.longs(CLASS_TABLE, c.classTable());
        w.ints(SHALLOW_SIZE, c.shallowSize());
        IdSections.write(w, LARGE_SIZE_OBJECTS, c.largeSizes().objects, MappedIds.wide(g.objectCount()));
        w.longs(LARGE_SIZES, c.largeSizes().sizes);
        if (c.position() != null) {
            w.longs(POSITION_BASE, c.position().base);
            w.ints(POSITION_OFFSET, c.position().offset);
            w.longs(POSITION_WIDE, c.position().wide);
        }
        ReferenceOffsets offsets = c.outOffsets();
        w.longs(OUT_OFFSETS, offsets.length(), i -> offsets.get((int) i));
        if (MappedIds.wide(g.objectCount())) {
            w.longs(TARGETS, g.referenceCount(), g::target); // only under the tests' switch: a graph in the heap has int ids
        } else {
            w.ints(TARGETS, c.targetPages());
        }
        if (c.weak() != null) {
            w.longs(WEAK, c.weak());
        }
    }

    /**
     * The columns of a graph out of core, read where they lie mapped (never a whole column in the
     * heap), in the same sections and order as {@link #writeColumns}: the same bytes.
     */
    private static void writeMapped(HeapGraph g, ColumnSource s, IndexWriter w, Scratch givenBack) throws IOException {
        long n = g.objectCount();
        MappedLongs address = s.mappedLongs(ADDRESS);
        w.longRuns(ADDRESS, n, address::copy);
        givenBack.release(address);
        MappedBytes kind = s.mappedBytes(KIND);
        w.byteRuns(KIND, n, kind::copy);
        givenBack.release(kind);
        writeInts(CLASS_NUMBER, n, s.mappedInts(CLASS_NUMBER), w, givenBack);
        w.longs(CLASS_TABLE, g.classCount(), c -> g.classAddressOf((int) c));
        writeInts(SHALLOW_SIZE, n, s.mappedInts(SHALLOW_SIZE), w, givenBack);
        IdSections.write(w, LARGE_SIZE_OBJECTS, g.largeSizes().objects, MappedIds.wide(n));
        w.longs(LARGE_SIZES, g.largeSizes().sizes);
        if (g.hasPositions()) {
            writeAll(POSITION_BASE, s.mappedLongs(POSITION_BASE), w, givenBack);
            MappedInts offsets = s.mappedInts(POSITION_OFFSET);
            writeInts(POSITION_OFFSET, offsets.length(), offsets, w, givenBack);
            writeAll(POSITION_WIDE, s.mappedLongs(POSITION_WIDE), w, givenBack);
        }
        writeAll(OUT_OFFSETS, s.mappedLongs(OUT_OFFSETS), w, givenBack);
        writeIds(TARGETS, g.referenceCount(), s.mappedIds(TARGETS), w, givenBack); // 8 bytes an id in a wide graph's index
        if (g.hasWeakReferences()) {
            w.longs(WEAK, s.longs(WEAK));
        }
    }

    private static long n(HeapGraph g) {
        return g.objectCount();
    }

    /** The first {@code count} of {@code values} as a section; then their scratch file, if {@code givenBack}'s, released. */
    private static void writeInts(String name, long count, MappedInts values, IndexWriter w, Scratch givenBack)
            throws IOException {
        w.intRuns(name, count, values::copy);
        givenBack.release(values);
    }

    /** An id column as a section, as wide as it is ({@link MappedIds}); then its scratch file, if {@code givenBack}'s, released. */
    private static void writeIds(String name, long count, MappedIds ids, IndexWriter w, Scratch givenBack) throws IOException {
        ids.write(w, name, count);
        givenBack.release(ids);
    }

    /** An id column of the heap as a section: 8 bytes a value when {@code wide}, as a wide graph's index holds them. */
    private static void writeIds(String name, int[] ids, boolean wide, IndexWriter w) throws IOException {
        if (wide) {
            w.longs(name, ids.length, i -> ids[(int) i]);
        } else {
            w.ints(name, ids);
        }
    }

    private static void writeAll(String name, MappedLongs values, IndexWriter w, Scratch givenBack) throws IOException {
        w.longRuns(name, values.length(), values::copy);
        givenBack.release(values);
    }

    /** A graph and its dominators as {@link #write} stored them, over the references {@code filter} keeps. */
    public record Stored(HeapGraph graph, Dominators dominators) {
    }

    public static Stored read(IndexReader r) throws IOException {
        return read(r, false);
    }

    /** The stored graph's objects, read from its counts alone. */
    public static long objectCount(IndexReader r) throws IOException {
        try (DataInputStream in = r.data(COUNTS)) {
            return in.readLong();
        }
    }

    /**
     * As {@link #read(IndexReader)}; {@code inPlace} (out of core): the columns are used where they lie
     * in the mapped index, never loaded whole into the heap.
     */
    public static Stored read(IndexReader r, boolean inPlace) throws IOException {
        long n;
        long refs;
        long danglingReferences;
        long danglingRoots;
        long duplicates;
        boolean positions;
        boolean weak;
        long reachableBytes;
        long totalShallowSize;
        long reachableCount;
        try (DataInputStream in = r.data(COUNTS)) {
            n = in.readLong();
            refs = in.readLong();
            danglingReferences = in.readLong();
            danglingRoots = in.readLong();
            duplicates = in.readLong();
            positions = in.readBoolean();
            weak = in.readBoolean();
            reachableBytes = in.readLong();
            totalShallowSize = in.readLong();
            reachableCount = in.readLong();
        }
        if (n < 0) {
            throw new IndexException("corrupt: the graph's counts do not agree");
        }
        boolean wide = MappedIds.wide(n);
        long[] rootTarget = IdSections.read(r, ROOT_TARGET, wide);
        int[] rootCategory = r.ints(ROOT_CATEGORY);
        String[] categories = r.strings(CATEGORIES).toArray(new String[0]);
        if (n < 0 || refs < 0 || rootCategory.length != rootTarget.length || reachableCount < 0 || reachableCount > n) {
            throw new IndexException("corrupt: the graph's counts do not agree");
        }
        StoredColumns columns = new StoredColumns(r, n, refs, reachableCount, inPlace, wide);
        long[] classTable = r.longs(CLASS_TABLE);
        LargeSizes largeSizes = largeSizes(r, n, wide);
        HeapGraph g = new HeapGraph(columns, n, refs, positions, weak, classTable, largeSizes, rootTarget, rootCategory,
                categories, danglingReferences, danglingRoots, duplicates, totalShallowSize);
        return new Stored(g, new Dominators(g, g.strongReferences(), columns, reachableCount, reachableBytes));
    }

    /** Object {@code o}'s record position, read value by value as {@link Positions#get} reads its arrays. */
    static long positionAt(ColumnSource source, long o) {
        long base = source.longAt(POSITION_BASE, o >>> Positions.SHIFT);
        if (base < 0) {
            return source.longAt(POSITION_WIDE, (-(base + 1) << Positions.SHIFT) + (o & (Positions.BLOCK - 1)));
        }
        int offset = source.intAt(POSITION_OFFSET, o);
        return offset == Positions.UNKNOWN ? -1 : base + Integer.toUnsignedLong(offset);
    }

    /** The sizes an int column cannot hold, checked: ascending ids of objects the graph has. */
    private static LargeSizes largeSizes(IndexReader r, long n, boolean wide) {
        long[] objects = IdSections.read(r, LARGE_SIZE_OBJECTS, wide);
        long[] sizes = r.longs(LARGE_SIZES);
        for (int i = 0; i < objects.length; i++) {
            if (objects[i] < 0 || objects[i] >= n || i > 0 && objects[i] <= objects[i - 1]) {
                throw new IndexException("corrupt: the large shallow sizes are not ascending object ids");
            }
        }
        if (sizes.length != objects.length) {
            throw new IndexException("corrupt: " + objects.length + " objects with large sizes, " + sizes.length + " sizes");
        }
        return objects.length == 0 ? LargeSizes.NONE : new LargeSizes(objects, sizes);
    }
}
