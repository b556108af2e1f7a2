package dev.heaplens.gc;

/** What one logged GC event was. Pauses stop the application; cycles and stalls are concurrent. */
public enum GcEventType {
    /** A young (minor) pause: G1 Normal/Concurrent Start/Prepare Mixed, PS Scavenge, Copy, ParNew. */
    YOUNG(true),
    /** A G1 mixed pause (young plus some old regions). */
    MIXED(true),
    /** A full, stop-the-world collection of the whole heap. */
    FULL(true),
    /** G1's (or CMS's) remark pause of a concurrent cycle. */
    REMARK(true),
    /** G1's cleanup pause of a concurrent cycle. */
    CLEANUP(true),
    /** Another pause of a concurrent collector (ZGC, Shenandoah, CMS initial mark, degenerated GC). */
    PAUSE(true),
    /** A concurrent cycle (G1 concurrent mark, a ZGC or Shenandoah collection, a CMS cycle). */
    CYCLE(false),
    /** A thread stalled waiting for memory (ZGC allocation or relocation stall). */
    STALL(false);

    private final boolean pause;

    GcEventType(boolean pause) {
        this.pause = pause;
    }

    public boolean isPause() {
        return pause;
    }

    /** A short label, as reports and their JSON name the kind: "young", "mixed", "full"... */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    private static final GcEventType[] VALUES = values();

    public static GcEventType of(int ordinal) {
        return VALUES[ordinal];
    }
}
