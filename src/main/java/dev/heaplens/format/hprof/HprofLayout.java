package dev.heaplens.format.hprof;

/**
 * How the dumped JVM laid out objects, which HPROF does not record: object and array header
 * bytes, reference bytes and object alignment. Shallow sizes are computed from it.
 */
public record HprofLayout(int headerBytes, int arrayHeaderBytes, int referenceBytes, int alignment) {
    /** 64-bit JVM with compressed oops and class pointers (the default below 32 GB of heap). */
    public static final HprofLayout COMPRESSED_64 = new HprofLayout(12, 16, 4, 8);
    /** 64-bit JVM without compressed oops (heaps of 32 GB and more). */
    public static final HprofLayout UNCOMPRESSED_64 = new HprofLayout(16, 24, 8, 8);
    /** 32-bit JVM. */
    public static final HprofLayout JVM_32 = new HprofLayout(8, 12, 4, 8);

    public HprofLayout {
        if (headerBytes <= 0 || arrayHeaderBytes <= 0 || referenceBytes <= 0 || alignment <= 0
                || Integer.bitCount(alignment) != 1) {
            throw new IllegalArgumentException("bad layout: " + headerBytes + "/" + arrayHeaderBytes + "/"
                    + referenceBytes + "/" + alignment);
        }
    }

    /** The guess for a dump with {@code idSize}-byte ids: 8 means a 64-bit JVM, most likely with a heap below 32 GB. */
    public static HprofLayout defaultFor(int idSize) {
        return idSize == 8 ? COMPRESSED_64 : JVM_32;
    }

    public long align(long bytes) {
        return (bytes + alignment - 1) & -(long) alignment;
    }

    /** Shallow size of an array of {@code length} elements of {@code elementBytes} each. */
    public long arraySize(long length, int elementBytes) {
        return align(arrayHeaderBytes + length * elementBytes);
    }
}
