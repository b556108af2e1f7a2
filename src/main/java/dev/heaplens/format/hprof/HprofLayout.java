package dev.heaplens.format.hprof;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How the dumped JVM laid out objects, which HPROF does not record: object and array header
 * bytes, reference bytes and object alignment. Shallow sizes are computed from it.
 */
public record HprofLayout(int headerBytes, int arrayHeaderBytes, int referenceBytes, int alignment) {
    /** 64-bit JVM with compressed oops and class pointers (the default below 32 GB of heap). */
    public static final HprofLayout COMPRESSED_64 = new HprofLayout(12, 16, 4, 8);
    /** 64-bit JVM without compressed oops but with compressed class pointers (JDK 15+ on heaps of 32 GB and more). */
    public static final HprofLayout COMPRESSED_CLASSES_64 = new HprofLayout(12, 16, 8, 8);
    /** 64-bit JVM with neither (-XX:-UseCompressedClassPointers, or JDK 14 and older on big heaps), up to JDK 21. */
    public static final HprofLayout UNCOMPRESSED_64 = new HprofLayout(16, 24, 8, 8);
    /**
     * The same on JDK 22 and later, which no longer start array elements at a word boundary: an
     * int[]'s first element is at 20, a long[]'s at 24.
     */
    public static final HprofLayout UNCOMPRESSED_64_JDK22 = new HprofLayout(16, 20, 8, 8);
    /** 64-bit JVM with compact object headers (JDK 24+ -XX:+UseCompactObjectHeaders). */
    public static final HprofLayout COMPACT_64 = new HprofLayout(8, 12, 4, 8);
    /** The same without compressed oops: what a heap of 32 GB and more gets (a long[] or Object[] starts at 16). */
    public static final HprofLayout COMPACT_UNCOMPRESSED_OOPS_64 = new HprofLayout(8, 12, 8, 8);
    /** 32-bit JVM. */
    public static final HprofLayout JVM_32 = new HprofLayout(8, 12, 4, 8);

    /** The layouts {@code --layout} names, by name. */
    public static final Map<String, HprofLayout> PRESETS = presets();

    private static Map<String, HprofLayout> presets() {
        Map<String, HprofLayout> p = new LinkedHashMap<>();
        p.put("compressed", COMPRESSED_64);
        p.put("compressed-classes", COMPRESSED_CLASSES_64);
        p.put("uncompressed", UNCOMPRESSED_64);
        p.put("uncompressed-jdk22", UNCOMPRESSED_64_JDK22);
        p.put("compact", COMPACT_64);
        p.put("compact-uncompressed-oops", COMPACT_UNCOMPRESSED_OOPS_64);
        p.put("32bit", JVM_32);
        return Collections.unmodifiableMap(p);
    }

    /**
     * A preset name or {@code HEADER,ARRAY_HEADER,REFERENCE,ALIGNMENT} in bytes (e.g.
     * {@code 12,16,4,16} for compressed oops with -XX:ObjectAlignmentInBytes=16).
     *
     * @throws IllegalArgumentException naming what is accepted
     */
    public static HprofLayout parse(String text) {
        HprofLayout preset = PRESETS.get(text);
        if (preset != null) {
            return preset;
        }
        String[] parts = text.split(",");
        String accepted = "expected " + String.join(", ", PRESETS.keySet())
                + " or HEADER,ARRAY_HEADER,REFERENCE,ALIGNMENT in bytes (e.g. 12,16,4,8)";
        if (parts.length != 4) {
            throw new IllegalArgumentException("unknown layout '" + text + "': " + accepted);
        }
        try {
            return new HprofLayout(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()),
                    Integer.parseInt(parts[2].trim()), Integer.parseInt(parts[3].trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad layout '" + text + "': " + accepted);
        }
    }

    /**
     * The preset's name and the four numbers, for a dump with {@code idSize}-byte ids. A 32-bit JVM
     * and JDK 24+ compact headers have the same numbers; only 64-bit JVMs (8-byte ids) have compact
     * headers, so the id size tells which one it is.
     */
    public String describe(int idSize) {
        for (Map.Entry<String, HprofLayout> e : PRESETS.entrySet()) {
            if (e.getValue().equals(this) && e.getKey().equals("32bit") == (idSize == 4)) {
                return e.getKey() + " (" + numbers() + ")";
            }
        }
        return numbers();
    }

    private String numbers() {
        return headerBytes + "," + arrayHeaderBytes + "," + referenceBytes + "," + alignment;
    }

    public HprofLayout {
        if (headerBytes <= 0 || arrayHeaderBytes <= 0 || (referenceBytes != 4 && referenceBytes != 8) || alignment <= 0
                || Integer.bitCount(alignment) != 1 || headerBytes > 64 || arrayHeaderBytes > 64 || alignment > 256) {
            throw new IllegalArgumentException("bad layout " + headerBytes + "," + arrayHeaderBytes + ","
                    + referenceBytes + "," + alignment + ": headers up to 64 bytes, references of 4 or 8 bytes,"
                    + " alignment a power of two up to 256");
        }
    }

    /** The guess for a dump with {@code idSize}-byte ids: 8 means a 64-bit JVM, most likely with a heap below 32 GB. */
    public static HprofLayout defaultFor(int idSize) {
        return idSize == 8 ? COMPRESSED_64 : JVM_32;
    }

    public long align(long bytes) {
        return (bytes + alignment - 1) & -(long) alignment;
    }

    /**
     * Where an array's first element of {@code elementBytes} bytes sits: after the header and the
     * length, aligned to the element's size (a long[] after a 12-byte header starts at 16).
     */
    public long arrayBase(int elementBytes) {
        return (arrayHeaderBytes + elementBytes - 1) / elementBytes * elementBytes;
    }

    /** Shallow size of an array of {@code length} elements of {@code elementBytes} each. */
    public long arraySize(long length, int elementBytes) {
        return align(arrayBase(elementBytes) + length * elementBytes);
    }
}
