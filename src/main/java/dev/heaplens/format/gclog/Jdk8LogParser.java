package dev.heaplens.format.gclog;

import dev.heaplens.gc.GcEventDetails;
import dev.heaplens.gc.GcEventType;
import dev.heaplens.gc.GcEvents;

/**
 * Reads JDK 8 {@code -XX:+PrintGCDetails} logs (with {@code -XX:+PrintGCDateStamps} and/or
 * {@code -XX:+PrintGCTimeStamps}) of the Parallel, Serial, CMS and G1 collectors:
 * <pre>
 * 2024-05-01T12:00:00.123+0000: 0.456: [GC (Allocation Failure) [PSYoungGen: 65536K-&gt;10720K(76288K)] 65536K-&gt;10728K(251392K), 0.0123456 secs] [Times: ...]
 * 2024-05-01T12:00:01.000+0000: 1.000: [GC pause (G1 Evacuation Pause) (young), 0.0050000 secs]
 *    [Eden: 24.0M(24.0M)-&gt;0.0B(20.0M) Survivors: 0.0B-&gt;3072.0K Heap: 24.0M(256.0M)-&gt;4096.0K(256.0M)]
 * </pre>
 * A line is an event when it has a pause's opening ("[GC (", "[Full GC (", "[GC pause (", "[GC remark",
 * "[GC cleanup"); its duration is the last "N secs]" before "[Times:", its heap the transition not
 * labelled by a generation ("[PSYoungGen: ", "[CMS: "...). G1 gives the heap on a later "[Eden:" line.
 */
final class Jdk8LogParser implements LineSink {
    private final GcEvents events;
    private final GcEventDetails details;
    private final RoledEvents roled;
    private final int[] pos = new int[1];
    private final long[] sizes = new long[3];
    private Collector collector = Collector.UNKNOWN;
    boolean wallClock;
    private Boolean uptime;
    long evacuationFailures;
    long skipped;
    private int lastG1Pause = -1;
    private int nextId;

    Jdk8LogParser(GcEvents events, GcEventDetails details) {
        this.events = events;
        this.details = details;
        this.roled = new RoledEvents(events);
    }

    String collector() {
        return collector.displayName;
    }

    @Override
    public void line(byte[] b, int from, int to) {
        if (Ascii.startsWith(b, from, to, "CommandLine flags: ")) {
            flags(b, from, to);
            return;
        }
        int end = Ascii.indexOf(b, from, to, "[Times:");
        if (end < 0) {
            end = to;
        }
        int open;
        if ((open = Ascii.indexOf(b, from, end, "[GC pause (")) >= 0) {
            g1Pause(b, from, open, end);
        } else if ((open = Ascii.indexOf(b, from, end, "[Full GC (")) >= 0) {
            pause(b, from, open, end, GcEventType.FULL, BeanRole.OLD, open + 9);
        } else if ((open = Ascii.indexOf(b, from, end, "[GC (CMS Initial Mark)")) >= 0) {
            pause(b, from, open, end, GcEventType.PAUSE, BeanRole.CONCURRENT, open + 4);
        } else if ((open = Ascii.indexOf(b, from, end, "[GC (CMS Final Remark)")) >= 0) {
            pause(b, from, open, end, GcEventType.REMARK, BeanRole.CONCURRENT, open + 4);
        } else if ((open = Ascii.indexOf(b, from, end, "[GC (")) >= 0) {
            pause(b, from, open, end, GcEventType.YOUNG, BeanRole.YOUNG, open + 4);
        } else if ((open = Ascii.indexOf(b, from, end, "[GC remark")) >= 0) {
            infer(Collector.G1);
            pause(b, from, open, end, GcEventType.REMARK, BeanRole.CONCURRENT, -1);
        } else if ((open = Ascii.indexOf(b, from, end, "[GC cleanup")) >= 0) {
            infer(Collector.G1);
            pause(b, from, open, end, GcEventType.CLEANUP, BeanRole.CONCURRENT, -1);
        } else if (lastG1Pause >= 0 && (open = Ascii.indexOf(b, from, to, "[Eden: ")) >= 0) {
            int heap = Ascii.indexOf(b, open, to, "Heap: ");
            pos[0] = heap + 6;
            if (heap > 0 && Ascii.transition(b, pos, to, sizes)) {
                events.setHeap(lastG1Pause, sizes[0], sizes[1], sizes[2] == Ascii.NONE ? -1 : sizes[2]);
            }
            lastG1Pause = -1;
        } else if (Ascii.indexOf(b, from, to, "(to-space exhausted)") >= 0 || Ascii.indexOf(b, from, to, "(to-space overflow)") >= 0) {
            evacuationFailures++;
        }
    }

