package dev.heaplens.format.hprof;

/**
 * GC root sub-records of a heap dump. Each is the rooted object's id followed by
 * {@code extraIds} more ids and {@code extraU4s} u4 values (thread serials, frame numbers) that the
 * graph does not need.
 */
public enum RootKind {
    UNKNOWN(0xFF, "unknown", 0, 0),
    JNI_GLOBAL(0x01, "JNI global", 1, 0),
    JNI_LOCAL(0x02, "JNI local", 0, 2),
    JAVA_FRAME(0x03, "Java frame", 0, 2),
    NATIVE_STACK(0x04, "native stack", 0, 1),
    STICKY_CLASS(0x05, "sticky class", 0, 0),
    THREAD_BLOCK(0x06, "thread block", 0, 1),
    MONITOR_USED(0x07, "monitor used", 0, 0),
    THREAD_OBJECT(0x08, "thread object", 0, 2),
    // Android extensions.
    INTERNED_STRING(0x89, "interned string", 0, 0),
    FINALIZING(0x8A, "finalizing", 0, 0),
    DEBUGGER(0x8B, "debugger", 0, 0),
    REFERENCE_CLEANUP(0x8C, "reference cleanup", 0, 0),
    VM_INTERNAL(0x8D, "VM internal", 0, 0),
    JNI_MONITOR(0x8E, "JNI monitor", 0, 2),
    /** Android marks objects no root reaches with this; it keeps nothing alive. */
    UNREACHABLE(0x90, "unreachable", 0, 0);

    private static final RootKind[] BY_CODE = new RootKind[256];

    static {
        for (RootKind k : values()) {
            BY_CODE[k.code] = k;
        }
    }

    public final int code;
    /** The root category name given to the heap graph. */
    public final String label;
    final int extraIds;
    final int extraU4s;

    RootKind(int code, String label, int extraIds, int extraU4s) {
        this.code = code;
        this.label = label;
        this.extraIds = extraIds;
        this.extraU4s = extraU4s;
    }

    /** Whether the object it names is held by the VM (all kinds but Android's "unreachable" marker). */
    public boolean keepsAlive() {
        return this != UNREACHABLE;
    }

    /** The root kind with this sub-record tag, or null when the tag is not a root. */
    public static RootKind of(int code) {
        return BY_CODE[code & 0xFF];
    }
}
