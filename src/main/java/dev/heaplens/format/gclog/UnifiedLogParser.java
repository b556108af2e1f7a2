package dev.heaplens.format.gclog;

import dev.heaplens.gc.GcEventDetails;
import dev.heaplens.gc.GcEventType;
import dev.heaplens.gc.GcEvents;

/**
 * Reads JDK 9+ unified logging ({@code -Xlog:gc}, {@code gc*}, {@code gc*=debug}) line by line into
 * {@link GcEvents}. It relies on the messages alone, not on the tags decorator (which may be
 * absent): an event is the line that ends a pause or cycle (it carries the duration); the
 * sizes logged just before it under the same GC id are attached to it.
 *
 * <p>Lines that matter are recognised by their first bytes ({@link LineShape}); every other line
 * costs a bracket scan and a byte compare, and may be dropped before it reaches the parser.
 */
final class UnifiedLogParser implements LineSink {
    private static final int SLOTS = 256;

    private final GcEventDetails details;
    private final Decorators deco = new Decorators();
    private final LineShape shape = new LineShape();
    private final int[] pos = new int[1];
    private final long[] sizes = new long[3];
    private final GcPending pending = new GcPending(SLOTS);
    private final ShenandoahCycles shenandoah;

    Collector collector = Collector.UNKNOWN;
    private boolean collectorFromUsing;
    int jdk = -1;
    private long regionBytes = -1;
    /** Null until the first timed line: then whether uptime (true) or wall clock (false) is used. */
    Boolean uptimeClock;
    long evacuationFailures;
    int firstGcId = -1;
    boolean sawUsingLine;
    long unmatched;
    /** Pause lines that end a pause but whose duration could not be read: counted, never guessed. */
    long notUnderstood;
    String firstNotUnderstood;
    private final RoledEvents roled;
    private int openMinorCollections;
    /** The last event if it is a full GC: a young pause under its GC id may end around it. */
    private int lastFull = -1;

    UnifiedLogParser(GcEvents events, GcEventDetails details) {
        this.roled = new RoledEvents(events);
        this.details = details;
        this.shenandoah = new ShenandoahCycles(this);
    }

    @Override
    public void line(byte[] b, int from, int to) {
        LineShape s = shape;
        if (!s.scan(b, from, to)) {
            return;
        }
        if (s.gcId >= 0 && firstGcId < 0) {
            firstGcId = s.gcId;
        }
        if (s.kind == MessageKind.NONE) {
            return;
        }
        deco.parse(b, from, to);
        int p = s.body;
        int id = s.gcId;
        switch (s.kind) {
            case PAUSE -> pause(b, p, to, id, s.generation);
            case PS_YOUNG_GEN -> inferCollector(Collector.PARALLEL);
            case PAR_OLD_GEN -> {
                inferCollector(Collector.PARALLEL);
                oldGeneration(b, p + s.kind.prefixLength(), to, id, 1);
            }
            case PAR_NEW -> inferCollector(Collector.CMS);
            case DEF_NEW -> inferCollector(Collector.SERIAL);
            case TENURED -> {
                inferCollector(Collector.SERIAL);
                oldGeneration(b, p + s.kind.prefixLength(), to, id, 1);
            }
            case TO_SPACE_EXHAUSTED, EVACUATION_FAILURE -> evacuationFailures++;
            case OLD_REGIONS -> {
                inferCollector(Collector.G1);
                oldGeneration(b, p + s.kind.prefixLength(), to, id, regionBytes);
            }
            case HUMONGOUS_REGIONS -> {
                pos[0] = p + s.kind.prefixLength();
                Ascii.decimal(b, pos, to, 0);
                if (pos[0] + 2 < to && b[pos[0]] == '-' && b[pos[0] + 1] == '>') {
                    pos[0] += 2;
                    long after = Ascii.decimal(b, pos, to, 0);
                    if (after != Ascii.NONE && regionBytes > 0) {
                        pending.slot(id).humongous = after * regionBytes;
                    }
                }
            }
            case METASPACE -> {
                pos[0] = p + s.kind.prefixLength();
                if (Ascii.transition(b, pos, to, sizes)) {
                    pending.slot(id).metaspace = sizes[1];
                }
            }
            case MINOR_COLLECTION -> zgcCycle(b, p, to, id, BeanRole.MINOR_CYCLES);
            case MAJOR_COLLECTION -> zgcCycle(b, p, to, id, BeanRole.MAJOR_CYCLES);
            case GARBAGE_COLLECTION -> zgcCycle(b, p, to, id, BeanRole.CYCLES);
            case G1_MARK_CYCLE, G1_UNDO_CYCLE -> g1Cycle(b, p, to, id);
            case CONCURRENT_PHASE -> {
                if (collector == Collector.SHENANDOAH || collector == Collector.UNKNOWN) {
                    shenandoah.phase(b, p, to, id, lineTime(), false);
                }
            }
            case USING -> {
                Collector c = Collector.fromUsing(Ascii.text(b, p + s.kind.prefixLength(), to));
                if (c != Collector.UNKNOWN) {
                    if (!(c == Collector.ZGC && collector == Collector.ZGC_GENERATIONAL)) {
                        collector = c;
                    }
                    collectorFromUsing = true;
                    sawUsingLine = true;
                }
            }
            case VERSION -> {
                pos[0] = p + s.kind.prefixLength();
                long feature = Ascii.decimal(b, pos, to, 0);
                if (feature != Ascii.NONE) {
                    jdk = (int) feature;
                }
            }
            case REGION_SIZE, REGION_SIZE_LOWER -> {
                pos[0] = p + s.kind.prefixLength();
                long size = Ascii.size(b, pos, to);
                if (size != Ascii.NONE) {
                    regionBytes = size;
                }
            }
            case ALLOCATION_STALL, RELOCATION_STALL -> stall(b, p, to);
            default -> {
            }
        }
    }

