package dev.heaplens.format.gclog;

/**
 * What a unified-logging message is to {@link UnifiedLogParser}, told from its first bytes. The
 * parser acts on these kinds only, so a line of kind {@link #NONE} (most lines of a debug-level
 * log: phase timings, worker statistics) can be dropped before anything else is read from it,
 * on whichever thread meets it.
 */
enum MessageKind {
    NONE,
    // messages under a GC id ("GC(12) ...")
    PAUSE("Pause "),
    PS_YOUNG_GEN("PSYoungGen: "),
    PAR_OLD_GEN("ParOldGen: "),
    PAR_NEW("ParNew: "),
    DEF_NEW("DefNew: "),
    TENURED("Tenured: "),
    TO_SPACE_EXHAUSTED("To-space exhausted"),
    OLD_REGIONS("Old regions: "),
    HUMONGOUS_REGIONS("Humongous regions: "),
    METASPACE("Metaspace: "),
    MINOR_COLLECTION("Minor Collection ("),
    MAJOR_COLLECTION("Major Collection ("),
    GARBAGE_COLLECTION("Garbage Collection ("),
    G1_MARK_CYCLE("Concurrent Mark Cycle"),
    G1_UNDO_CYCLE("Concurrent Undo Cycle"),
    /** Any other concurrent phase: Shenandoah's are its cycles' parts (the parser decides by collector). */
    CONCURRENT_PHASE("Concurrent "),
    EVACUATION_FAILURE("Evacuation Failure"),
    // messages without a GC id
    USING("Using "),
    VERSION("Version: "),
    REGION_SIZE("Heap Region Size: "),
    REGION_SIZE_LOWER("Heap region size: "),
    ALLOCATION_STALL("Allocation Stall ("),
    RELOCATION_STALL("Relocation Stall (");

    private final byte[] prefix;

    MessageKind(String prefix) {
        this.prefix = Ascii.bytes(prefix);
    }

    MessageKind() {
        this.prefix = new byte[0];
    }

    /** The length of the prefix that tells this kind. */
    int prefixLength() {
        return prefix.length;
    }

    private boolean at(byte[] b, int p, int to) {
        return Ascii.startsWith(b, p, to, prefix);
    }

    /** The kind of a message that follows "GC(n) " (and generational ZGC's "y: " and the like), at {@code p < to}. */
    static MessageKind ofGcMessage(byte[] b, int p, int to) {
        return switch (b[p]) {
            case 'P' -> PAUSE.at(b, p, to) ? PAUSE
                    : PS_YOUNG_GEN.at(b, p, to) ? PS_YOUNG_GEN
                    : PAR_OLD_GEN.at(b, p, to) ? PAR_OLD_GEN
                    : PAR_NEW.at(b, p, to) ? PAR_NEW : NONE;
            case 'D' -> DEF_NEW.at(b, p, to) ? DEF_NEW : NONE;
            case 'T' -> TENURED.at(b, p, to) ? TENURED : TO_SPACE_EXHAUSTED.at(b, p, to) ? TO_SPACE_EXHAUSTED : NONE;
            case 'O' -> OLD_REGIONS.at(b, p, to) ? OLD_REGIONS : NONE;
            case 'H' -> HUMONGOUS_REGIONS.at(b, p, to) ? HUMONGOUS_REGIONS : NONE;
            case 'M' -> METASPACE.at(b, p, to) ? METASPACE
                    : MINOR_COLLECTION.at(b, p, to) ? MINOR_COLLECTION
                    : MAJOR_COLLECTION.at(b, p, to) ? MAJOR_COLLECTION : NONE;
            case 'G' -> GARBAGE_COLLECTION.at(b, p, to) ? GARBAGE_COLLECTION : NONE;
            case 'C' -> G1_MARK_CYCLE.at(b, p, to) ? G1_MARK_CYCLE
                    : G1_UNDO_CYCLE.at(b, p, to) ? G1_UNDO_CYCLE
                    : CONCURRENT_PHASE.at(b, p, to) ? CONCURRENT_PHASE : NONE;
            case 'E' -> EVACUATION_FAILURE.at(b, p, to) ? EVACUATION_FAILURE : NONE;
            default -> NONE;
        };
    }

    /** The kind of a message without a GC id, at {@code p < to}. */
    static MessageKind ofOtherMessage(byte[] b, int p, int to) {
        return switch (b[p]) {
            case 'U' -> USING.at(b, p, to) ? USING : NONE;
            case 'V' -> VERSION.at(b, p, to) ? VERSION : NONE;
            case 'H' -> REGION_SIZE.at(b, p, to) ? REGION_SIZE : REGION_SIZE_LOWER.at(b, p, to) ? REGION_SIZE_LOWER : NONE;
            case 'A' -> ALLOCATION_STALL.at(b, p, to) ? ALLOCATION_STALL : NONE;
            case 'R' -> RELOCATION_STALL.at(b, p, to) ? RELOCATION_STALL : NONE;
            default -> NONE;
        };
    }
}
