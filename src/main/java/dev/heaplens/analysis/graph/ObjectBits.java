package dev.heaplens.analysis.graph;

import dev.heaplens.graph.BitCells;
import dev.heaplens.graph.Scratch;


/**
 * A set of one heap's objects, a bit an object (the objects of dump C that {@code leaks} finds new in
 * B), with the scratch that heap's computations use: what works over the set keeps its own columns
 * there. The bits are one heap array while the heap has room, else mapped ({@link BitCells}).
 */
public final class ObjectBits {
    private final BitCells bits;
    private final long objects;
    private final Scratch scratch;

    private ObjectBits(BitCells bits, long objects, Scratch scratch) {
        this.bits = bits;
        this.objects = objects;
        this.scratch = scratch;
    }

    /** No object of {@code objects}, the bits in {@code scratch}. */
    public static ObjectBits none(long objects, Scratch scratch) {
        return new ObjectBits(scratch.bitsWhereRoom(objects), objects, scratch);
    }

    /** The objects whose bits are set in {@code bits}, {@code objects} bits a runtime marked in {@code scratch}. */
    public static ObjectBits over(BitCells bits, long objects, Scratch scratch) {
        return new ObjectBits(bits, objects, scratch);
    }

    /** The objects of the heap, in and out of the set. */
    public long objects() {
        return objects;
    }

    /** Where the heap's computations keep their columns. */
    public Scratch scratch() {
        return scratch;
    }

    public boolean get(long o) {
        return bits.get(o);
    }

    /** Adds {@code o}, one of the heap's objects. */
    public void set(long o) {
        bits.set(o);
    }

    /** The first object of the set at or after {@code from}, or -1 when none. */
    public long next(long from) {
        if (from >= objects) {
            return -1;
        }
        long words = (objects + 63) >>> 6;
        long w = from >>> 6;
        long word = bits.word(w) & (-1L << from); // the shift takes from's low six bits
        while (word == 0) {
            if (++w == words) {
                return -1;
            }
            word = bits.word(w);
        }
        return (w << 6) + Long.numberOfTrailingZeros(word);
    }
}
