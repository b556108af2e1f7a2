package dev.heaplens.graph;

import java.util.Arrays;

/**
 * Object ids indexed by long, for the analyses' columns over every object (a search's queue, the path
 * tree's parents, every node's dominated children): ids, small negative markers, and any value up to
 * the object count (a position, a count). In one heap array of ints while the graph fits the heap,
 * else mapped ({@link MappedIds}: 4 bytes an id below 2^31 objects, 8 past); from
 * {@link Scratch#idCells} and {@link Scratch#idCellsWhereRoom}.
 *
 * <p>One final class holding either form, not an interface with two implementations: C1 (the
 * launcher's compiler) inlines its calls, so the heap form reads a plain array behind a null check,
 * and the mapped one reaches {@link MappedIds}, concrete below 2^31 objects ({@link MappedIds.Wide}
 * is never loaded there), inlined as well.
 */
public final class IdCells {
    /** The heap form: ids below 2^31 objects, narrowed at each store; null when mapped. */
    private final int[] inHeap;
    /** The mapped form; null in the heap. */
    private final MappedIds mapped;

    private IdCells(int[] inHeap, MappedIds mapped) {
        this.inHeap = inHeap;
        this.mapped = mapped;
    }

    /** {@code length} zeros in one heap array (a graph in the heap numbers its objects in ints). */
    static IdCells inHeap(long length) {
        return new IdCells(new int[Math.toIntExact(length)], null);
    }

    /** Over {@code ids}, a heap array kept by the caller (not copied): tests hand their groups so. */
    static IdCells over(int[] ids) {
        return new IdCells(ids, null);
    }

    /** Over {@code ids}, a scratch column. */
    static IdCells mapped(MappedIds ids) {
        return new IdCells(null, ids);
    }

    public long get(long i) {
        int[] a = inHeap;
        return a != null ? a[(int) i] : mapped.get(i);
    }

    public void set(long i, long id) {
        int[] a = inHeap;
        if (a != null) {
            a[(int) i] = (int) id;
        } else {
            mapped.set(i, id);
        }
    }

    /** Every cell set to {@code id}. */
    public void fill(long id) {
        if (inHeap != null) {
            Arrays.fill(inHeap, (int) id);
        } else {
            mapped.fill(id);
        }
    }

    public long length() {
        return inHeap != null ? inHeap.length : mapped.length();
    }
}
