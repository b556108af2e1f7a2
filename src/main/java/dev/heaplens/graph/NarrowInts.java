package dev.heaplens.graph;

import java.nio.ByteBuffer;

/**
 * An int an object by long id that a runtime keeps beside the graph (HPROF's array lengths, Ruby's
 * allocation sites, generations...), in as few bytes a value as its range needs: values from -1 to
 * 2^24 - 2 are kept as {@code value + 1} in one to three little-endian bytes (-1, "none", is 0), any
 * other range as ints. In one heap array while the heap has room, else in a mapped scratch file (as
 * past 2^31 objects when wide ids are forced, so that small dumps take that form in tests), or, as
 * an index stores it, where the index lies mapped.
 *
 * <p>One final class holding every form, as {@link IdCells}: C1 binds its calls statically, and a
 * heap column is read from a plain array behind a null check.
 */
public final class NarrowInts {
    /** The largest value kept in bytes: three bytes of {@code value + 1}. */
    private static final int MOST_IN_BYTES = 0xff_fffe;
    private static final String STEP = "a runtime's column in graph order";

    private final int width;
    private final long length;
    /** The forms: one of the four is set (bytes when {@code width < 4}, ints else). */
    private final byte[] bytes;
    private final MappedBytes mappedBytes;
    private final int[] ints;
    private final MappedInts mappedInts;

    private NarrowInts(int width, long length, byte[] bytes, MappedBytes mappedBytes, int[] ints, MappedInts mappedInts) {
        this.width = width;
        this.length = length;
        this.bytes = bytes;
        this.mappedBytes = mappedBytes;
        this.ints = ints;
        this.mappedInts = mappedInts;
    }

    /**
     * Room for {@code length} values, each to be {@link #put} and in {@code [least, most]}: in the heap
     * while it has room for them, else (out of core) in {@code scratch}, given back by {@link #release}.
     */
    public static NarrowInts where(Scratch scratch, long length, int least, int most) {
        int width = least < -1 || most > MOST_IN_BYTES ? 4 : most < 0xff ? 1 : most < 0xffff ? 2 : 3;
        if (!scratch.isMapped() && width < 4 && length * width > HeapGraphBuilder.MAX_OBJECTS) {
            width = 4; // in the heap the objects fit an array, so their ints do
        }
        long heapLength = width == 4 ? length : length * width;
        if (scratch.isMapped() && (MappedIds.wide(length) || heapLength > HeapGraphBuilder.MAX_OBJECTS
                || !scratch.heapHas(length * width))) {
            return width == 4 ? new NarrowInts(4, length, null, null, null, scratch.ints(length))
                    : new NarrowInts(width, length, null, scratch.bytes(heapLength), null, null);
        }
        return width == 4 ? new NarrowInts(4, length, null, null, ObjectArrays.ints(heapLength, STEP), null)
                : new NarrowInts(width, length, ObjectArrays.bytes(heapLength, STEP), null, null, null);
    }

    /** {@code values} as they are, not copied (a column an index stores, loaded into the heap). */
    public static NarrowInts of(int[] values) {
        return new NarrowInts(4, values.length, null, null, values, null);
    }

    /** Ints where an index lies mapped: {@code pages} of {@code 2^shift} ints each but the last, read-only. */
    public static NarrowInts mapped(ByteBuffer[] pages, int shift) {
        MappedInts ints = new MappedInts(pages, shift);
        return new NarrowInts(4, ints.length(), null, null, null, ints);
    }

    public int get(long o) {
        if (width == 4) {
            int[] a = ints;
            return a != null ? a[(int) o] : mappedInts.get(o);
        }
        if (width == 1) {
            return (byteAt(o) & 0xff) - 1;
        }
        long at = o * width;
        int v = (byteAt(at) & 0xff) | (byteAt(at + 1) & 0xff) << 8;
        return (width == 3 ? v | (byteAt(at + 2) & 0xff) << 16 : v) - 1;
    }

    private byte byteAt(long i) {
        byte[] a = bytes;
        return a != null ? a[(int) i] : mappedBytes.get(i);
    }

    /** Sets the values of objects {@code [from, from + count)} to {@code values[0, count)} (not in an index's form). */
    public void put(long from, int[] values, int count) {
        if (width == 4) {
            if (ints != null) {
                System.arraycopy(values, 0, ints, (int) from, count);
            } else {
                mappedInts.put(from, values, count);
            }
        } else if (bytes != null) {
            encode(values, count, bytes, (int) (from * width));
        } else {
            byte[] run = new byte[count * width];
            encode(values, count, run, 0);
            mappedBytes.put(from * width, run, run.length);
        }
    }

    private void encode(int[] values, int count, byte[] out, int at) {
        for (int i = 0; i < count; i++) {
            int v = values[i] + 1;
            for (int b = 0; b < width; b++) {
                out[at++] = (byte) (v >>> (b << 3));
            }
        }
    }

    /** The values of objects {@code [from, from + count)} into {@code into[0, count)}: runs of a column written to an index. */
    public void copy(long from, int[] into, int count) {
        if (width == 4) {
            if (ints != null) {
                System.arraycopy(ints, (int) from, into, 0, count);
            } else {
                mappedInts.copy(from, into, count);
            }
            return;
        }
        byte[] in = bytes;
        int at = (int) (from * width);
        if (in == null) {
            in = new byte[count * width];
            mappedBytes.copy(from * width, in, in.length);
            at = 0;
        }
        for (int i = 0; i < count; i++) {
            int v = 0;
            for (int b = 0; b < width; b++) {
                v |= (in[at++] & 0xff) << (b << 3);
            }
            into[i] = v - 1;
        }
    }

    public long length() {
        return length;
    }

    /** Bytes a value takes: 1 to 4. */
    int width() {
        return width;
    }

    /** Gives back the scratch file of a column {@link #where} mapped in {@code scratch}; anything else is passed over. */
    public void release(Scratch scratch) {
        Object mapped = mappedBytes != null ? mappedBytes : mappedInts;
        if (mapped != null) {
            scratch.release(mapped);
        }
    }
}
