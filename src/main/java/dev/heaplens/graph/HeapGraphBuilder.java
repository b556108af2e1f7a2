package dev.heaplens.graph;

import dev.heaplens.HeaplensException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Collects objects, references and GC roots from a dump reader and freezes them into a
 * {@link HeapGraph}.
 *
 * <p>Parallel readers take one {@link HeapGraphPart} per reading thread, created in file order with
 * {@link #newPart()}; a part is used by one thread only. When every reader is done (joined),
 * {@link #build()} concatenates the parts in the order they were created, sorts objects by address
 * when the input was not already in address order ({@link ObjectColumns}), resolves GC roots
 * ({@link RootColumns}) and reference addresses to object ids, dropping (and counting) those to
 * addresses not in the dump, and builds the CSR ({@link ReferenceColumns}).
 *
 * <p>Memory while reading: per object 21 bytes (+8 when positions are set), per reference 8 bytes,
 * in chunks (no Java object per heap object); out of core, the full chunks are in scratch files
 * instead ({@link #HeapGraphBuilder(Scratch)}), and so is each column of the graph once the build
 * has made it ({@link BuiltColumns}): the graph returned is used mapped, as an index's is.
 */
public final class HeapGraphBuilder {
    /** Object ids are ints, and a column of them one Java array: 2,147,483,639 objects at most. */
    public static final int MAX_OBJECTS = Integer.MAX_VALUE - 8;

    private final List<HeapGraphPart> parts = new ArrayList<>();
    private final int pageShift;
    /** The most objects a hash table resolves; past it, a sorted index. */
    private final long tableLimit;
    private final Scratch scratch;
    /** Out of core: the most addresses sorted in the heap at a time ({@link ExternalAddressSort}); 0: sized to the heap. */
    private final int addressRun;
    private boolean built;
    /** After {@link #build()}: objects of each part. */
    private long[] partObjects;
    /** After {@link #build()}: puts columns kept by part in graph order. */
    private GraphOrder graphOrder;
    /** Whether graph order outlives the build ({@link #keepGraphOrder}): out of core its mapped reading order is held. */
    private boolean graphOrderKept;

    public HeapGraphBuilder() {
        this(Scratch.heap());
    }

    /**
     * With the parts' columns kept in {@code scratch}: out of core (mapped), each part's objects and
     * references are written to scratch files as they fill, and the heap holds one chunk of each.
     */
    public HeapGraphBuilder(Scratch scratch) {
        this(IntPages.DEFAULT_SHIFT, Long.MAX_VALUE, scratch);
    }

    /** Tests use small pages to exercise paging of the reference column. */
    HeapGraphBuilder(int pageShift) {
        this(pageShift, Long.MAX_VALUE, Scratch.heap());
    }

    /** Tests pass a {@code tableLimit} of 0 to resolve through the sorted index as huge graphs do. */
    HeapGraphBuilder(int pageShift, long tableLimit) {
        this(pageShift, tableLimit, Scratch.heap());
    }

    /** Tests pass a mapped {@code scratch} to spill the parts as a read out of core does. */
    HeapGraphBuilder(int pageShift, long tableLimit, Scratch scratch) {
        this(pageShift, tableLimit, scratch, 0);
    }

    /** Tests pass a small {@code addressRun} to sort the addresses out of core in many runs. */
    HeapGraphBuilder(int pageShift, long tableLimit, Scratch scratch, int addressRun) {
        this.pageShift = pageShift;
        this.tableLimit = tableLimit;
        this.scratch = scratch;
        this.addressRun = addressRun;
    }

    /** The one line that refuses a dump of {@code objects} objects, more than object ids can number. */
    public static String tooManyObjects(long objects) {
        return String.format(Locale.ROOT, "about %,d objects: a graph in the heap holds at most %,d (out of core, more)",
                objects, MAX_OBJECTS);
    }

    /** A new part, after every part created before; use it from one thread. */
    public synchronized HeapGraphPart newPart() {
        if (built) {
            throw new IllegalStateException("graph already built");
        }
        HeapGraphPart part = new HeapGraphPart(scratch);
        parts.add(part);
        return part;
    }

    /** Freezes every part into a graph; the builder and its parts cannot be used afterwards. */
    public HeapGraph build() {
        return build(() -> { });
    }

    /**
     * As {@link #build()}; {@code objectsOrdered} runs once the objects have their graph ids, before
     * the references are resolved: a runtime puts its own columns in graph order there
     * ({@link #toGraphOrder}) and drops its parts' copies, so that they are not held twice beside the
     * resolved references, the build's peak.
     */
    public synchronized HeapGraph build(Runnable objectsOrdered) {
        if (built) {
            throw new IllegalStateException("graph already built");
        }
        built = true;
        long total = 0;
        partObjects = new long[parts.size()];
        for (int k = 0; k < parts.size(); k++) {
            HeapGraphPart p = parts.get(k);
            p.finish();
            partObjects[k] = p.objects;
            total += p.objects;
        }
        if (total > MAX_OBJECTS && !scratch.isMapped()) { // past it, the columns that hold ids are wide out of core
            throw new HeaplensException(tooManyObjects(total));
        }
        // Out of core, each column goes to a mapped file as soon as it is made, its heap copy dropped.
        BuiltColumns mapped = scratch.isMapped() ? new BuiltColumns(scratch,
                addressRun > 0 ? addressRun : ExternalAddressSort.runLength(Runtime.getRuntime().maxMemory())) : null;
        ObjectColumns objects = new ObjectColumns(parts, total, mapped);
        graphOrder = objects.graphOrder;
        objectsOrdered.run();
        // The index (for objectOf) is made here only when it resolves; else the graph makes it when first asked.
        long[] address = objects.takeAddresses();
        BuildAddressLookup resolving = new BuildAddressLookup(address, objects.mappedAddresses, total, tableLimit, scratch);
        AddressLookup lookup = resolving.lookup;
        RootColumns roots = new RootColumns(parts, lookup);
        ReferenceColumns references = new ReferenceColumns(parts, lookup, objects, pageShift, scratch);
        parts.clear();
        resolving.release(scratch);
        if (!graphOrderKept) {
            releaseGraphOrder();
        }
        if (mapped != null) {
            mapped.references(references.mappedOffsets, references.mappedTargets, references.weak);
            return new HeapGraph(mapped, total, references.mappedOffsets.get(total), objects.hasPositions, references.weak != null,
                    objects.classTable, objects.largeSizes, roots.target, roots.category, roots.categoryNames, references.dangling,
                    roots.dangling, objects.duplicates, mapped.totalShallowSize());
        }
        return new HeapGraph(address, objects.kind, objects.classNumber, objects.classTable,
                objects.shallowSize, objects.largeSizes, objects.position, references.offsets, references.targets, roots.target, roots.category,
                roots.categoryNames, references.dangling, roots.dangling, objects.duplicates, resolving.index, references.weak);
    }

    /** Values of objects {@code [firstObject, firstObject + count)}, in {@code values[0, count)}. */
    public interface IntChunks {
        void chunk(long firstObject, int[] values, int count);
    }

    /**
     * After {@link #build()}: one {@link IntColumn} per part (in the order the parts were created) in
     * graph order, -1 where unset, handed over {@code 2^16} objects at a time (a reader's own column
     * packed smaller as it goes); nothing when every column is empty.
     */
    public void forEachInGraphOrder(List<IntColumn> columnOfEachPart, IntChunks visitor) {
        if (toGraphOrderChecked(columnOfEachPart)) {
            long n = graphOrder.objectCount();
            int[] chunk = new int[(int) Math.min(n, ObjectColumns.CHUNK)];
            for (long from = 0; from < n; from += chunk.length) {
                long to = Math.min(n, from + chunk.length);
                graphOrder.ints(columnOfEachPart, from, to, chunk);
                visitor.chunk(from, chunk, (int) (to - from));
            }
        }
    }

    /**
     * As {@link #forEachInGraphOrder}, into one column by graph object id, as narrow as the values'
     * range allows ({@link NarrowInts}): in the heap while it has room, else in the build's scratch
     * (given back with it); null when every column is empty.
     */
    public NarrowInts toGraphOrder(List<IntColumn> columnOfEachPart) {
        if (!toGraphOrderChecked(columnOfEachPart)) {
            return null;
        }
        int least = -1; // where a part's column has no value
        int most = -1;
        for (IntColumn c : columnOfEachPart) {
            least = Math.min(least, c.least());
            most = Math.max(most, c.most());
        }
        NarrowInts ordered = NarrowInts.where(scratch, graphOrder.objectCount(), least, most);
        forEachInGraphOrder(columnOfEachPart, ordered::put);
        return ordered;
    }

    /** Before {@link #build()}: graph order stays for {@link #toGraphOrder} after it, until {@link #releaseGraphOrder}. */
    public void keepGraphOrder() {
        graphOrderKept = true;
    }

    /** Graph order given up: out of core, its reading order's scratch file is given back. */
    public void releaseGraphOrder() {
        if (graphOrder != null) {
            if (graphOrder.readingIndex() != null) {
                graphOrder.readingIndex().release(scratch);
            }
            graphOrder = null;
        }
    }

    /** Whether {@code columnOfEachPart} has any value; refuses columns that do not fit the parts. */
    private boolean toGraphOrderChecked(List<IntColumn> columnOfEachPart) {
        if (!built || graphOrder == null) {
            throw new IllegalStateException(built ? "graph order released" : "graph not built yet");
        }
        if (columnOfEachPart.size() != partObjects.length) {
            throw new IllegalArgumentException(columnOfEachPart.size() + " columns for " + partObjects.length + " parts");
        }
        if (columnOfEachPart.stream().allMatch(IntColumn::isEmpty)) {
            return false;
        }
        for (int k = 0; k < partObjects.length; k++) {
            if (columnOfEachPart.get(k).size() > partObjects[k]) {
                throw new IllegalArgumentException("column of " + columnOfEachPart.get(k).size() + " values for a part of "
                        + partObjects[k] + " objects");
            }
        }
        return true;
    }
}
