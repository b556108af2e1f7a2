package dev.heaplens.format.hprof;

/** HPROF basic types of fields, statics, constants and primitive arrays. */
public enum BasicType {
    OBJECT(2, 0, "Object"),
    BOOLEAN(4, 1, "boolean"),
    CHAR(5, 2, "char"),
    FLOAT(6, 4, "float"),
    DOUBLE(7, 8, "double"),
    BYTE(8, 1, "byte"),
    SHORT(9, 2, "short"),
    INT(10, 4, "int"),
    LONG(11, 8, "long");

    private static final BasicType[] BY_CODE = new BasicType[256];

    static {
        for (BasicType t : values()) {
            BY_CODE[t.code] = t;
        }
    }

    public final int code;
    /** Bytes of a primitive value, in the file and in the heap; 0 for OBJECT (it depends). */
    private final int primitiveSize;
    /** The Java name, as in {@code int[]}. */
    public final String javaName;

    BasicType(int code, int primitiveSize, String javaName) {
        this.code = code;
        this.primitiveSize = primitiveSize;
        this.javaName = javaName;
    }

    /** The type with this code, or null. */
    public static BasicType of(int code) {
        return BY_CODE[code & 0xFF];
    }

    /** Bytes of a value in the dump file: object references are ids. */
    public int fileSize(int idSize) {
        return this == OBJECT ? idSize : primitiveSize;
    }

    /** Bytes of a value in the live heap. */
    public int heapSize(HprofLayout layout) {
        return this == OBJECT ? layout.referenceBytes() : primitiveSize;
    }
}
