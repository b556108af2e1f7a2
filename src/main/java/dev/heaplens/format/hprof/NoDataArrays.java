package dev.heaplens.format.hprof;

/**
 * PRIMITIVE ARRAY NODATA records (arrays dumped without their contents), those of them with an
 * impossible length, and the bytes of elements the others declare: counted while a dump (or each
 * part of it) is read, and warned about once at the end.
 */
final class NoDataArrays {
    private long arrays;
    private long impossible;
    private long bytes;

    /**
     * A NODATA array's length, as declared when a Java array can have it (the JVM held that many
     * elements; only their values were left out), else 0: no Java array has over 2^31 - 1.
     */
    long length(long declared, BasicType type) {
        arrays++;
        if (declared > Integer.MAX_VALUE) {
            impossible++;
            return 0;
        }
        bytes += declared * type.fileSize(8);
        return declared;
    }

    /** Adds what {@code other} counted (another part of the same dump). */
    void add(NoDataArrays other) {
        arrays += other.arrays;
        impossible += other.impossible;
        bytes += other.bytes;
    }

    /** The warning the read ends with, or null when there were none. */
    String warning() {
        if (arrays == 0) {
            return null;
        }
        return arrays + " primitive arrays were dumped without their contents (PRIMITIVE ARRAY NODATA):"
                + " they are sized from their declared lengths (" + bytes + " bytes of elements in all)"
                + (impossible > 0 ? "; " + impossible + " of them declare more elements than a Java"
                + " array can hold and are counted as empty" : "");
    }
}
