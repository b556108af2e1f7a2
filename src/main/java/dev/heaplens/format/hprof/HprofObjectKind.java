package dev.heaplens.format.hprof;

/** The kind byte of HPROF objects in the heap graph ({@link #code()} is stored). */
public enum HprofObjectKind {
    INSTANCE,
    OBJECT_ARRAY,
    PRIMITIVE_ARRAY,
    CLASS;

    private static final HprofObjectKind[] VALUES = values();

    public byte code() {
        return (byte) ordinal();
    }

    public static HprofObjectKind of(byte code) {
        return VALUES[code];
    }
}