    private void flags(byte[] b, int from, int to) {
        if (Ascii.indexOf(b, from, to, "-XX:+UseG1GC") >= 0) {
            collector = Collector.G1;
        } else if (Ascii.indexOf(b, from, to, "-XX:+UseConcMarkSweepGC") >= 0) {
            collector = Collector.CMS;
        } else if (Ascii.indexOf(b, from, to, "-XX:+UseParallelGC") >= 0 || Ascii.indexOf(b, from, to, "-XX:+UseParallelOldGC") >= 0) {
            collector = Collector.PARALLEL;
        } else if (Ascii.indexOf(b, from, to, "-XX:+UseSerialGC") >= 0) {
            collector = Collector.SERIAL;
        }
    }

    private void g1Pause(byte[] b, int from, int open, int end) {
        infer(Collector.G1);
        String cause = group(b, open + 10, end);
        boolean mixed = Ascii.indexOf(b, open, end, "(mixed)") >= 0;
        if (Ascii.indexOf(b, open, end, "(to-space exhausted)") >= 0) {
            evacuationFailures++;
        }
        long micros = duration(b, open, end);
        if (micros == Ascii.NONE) {
            skipped++;
            return;
        }
        lastG1Pause = roled.add(time(b, from, open), micros, mixed ? GcEventType.MIXED : GcEventType.YOUNG, BeanRole.YOUNG,
                cause, -1, -1, -1, nextId++);
    }

    /** @param causeAt where "(cause)" starts, or -1 */
    private void pause(byte[] b, int from, int open, int end, GcEventType type, BeanRole role, int causeAt) {
        long micros = duration(b, open, end);
        if (micros == Ascii.NONE) {
            skipped++;
            return;
        }
        String cause = causeAt >= 0 ? group(b, causeAt, end) : type == GcEventType.REMARK ? "Pause Remark" : "Pause Cleanup";
        long[] heap = {-1, -1, -1};
        long[] old = {-1, -1};
        long metaspace = -1;
        for (int p = open; (p = Ascii.indexOf(b, p, end, "->")) >= 0; p += 2) {
            int start = p;
            while (start > open && (Ascii.isDigit(b[start - 1]) || b[start - 1] == '.' || b[start - 1] == 'K'
                    || b[start - 1] == 'M' || b[start - 1] == 'G' || b[start - 1] == 'B')) {
                start--;
            }
            pos[0] = start;
            if (!Ascii.transition(b, pos, end, sizes)) {
                continue;
            }
            String label = label(b, open, start);
            switch (label) {
                case "" -> {
                    heap[0] = sizes[0];
                    heap[1] = sizes[1];
                    heap[2] = sizes[2] == Ascii.NONE ? -1 : sizes[2];
                }
                case "PSYoungGen" -> infer(Collector.PARALLEL);
                case "DefNew" -> infer(Collector.SERIAL);
                case "ParNew" -> infer(Collector.CMS);
                case "ParOldGen", "PSOldGen", "Tenured", "CMS" -> {
                    infer(label.equals("CMS") ? Collector.CMS : label.equals("Tenured") ? Collector.SERIAL : Collector.PARALLEL);
                    old[0] = sizes[0];
                    old[1] = sizes[1];
                }
                case "Metaspace" -> metaspace = sizes[1];
                default -> {
                }
            }
        }
        int e = roled.add(time(b, from, open), micros, type, role, cause, heap[0], heap[1], heap[2], nextId++);
        details.set(e, old[0], old[1], metaspace, -1);
        if (collector == Collector.G1 && type == GcEventType.FULL) {
            lastG1Pause = heap[0] < 0 ? e : -1; // G1's full GC gives its heap on the next line
        }
    }