    /**
     * Keeps, of one part of a log read on its own thread, the lines {@link #line} acts on, and the
     * part's first line under a GC id (which tells whether the log's first lines are missing).
     */
    static final class PartFilter implements ParallelLines.Filter {
        private final LineShape shape = new LineShape();
        private boolean sawGcId;

        @Override
        public boolean keep(byte[] b, int from, int limit) {
            if (!shape.scan(b, from, limit)) {
                return false;
            }
            if (shape.kind != MessageKind.NONE) {
                return true;
            }
            if (shape.gcId >= 0 && !sawGcId) {
                sawGcId = true;
                return true;
            }
            return false;
        }

        @Override
        public int scanned() {
            return shape.scanned;
        }
    }

    /** The line's time in the log's clock (chosen from the first timed line), or 0 when it has none. */
    long lineTime() {
        if (uptimeClock == null) {
            if (deco.hasUptime()) {
                uptimeClock = Boolean.TRUE;
            } else if (deco.hasWall()) {
                uptimeClock = Boolean.FALSE;
            } else {
                return 0;
            }
        }
        long t = uptimeClock ? deco.uptimeMicros() : deco.wallMicros();
        return t == Ascii.NONE ? 0 : t;
    }

    private void pause(byte[] b, int p, int to, int id, char generation) {
        int durationStart = lastTokenStart(b, p, to);
        long micros = Ascii.durationMicros(b, durationStart, to);
        if (micros == Ascii.NONE) {
            if (Ascii.indexOf(b, p, to, "->") >= 0 || durationStart < to && Ascii.isDigit(b[durationStart])) {
                // heap sizes or a figure where the duration should be: an end line heaplens cannot read
                notUnderstood(b, p, to);
            }
            return; // else the start line of a pause
        }
        int nameEnd = durationStart - 1;
        long before = -1;
        long after = -1;
        long capacity = -1;
        int heapStart = lastTokenStart(b, p, nameEnd);
        pos[0] = heapStart;
        if (Ascii.transition(b, pos, nameEnd, sizes) && pos[0] == nameEnd) {
            before = sizes[0];
            after = sizes[1];
            capacity = sizes[2] == Ascii.NONE ? -1 : sizes[2];
            nameEnd = heapStart - 1;
        }
        PauseName name = PauseName.parse(b, p, nameEnd);
        if (name.evacuationFailure()) {
            evacuationFailures++;
        }
        GcEventType type = name.type();
        BeanRole role = name.role();
        if (name.shenandoah()) {
            inferCollector(Collector.SHENANDOAH);
        } else if (name.g1()) {
            inferCollector(Collector.G1);
        } else if (name.zgc()) {
            inferCollector(generation != 0 ? Collector.ZGC_GENERATIONAL : Collector.ZGC);
        } else if (type == GcEventType.YOUNG || type == GcEventType.FULL) {
            inferCollector(Collector.SERIAL_OR_PARALLEL);
        }
        if (name.zgc() && generation != 0) {
            // a pause counts as minor while a minor collection runs (the JVM counts it under the running driver)
            role = generation == 'y' || openMinorCollections > 0 ? BeanRole.MINOR_PAUSES : BeanRole.MAJOR_PAUSES;
        }
        if (collector == Collector.SHENANDOAH) {
            role = BeanRole.PAUSES;
        }
        long time = lineTime();
        if (type == GcEventType.YOUNG && id >= 0 && lastFull >= 0 && roled.events.gcId(lastFull) == id) {
            // Serial and CMS (JDK 9-17): a young collection that fell back to a full one ends after
            // it under the same GC id; one stop: the full GC, timed from the young's start to its end
            roled.events.setEnd(lastFull, time, micros);
            roled.events.setHeap(lastFull, before, after, capacity);
            lastFull = -1;
            return;
        }
        int e = add(time, micros, type, role, name.cause(), before, after, capacity, id);
        lastFull = type == GcEventType.FULL ? e : -1;
        // a ZGC or Shenandoah pause is one phase of a cycle: the slot stays for the cycle's end
        GcPending.Slot slot = type == GcEventType.PAUSE ? null : pending.take(id);
        if (slot != null) {
            details.set(e, slot.oldBefore, slot.oldAfter, slot.metaspace, slot.humongous);
        }
        if (collector == Collector.SHENANDOAH) {
            shenandoah.phase(b, p, to, id, time, true);
        }
    }

