package dev.heaplens.format.gclog;

import dev.heaplens.gc.GcEventType;

/**
 * Shenandoah logs a cycle as a run of phase lines under one GC id ("Concurrent marking 1.2ms",
 * "Pause Final Mark 0.1ms", ...) and no line that ends it. A cycle is closed when another GC id
 * starts (or the log ends); its time runs from its first phase's start to its last one's end
 * (the bean's interval), its heap the first and last
 * "Concurrent cleanup BEFORE->AFTER(CAPACITY)".
 */
final class ShenandoahCycles {
    private final UnifiedLogParser parser;
    private final int[] pos = new int[1];
    private final long[] sizes = new long[3];
    private int id = -1;
    private long sum;
    /** When the cycle's first phase started: its start line's time, or its end less its duration. */
    private long first;
    private long end;
    private long before;
    private long after;
    private long capacity;
    private String kind;

    ShenandoahCycles(UnifiedLogParser parser) {
        this.parser = parser;
    }

    void phase(byte[] b, int p, int to, int gcId, long time, boolean pause) {
        int start = to;
        while (start > p && b[start - 1] != ' ') {
            start--;
        }
        long micros = Ascii.durationMicros(b, start, to);
        if (gcId != id) {
            flush();
            id = gcId;
            first = micros == Ascii.NONE ? time : time - micros; // a start line, or an end line with its time
            sum = 0;
            end = first;
            before = -1;
            after = -1;
            capacity = -1;
            kind = "Shenandoah cycle";
        }
        if (micros == Ascii.NONE) {
            return; // a phase's start line
        }
        sum += micros;
        end = time;
        if (pause && Ascii.startsWith(b, p, to, "Pause Degenerated")) {
            kind = "Degenerated GC";
        } else if (pause && Ascii.startsWith(b, p, to, "Pause Full")) {
            kind = "Full GC";
        }
        if (pause || Ascii.startsWith(b, p, to, "Concurrent cleanup")) {
            int heap = start - 2;
            while (heap > p && b[heap] != ' ') {
                heap--;
            }
            pos[0] = heap + 1;
            if (Ascii.transition(b, pos, start - 1, sizes)) {
                if (before < 0) {
                    before = sizes[0];
                }
                after = sizes[1];
                capacity = sizes[2] == Ascii.NONE ? -1 : sizes[2];
            }
        }
    }

    /**
     * Emits the open cycle, if any, as one event counted by "Shenandoah Cycles". Its time is from
     * its first phase's start to its last phase's end, gaps between phases included, as the bean
     * times the cycle; a log without time stamps has only the phases' sum.
     */
    void flush() {
        if (id >= 0 && parser.collector == Collector.SHENANDOAH) {
            long micros = end > first ? Math.max(sum, end - first) : sum;
            parser.add(end, micros, GcEventType.CYCLE, BeanRole.CYCLES, kind, before, after, capacity, id);
        }
        id = -1;
    }
}