    /** The generation label right before a transition ("[PSYoungGen: " gives PSYoungGen), or "" for the whole heap. */
    private static String label(byte[] b, int from, int transition) {
        int p = transition;
        if (p >= 2 && b[p - 1] == ' ' && b[p - 2] == ':') {
            int end = p - 2;
            int start = end;
            while (start > from && b[start - 1] != '[' && b[start - 1] != ' ') {
                start--;
            }
            return Ascii.text(b, start, end);
        }
        return "";
    }

    /** The text of the parenthesised group at {@code at} (skipping spaces), or null. */
    private static String group(byte[] b, int at, int end) {
        while (at < end && b[at] == ' ') {
            at++;
        }
        if (at >= end || b[at] != '(') {
            return null;
        }
        int depth = 0;
        for (int i = at; i < end; i++) {
            if (b[i] == '(') {
                depth++;
            } else if (b[i] == ')' && --depth == 0) {
                return Ascii.text(b, at + 1, i);
            }
        }
        return null;
    }

    /** The last "N.NNN secs]" before {@code end}, in microseconds. */
    private static long duration(byte[] b, int from, int end) {
        int secs = -1;
        for (int p = from; (p = Ascii.indexOf(b, p, end, " secs]")) >= 0; p += 6) {
            secs = p;
        }
        if (secs < 0) {
            return Ascii.NONE;
        }
        int start = secs;
        while (start > from && (Ascii.isDigit(b[start - 1]) || b[start - 1] == '.' || b[start - 1] == ',')) {
            start--;
        }
        int[] pos = {start};
        long micros = Ascii.decimal(b, pos, secs, 6);
        return pos[0] == secs ? micros : Ascii.NONE;
    }

    private long time(byte[] b, int from, int open) {
        long up = Ascii.NONE;
        long wall = Ascii.NONE;
        int p = from;
        while (p < open) {
            int colon = Ascii.indexOf(b, p, open, ": ");
            if (colon < 0) {
                break;
            }
            if (colon - p >= 19 && b[p + 4] == '-' && b[p + 10] == 'T') {
                wall = IsoTime.epochMicros(b, p, colon);
            } else {
                int[] q = {p};
                long v = Ascii.decimal(b, q, colon, 6);
                if (v != Ascii.NONE && q[0] == colon) {
                    up = v;
                }
            }
            p = colon + 2;
        }
        if (uptime == null && (up != Ascii.NONE || wall != Ascii.NONE)) {
            uptime = up != Ascii.NONE;
            wallClock = !uptime;
        }
        long t = Boolean.TRUE.equals(uptime) ? up : wall;
        return t == Ascii.NONE ? 0 : t;
    }

    /** The first timestamp of a line (for ordering rotated files), or NONE. */
    static long lineTime(byte[] b, int from, int to) {
        Jdk8LogParser p = new Jdk8LogParser(new GcEvents(), new GcEventDetails());
        int open = Ascii.indexOf(b, from, to, "[");
        long t = open < 0 ? 0 : p.time(b, from, open);
        return t == 0 ? Ascii.NONE : t;
    }

    private void infer(Collector seen) {
        if (collector == Collector.UNKNOWN) {
            collector = seen;
        }
    }

    void finish() {
        roled.nameBeans(collector, 8);
    }
}
