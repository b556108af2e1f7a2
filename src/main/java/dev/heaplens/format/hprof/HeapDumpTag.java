package dev.heaplens.format.hprof;

/** Heap dump sub-record tags that are not GC roots (those are {@link RootKind}). */
public enum HeapDumpTag {
    CLASS_DUMP(0x20),
    INSTANCE_DUMP(0x21),
    OBJECT_ARRAY_DUMP(0x22),
    PRIMITIVE_ARRAY_DUMP(0x23),
    /** Android: a primitive array whose contents were left out. */
    PRIMITIVE_ARRAY_NODATA(0xC3),
    /** Android: which heap (app, image, zygote) the following objects belong to. */
    HEAP_DUMP_INFO(0xFE);

    private static final HeapDumpTag[] BY_CODE = new HeapDumpTag[256];

    static {
        for (HeapDumpTag t : values()) {
            BY_CODE[t.code] = t;
        }
    }

    public final int code;

    HeapDumpTag(int code) {
        this.code = code;
    }

    /** The tag with this code, or null (a root kind or an unknown tag). */
    public static HeapDumpTag of(int code) {
        return BY_CODE[code & 0xFF];
    }
}
