package dev.heaplens.graph;

/**
 * A byte an object, indexed by long (a coder, a small code): in one heap array while the heap has room,
 * else in a mapped scratch file ({@link Scratch#byteCellsWhereRoom}). As {@link IdCells}, one final
 * class holding either form, so that C1 inlines its calls.
 */
public final class ByteCells {
    /** The heap form; null when mapped. */
    private final byte[] inHeap;
    /** The mapped form; null in the heap. */
    private final MappedBytes mapped;

    private ByteCells(byte[] inHeap, MappedBytes mapped) {
        this.inHeap = inHeap;
        this.mapped = mapped;
    }

    /** {@code length} zeros in the heap. */
    static ByteCells inHeap(long length) {
        return new ByteCells(new byte[Math.toIntExact(length)], null);
    }

    /** Over {@code bytes}, a scratch column. */
    static ByteCells mapped(MappedBytes bytes) {
        return new ByteCells(null, bytes);
    }

    public byte get(long i) {
        byte[] a = inHeap;
        return a != null ? a[(int) i] : mapped.get(i);
    }

    public void set(long i, byte value) {
        byte[] a = inHeap;
        if (a != null) {
            a[(int) i] = value;
        } else {
            mapped.set(i, value);
        }
    }

    public long length() {
        return inHeap != null ? inHeap.length : mapped.length();
    }
}
