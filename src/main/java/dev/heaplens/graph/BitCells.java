package dev.heaplens.graph;

/**
 * A bit an object, indexed by long (what a search has reached, a level's objects while sorted): in one
 * heap array of longs while the heap has room (a long[] holds the bits of 2^37 objects), else in a
 * mapped scratch file ({@link Scratch#bitsWhereRoom}). As {@link IdCells}, one final class holding
 * either form, so that C1 inlines its calls: the heap form costs a null check over a plain array.
 */
public final class BitCells {
    /** The heap form's words; null when mapped. */
    private final long[] inHeap;
    /** The mapped form's words; null in the heap. */
    private final MappedLongs mapped;

    private BitCells(long[] inHeap, MappedLongs mapped) {
        this.inHeap = inHeap;
        this.mapped = mapped;
    }

    /** The words that hold {@code bits} bits. */
    static long words(long bits) {
        return (bits + 63) >>> 6;
    }

    /** {@code bits} clear bits in the heap. */
    static BitCells inHeap(long bits) {
        return new BitCells(new long[Math.toIntExact(words(bits))], null);
    }

    /** Over {@code words}, a scratch column of {@link #words}({@code bits}) longs. */
    static BitCells mapped(MappedLongs words) {
        return new BitCells(null, words);
    }

    public boolean get(long i) {
        return (word(i >>> 6) & (1L << i)) != 0;
    }

    public void set(long i) {
        long w = i >>> 6;
        setWord(w, word(w) | (1L << i));
    }

    /** Word {@code w}: bits {@code 64 w} to {@code 64 w + 63}, the lowest first. */
    public long word(long w) {
        long[] a = inHeap;
        return a != null ? a[(int) w] : mapped.get(w);
    }

    public void setWord(long w, long bits) {
        long[] a = inHeap;
        if (a != null) {
            a[(int) w] = bits;
        } else {
            mapped.set(w, bits);
        }
    }
}
