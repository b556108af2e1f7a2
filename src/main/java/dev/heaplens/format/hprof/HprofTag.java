package dev.heaplens.format.hprof;

/** Top-level HPROF record tags. Records with other tags are skipped by their length. */
public enum HprofTag {
    UTF8(0x01),
    LOAD_CLASS(0x02),
    UNLOAD_CLASS(0x03),
    STACK_FRAME(0x04),
    STACK_TRACE(0x05),
    ALLOC_SITES(0x06),
    HEAP_SUMMARY(0x07),
    START_THREAD(0x0A),
    END_THREAD(0x0B),
    HEAP_DUMP(0x0C),
    CPU_SAMPLES(0x0D),
    CONTROL_SETTINGS(0x0E),
    HEAP_DUMP_SEGMENT(0x1C),
    HEAP_DUMP_END(0x2C);

    private static final HprofTag[] BY_CODE = new HprofTag[256];

    static {
        for (HprofTag t : values()) {
            BY_CODE[t.code] = t;
        }
    }

    public final int code;

    HprofTag(int code) {
        this.code = code;
    }

    /** The tag with this code, or null for a tag this reader does not know (and skips). */
    public static HprofTag of(int code) {
        return BY_CODE[code & 0xFF];
    }
}