    private void notUnderstood(byte[] b, int from, int to) {
        if (notUnderstood++ == 0) {
            firstNotUnderstood = Ascii.text(b, from, Math.min(to, from + 120));
        }
    }

    private void g1Cycle(byte[] b, int p, int to, int id) {
        int durationStart = lastTokenStart(b, p, to);
        long micros = Ascii.durationMicros(b, durationStart, to);
        inferCollector(Collector.G1);
        if (micros != Ascii.NONE) {
            String kind = b[p + 11] == 'U' ? "Concurrent Undo Cycle" : "Concurrent Mark Cycle";
            add(lineTime(), micros, GcEventType.CYCLE, BeanRole.NONE, kind, -1, -1, -1, id);
        }
    }

    /** ZGC's "Garbage Collection (cause) ..." and generational ZGC's "Minor/Major Collection (cause) ...". */
    private void zgcCycle(byte[] b, int p, int to, int id, BeanRole role) {
        inferCollector(role == BeanRole.CYCLES ? Collector.ZGC : Collector.ZGC_GENERATIONAL);
        int open = Ascii.indexOf(b, p, to, "(");
        int close = Ascii.indexOf(b, open, to, ") ");
        boolean end = close > 0 && Ascii.indexOf(b, close, to, "->") > 0;
        if (close < 0) {
            close = to - 1; // "Garbage Collection (Warmup)" ends the line
        }
        GcPending.Slot slot = pending.slot(id);
        if (!end) {
            slot.start = lineTime();
            if (role == BeanRole.MINOR_CYCLES) {
                openMinorCollections++;
            }
            return;
        }
        if (role == BeanRole.MINOR_CYCLES && openMinorCollections > 0) {
            openMinorCollections--;
        }
        pos[0] = close + 2;
        long before = -1;
        long after = -1;
        if (Ascii.transition(b, pos, to, sizes)) {
            before = sizes[0];
            after = sizes[1];
        }
        long time = lineTime();
        long micros = Ascii.NONE;
        if (pos[0] < to && b[pos[0]] == ' ') {
            micros = Ascii.durationMicros(b, pos[0] + 1, to);
        }
        if (micros == Ascii.NONE) {
            micros = slot.start == Long.MIN_VALUE ? -1 : time - slot.start; // JDK 17 logs no cycle time
        }
        String cause = Ascii.text(b, open + 1, close);
        int e = add(time, micros, GcEventType.CYCLE, role, cause, before, after, -1, id);
        GcPending.Slot done = pending.take(id);
        if (done != null) {
            details.set(e, -1, -1, done.metaspace, -1);
        }
    }

    private void stall(byte[] b, int p, int to) {
        int durationStart = lastTokenStart(b, p, to);
        long micros = Ascii.durationMicros(b, durationStart, to);
        if (micros == Ascii.NONE) {
            return;
        }
        String what = b[p] == 'A' ? "Allocation Stall" : "Relocation Stall";
        add(lineTime(), micros, GcEventType.STALL, BeanRole.NONE, what, -1, -1, -1, -1);
    }

    private void oldGeneration(byte[] b, int p, int to, int id, long unitBytes) {
        pos[0] = p;
        if (unitBytes == 1) {
            if (Ascii.transition(b, pos, to, sizes)) {
                GcPending.Slot s = pending.slot(id);
                s.oldBefore = sizes[0];
                s.oldAfter = sizes[1];
            }
            return;
        }
        long before = Ascii.decimal(b, pos, to, 0);
        if (before == Ascii.NONE || pos[0] + 2 >= to || b[pos[0]] != '-' || b[pos[0] + 1] != '>' || unitBytes <= 0) {
            return;
        }
        pos[0] += 2;
        long after = Ascii.decimal(b, pos, to, 0);
        if (after != Ascii.NONE) {
            GcPending.Slot s = pending.slot(id);
            s.oldBefore = before * unitBytes;
            s.oldAfter = after * unitBytes;
        }
    }

    int add(long time, long micros, GcEventType type, BeanRole role, String cause, long before, long after,
            long capacity, int id) {
        return roled.add(time, micros, type, role, cause, before, after, capacity, id);
    }

    void inferCollector(Collector seen) {
        if (collector == seen || collectorFromUsing && collector != Collector.ZGC) {
            return;
        }
        if (collector == Collector.UNKNOWN || collector == Collector.SERIAL_OR_PARALLEL
                || collector == Collector.ZGC && seen == Collector.ZGC_GENERATIONAL) {
            if (seen != Collector.SERIAL_OR_PARALLEL || collector == Collector.UNKNOWN) {
                collector = seen;
            }
        }
    }

    /** Ends open cycles and names each event's bean now that the collector is known. */
    void finish() {
        shenandoah.flush();
        roled.nameBeans(collector, jdk);
    }

    private static int lastTokenStart(byte[] b, int from, int to) {
        int i = to;
        while (i > from && b[i - 1] != ' ') {
            i--;
        }
        return i;
    }
}
