package dev.heaplens.graph;

import java.util.ArrayList;
import java.util.List;

/**
 * The records of one reading thread, in its order: objects with their references, record
 * positions and GC roots. Created by {@link HeapGraphBuilder#newPart()}; used by one thread only.
 *
 * <p>What a runtime knows beyond these (Ruby's allocation sites, say) it keeps beside the graph in
 * an {@link IntColumn} per part, indexed by {@link #lastObject()}.
 */
public final class HeapGraphPart {
    /** Where the big columns below keep their full chunks: the heap, or files out of core. */
    private final Scratch scratch;
    final GrowableLongs addresses;
    final GrowableBytes kinds;
    final PartClasses classes;
    final PartSizes shallowSizes;
    final GrowableInts degrees;
    final GrowableLongs references;
    /** Part-local indices of the references added as weak, ascending. */
    final GrowableLongs weakReferences = new GrowableLongs();
    /** Null until a position is set. */
    GrowableLongs positions;
    final GrowableInts rootCategories = new GrowableInts();
    final GrowableLongs rootAddresses = new GrowableLongs();
    final List<String> categories = new ArrayList<>();
    private String lastCategory;
    private int lastCategoryId;
    long objects;
    private int degree;

    HeapGraphPart(Scratch scratch) {
        this.scratch = scratch;
        addresses = new GrowableLongs(scratch);
        kinds = new GrowableBytes(scratch);
        classes = new PartClasses(scratch);
        shallowSizes = new PartSizes(scratch);
        degrees = new GrowableInts(scratch);
        references = new GrowableLongs(scratch);
    }

    /** Starts an object; the references and position that follow belong to it. */
    public void addObject(long address, byte kind, long classAddress, long shallowSize) {
        if (objects > 0) {
            degrees.add(degree);
        }
        degree = 0;
        addresses.add(address);
        kinds.add(kind);
        classes.add(classAddress);
        shallowSizes.add(shallowSize);
        if (positions != null) {
            positions.add(-1);
        }
        objects++;
    }

    /** An outbound reference of the last object added. */
    public void addReference(long targetAddress) {
        if (objects == 0) {
            throw new IllegalStateException("reference before any object");
        }
        if (degree == Integer.MAX_VALUE) {
            throw new IllegalStateException("more than 2^31 references from one object");
        }
        references.add(targetAddress);
        degree++;
    }

    /** The outbound references {@code targetAddresses[0, count)} of the last object added. */
    public void addReferences(long[] targetAddresses, int count) {
        if (objects == 0) {
            throw new IllegalStateException("reference before any object");
        }
        if (count > Integer.MAX_VALUE - degree) {
            throw new IllegalStateException("more than 2^31 references from one object");
        }
        references.addAll(targetAddresses, count);
        degree += count;
    }

    /**
     * An outbound reference of the last object that does not keep its target alive (a JVM
     * {@code Reference.referent}): kept in the graph, marked so analyses can leave it out.
     */
    public void addWeakReference(long targetAddress) {
        addReference(targetAddress);
        weakReferences.add(references.size() - 1);
    }

    /** Where the last object's record starts in the dump (a byte offset), for showing it again. */
    public void setPosition(long position) {
        long last = lastObject();
        if (positions == null) {
            positions = new GrowableLongs(scratch);
            for (long i = 0; i < objects; i++) {
                positions.add(-1);
            }
        }
        positions.set(last, position);
    }

    /** A column of the part's objects that a runtime keeps beside the graph, kept where the part keeps its own. */
    public IntColumn newColumn() {
        return new IntColumn(scratch);
    }

    /** The part-local index of the last object added: where its values go in an {@link IntColumn}. */
    public long lastObject() {
        if (objects == 0) {
            throw new IllegalStateException("no object to set");
        }
        return objects - 1;
    }

    /** A GC root of {@code category} (few distinct strings, interned here) holding {@code targetAddress}. */
    public void addRoot(String category, long targetAddress) {
        int id;
        if (category == lastCategory) {
            id = lastCategoryId;
        } else {
            id = categories.indexOf(category);
            if (id < 0) {
                id = categories.size();
                categories.add(category);
            }
            lastCategory = category;
            lastCategoryId = id;
        }
        rootCategories.add(id);
        rootAddresses.add(targetAddress);
    }

    public long objectCount() {
        return objects;
    }

    public long referenceCount() {
        return references.size();
    }

    void finish() {
        if (objects > degrees.size()) {
            degrees.add(degree);
        }
    }

    void releaseObjects() {
        addresses.clear();
        kinds.clear();
        classes.clear();
        shallowSizes.clear();
        degrees.clear();
        if (positions != null) {
            positions.clear();
        }
        positions = null;
    }

    void releaseReferences() {
        references.clear();
        weakReferences.clear();
        rootCategories.clear();
        rootAddresses.clear();
    }
}
