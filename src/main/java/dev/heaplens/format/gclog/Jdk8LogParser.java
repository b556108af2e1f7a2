package dev.heaplens.format.gclog;

import dev.heaplens.gc.GcEventDetails;
import dev.heaplens.gc.GcEventType;
import dev.heaplens.gc.GcEvents;

/**
 * Reads JDK 8 {@code -XX:+PrintGCDetails} logs (and the JDK 6 and 7 shapes of the same lines) of
 * the Parallel, Serial, CMS and G1 collectors, with or without date and time stamps and any other
 * detail option:
 * <pre>
 * 2024-05-01T12:00:00.123+0000: 0.456: [GC (Allocation Failure) [PSYoungGen: 65536K-&gt;10720K(76288K)] 65536K-&gt;10728K(251392K), 0.0123456 secs] [Times: ...]
 * 1.000: [GC pause (G1 Evacuation Pause) (young), 0.0050000 secs]
 *    [Eden: 24.0M(24.0M)-&gt;0.0B(20.0M) Survivors: 0.0B-&gt;3072.0K Heap: 24.0M(256.0M)-&gt;4096.0K(256.0M)]
 * </pre>
 * A pause is the "[" group that opens with "GC" or "Full GC" ({@link Jdk8Lines#opening}), read to
 * its matching "]" however many lines it spans ({@link Jdk8EventText}). Its time is the last
 * "N secs" of its own text, its heap the first transition there; its generations are its direct
 * children. A young collection that also collected the old generation (promotion or concurrent
 * mode failure, Serial's DefNew then Tenured) is a full GC. The stamps are when the pause started:
 * the event's time is start + duration, as unified logs give it.
 */
final class Jdk8LogParser implements LineSink {
    private final GcEvents events;
    private final GcEventDetails details;
    private final RoledEvents roled;
    private final Jdk8EventText pending = new Jdk8EventText();
    private final int[] pos = new int[1];
    private final long[] sizes = new long[3];
    private Collector collector = Collector.UNKNOWN;
    private boolean collectorFromFlags;
    boolean wallClock;
    private Boolean uptime;
    long evacuationFailures;
    /** Lines that look like a GC pause but were not read as one, and the first of them. */
    long notUnderstood;
    String firstNotUnderstood;
    /** The JDK release from the log's header ("JRE (1.7.0_80-b15)"), or 0; and whether any pause named its cause. */
    int jdk;
    boolean sawCause;
    /** Metaspace is JDK 8's: 6 and 7 had a permanent generation. */
    boolean sawMetaspace;
    private long pendingStart;
    private int lastG1Pause = -1;
    private int nextId;

    Jdk8LogParser(GcEvents events, GcEventDetails details) {
        this.events = events;
        this.details = details;
        this.roled = new RoledEvents(events);
    }

    /** Whether any pause had a time stamp. */
    boolean timed() {
        return uptime != null;
    }

    /** The young and old generations the lines name ("DefNew", "ParNew"; "Tenured", "CMS"), or null. */
    private String youngGeneration;
    private String oldGeneration;

    String collector() {
        return collector.displayName;
    }

    @Override
    public void line(byte[] b, int from, int to) {
        if (Ascii.startsWith(b, from, to, "CommandLine flags: ")) {
            flags(b, from, to);
            return;
        }
        if (jdk == 0 && (Ascii.startsWith(b, from, to, "Java HotSpot") || Ascii.startsWith(b, from, to, "OpenJDK "))) {
            int jre = Ascii.indexOf(b, from, to, "JRE (1.");
            if (jre >= 0 && jre + 7 < to && Ascii.isDigit(b[jre + 7])) {
                jdk = b[jre + 7] - '0';
            }
            return;
        }
        int p = from;
        if (pending.open()) {
            if (Jdk8Lines.isAside(b, from, to)) {
                return;
            }
            int at = Jdk8Lines.skipStamps(b, from, to);
            boolean newPause = at < to && b[at] == '[' && Jdk8Lines.opening(b, at + 1, to) != Jdk8Lines.Opening.NONE;
            // a CMS remark's scavenge (-XX:+CMSScavengeBeforeRemark) starts a line when a heap print came between
            if (!newPause || pending.contains("YG occupancy")) {
                int close = pending.append(b, from, to);
                if (close < 0) {
                    if (pending.tooLong()) {
                        notUnderstood(pending.head());
                        pending.drop();
                    }
                    return;
                }
                pause(pendingStart);
                p = close;
            } else { // a new pause starts: the open one was cut
                notUnderstood(pending.head());
                pending.drop();
            }
        }
        groups(b, p, from, to);
    }

    /** Reads the "[" groups of a line from {@code p}: pauses are read, others (phases, details) passed over. */
    private void groups(byte[] b, int p, int from, int to) {
        boolean pauseSeen = false;
        while (p < to) {
            int stampsFrom = p;
            p = Jdk8Lines.skipStamps(b, p, to);
            if (p >= to || b[p] != '[') {
                break;
            }
            Jdk8Lines.Opening opening = Jdk8Lines.opening(b, p + 1, to);
            if (opening != Jdk8Lines.Opening.NONE) {
                pauseSeen = true;
                long start = time(b, stampsFrom, p);
                int end = pending.start(b, p, to);
                if (end < 0) {
                    pendingStart = start;
                    return;
                }
                pause(start);
                p = end;
                continue;
            }
            if (lastG1Pause >= 0 && Ascii.startsWith(b, p, to, "[Eden: ")) {
                g1Heap(b, p, to);
            }
            int end = groupEnd(b, p, to);
            if (end < 0) {
                break;
            }
            p = end;
        }
        if (!pauseSeen && Jdk8Lines.looksLikeGc(b, from, to) && !pending.open()) {
            int at = Ascii.indexOf(b, from, to, "[GC");
            boolean concurrent = at >= 0 && (Ascii.startsWith(b, at, to, "[GC concurrent")
                    || Ascii.startsWith(b, at, to, "[GC Worker") || Ascii.startsWith(b, at, to, "[GC ref-proc"));
            if (!concurrent) {
                notUnderstood(Ascii.text(b, from, Math.min(to, from + 120)));
            }
        }
    }

    /** The index after the "]" matching the "[" at {@code from}, or -1 when the line ends first. */
    private static int groupEnd(byte[] b, int from, int to) {
        int depth = 0;
        for (int i = from; i < to; i++) {
            if (b[i] == '[') {
                depth++;
            } else if (b[i] == ']' && --depth == 0) {
                return i + 1;
            }
        }
        return -1;
    }

    private void notUnderstood(String example) {
        notUnderstood++;
        if (firstNotUnderstood == null) {
            firstNotUnderstood = example;
        }
    }

    private void flags(byte[] b, int from, int to) {
        Collector c = Ascii.indexOf(b, from, to, "-XX:+UseG1GC") >= 0 ? Collector.G1
                : Ascii.indexOf(b, from, to, "-XX:+UseConcMarkSweepGC") >= 0 ? Collector.CMS
                : Ascii.indexOf(b, from, to, "-XX:+UseParallelGC") >= 0 || Ascii.indexOf(b, from, to, "-XX:+UseParallelOldGC") >= 0
                ? Collector.PARALLEL
                : Ascii.indexOf(b, from, to, "-XX:+UseSerialGC") >= 0 ? Collector.SERIAL : Collector.UNKNOWN;
        if (c != Collector.UNKNOWN) {
            collector = c;
            collectorFromFlags = true;
        }
    }

    private void g1Heap(byte[] b, int p, int to) {
        int heap = Ascii.indexOf(b, p, to, "Heap: ");
        pos[0] = heap + 6;
        if (heap > 0 && Ascii.transition(b, pos, to, sizes)) {
            events.setHeap(lastG1Pause, sizes[0], sizes[1], sizes[2] == Ascii.NONE ? -1 : sizes[2]);
        }
        lastG1Pause = -1;
    }

    /** Adds the pause whose text {@link #pending} has just closed. */
    private void pause(long start) {
        Jdk8EventText t = pending;
        byte[] own = t.own;
        int n = t.ownLength;
        Jdk8Lines.Opening opening = Jdk8Lines.opening(own, 0, n);
        if (opening == Jdk8Lines.Opening.SHENANDOAH) {
            shenandoahPause(start, own, n);
            return;
        }
        long micros = Jdk8Lines.duration(own, n, " secs");
        if (micros == Ascii.NONE) {
            notUnderstood(t.head());
            return;
        }
        String cause = Jdk8Lines.cause(own, opening == Jdk8Lines.Opening.G1_PAUSE ? 8 : opening == Jdk8Lines.Opening.FULL ? 7 : 2, n);
        if (cause != null) {
            sawCause = true;
        }
        long[] heap = {-1, -1, -1};
        if (firstTransition(own, 0, n)) {
            heap[0] = sizes[0];
            heap[1] = sizes[1];
            heap[2] = sizes[2] == Ascii.NONE ? -1 : sizes[2];
        }
        Generations g = generations(t);
        GcEventType type;
        BeanRole role;
        switch (opening) {
            case G1_PAUSE -> {
                seen(Collector.G1);
                boolean mixed = Ascii.indexOf(own, 0, n, "(mixed)") >= 0 || Ascii.indexOf(own, 0, n, "(partial)") >= 0;
                if (Ascii.indexOf(own, 0, n, "(to-space exhausted)") >= 0 || Ascii.indexOf(own, 0, n, "(to-space overflow)") >= 0) {
                    evacuationFailures++;
                }
                type = mixed ? GcEventType.MIXED : GcEventType.YOUNG;
                role = BeanRole.YOUNG;
                if ("young".equals(cause) || "mixed".equals(cause) || "partial".equals(cause)) {
                    cause = null; // JDK 7: "[GC pause (young)" names no cause
                }
            }
            case G1_REMARK, G1_CLEANUP -> {
                seen(Collector.G1);
                type = opening == Jdk8Lines.Opening.G1_REMARK ? GcEventType.REMARK : GcEventType.CLEANUP;
                role = BeanRole.CONCURRENT;
                cause = type == GcEventType.REMARK ? "Pause Remark" : "Pause Cleanup";
            }
            case FULL -> {
                type = GcEventType.FULL;
                role = BeanRole.OLD;
            }
            default -> {
                if (g.initialMark || g.remark) {
                    seen(Collector.CMS);
                }
                if (g.initialMark) {
                    type = GcEventType.PAUSE;
                    role = BeanRole.CONCURRENT;
                    cause = cause == null ? "CMS Initial Mark" : cause;
                } else if (g.remark) {
                    type = GcEventType.REMARK;
                    role = BeanRole.CONCURRENT;
                    cause = cause == null ? "CMS Final Remark" : cause;
                } else if (g.oldBefore >= 0) {
                    type = GcEventType.FULL; // the old generation was collected too: promotion or concurrent mode failure
                    role = BeanRole.OLD;
                } else {
                    type = GcEventType.YOUNG;
                    role = BeanRole.YOUNG;
                }
            }
        }
        int e = roled.add(start + micros, micros, type, role, cause, heap[0], heap[1], heap[2], nextId++);
        details.set(e, g.oldBefore, g.oldAfter, g.metaspace, -1);
        lastG1Pause = (opening == Jdk8Lines.Opening.G1_PAUSE || type == GcEventType.FULL && collector == Collector.G1)
                && heap[0] < 0 ? e : -1; // G1 gives the heap on a later "[Eden: " line
    }

    /** JDK 8's Shenandoah: "[Pause Init Mark (process weakrefs), 3.341 ms]", its start line ending ", start]". */
    private void shenandoahPause(long start, byte[] own, int n) {
        int comma = Ascii.indexOf(own, 0, n, ", ");
        if (comma > 0 && Ascii.startsWith(own, comma, n, ", start")) {
            return;
        }
        long micros = Jdk8Lines.duration(own, n, " ms");
        if (micros == Ascii.NONE) {
            notUnderstood(pending.head());
            return;
        }
        seen(Collector.SHENANDOAH);
        micros /= 1000; // read as seconds with six decimals: the figure was milliseconds
        int nameEnd = 0;
        while (nameEnd < n && own[nameEnd] != ',' && own[nameEnd] != '(') {
            nameEnd++;
        }
        boolean full = Ascii.startsWith(own, 0, n, "Pause Full");
        long[] heap = {-1, -1, -1};
        if (firstTransition(own, 0, n)) {
            heap[0] = sizes[0];
            heap[1] = sizes[1];
            heap[2] = sizes[2] == Ascii.NONE ? -1 : sizes[2];
        }
        roled.add(start + micros, micros, full ? GcEventType.FULL : GcEventType.PAUSE, BeanRole.PAUSES,
                Ascii.text(own, 0, nameEnd).trim(), heap[0], heap[1], heap[2], nextId++);
    }

    /** What the pause's direct children say: its generations, and whether it is a CMS initial mark or remark. */
    private record Generations(long oldBefore, long oldAfter, long metaspace, boolean initialMark, boolean remark) {
    }

    private Generations generations(Jdk8EventText t) {
        long oldBefore = -1;
        long oldAfter = -1;
        long metaspace = -1;
        boolean initialMark = false;
        boolean remark = false;
        byte[] c = t.childText;
        for (int k = 0; k < t.children; k++) {
            int from = t.childFrom[k];
            int to = t.childTo[k];
            String label = label(c, from, to);
            boolean sized = firstTransition(c, from, to);
            switch (label) {
                case "PSYoungGen", "ASPSYoungGen" -> seen(Collector.PARALLEL);
                case "DefNew" -> {
                    seen(Collector.SERIAL);
                    youngGeneration = label;
                }
                case "ParNew", "ASParNew" -> {
                    seen(Collector.CMS);
                    youngGeneration = "ParNew";
                }
                case "ParOldGen", "PSOldGen", "ASParOldGen", "Tenured", "CMS", "ASCMS" -> {
                    oldGeneration = label.endsWith("CMS") ? "CMS" : label;
                    seen(label.endsWith("CMS") ? Collector.CMS : label.equals("Tenured") ? Collector.SERIAL : Collector.PARALLEL);
                    if (sized) {
                        oldBefore = sizes[0];
                        oldAfter = sizes[1];
                    }
                }
                case "Metaspace" -> {
                    metaspace = sized ? sizes[1] : metaspace;
                    sawMetaspace = true;
                }
                case "YG occupancy" -> remark = true;
                default -> {
                    initialMark |= Ascii.indexOf(c, from, to, "CMS-initial-mark") >= 0;
                    remark |= Ascii.indexOf(c, from, to, "CMS-remark") >= 0;
                }
            }
        }
        return new Generations(oldBefore, oldAfter, metaspace, initialMark, remark);
    }

    /** A child's name: its leading words ("ParNew", "CMS Perm", "YG occupancy"), up to ':', '(', a digit or ','. */
    private static String label(byte[] b, int from, int to) {
        int end = from;
        while (end < to && (Character.isLetter(b[end]) || b[end] == ' ' || b[end] == '-')) {
            end++;
        }
        return Ascii.text(b, from, end).trim();
    }

    /** The first "size->size(size)" in [from, to), into {@link #sizes}. */
    private boolean firstTransition(byte[] b, int from, int to) {
        for (int p = from; (p = Ascii.indexOf(b, p, to, "->")) >= 0; p += 2) {
            int start = p;
            while (start > from && (Ascii.isDigit(b[start - 1]) || b[start - 1] == '.' || b[start - 1] == 'K'
                    || b[start - 1] == 'M' || b[start - 1] == 'G' || b[start - 1] == 'B')) {
                start--;
            }
            pos[0] = start;
            if (Ascii.transition(b, pos, to, sizes)) {
                return true;
            }
        }
        return false;
    }

    private long time(byte[] b, int from, int open) {
        long up = Ascii.NONE;
        long wall = Ascii.NONE;
        int p = from;
        while (p < open) {
            while (p < open && b[p] == ' ') {
                p++;
            }
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

    /** A collector a generation's name shows; CMS's old generation outranks a young one seen first (DefNew with CMS). */
    private void seen(Collector c) {
        if (collectorFromFlags) {
            return;
        }
        if (collector == Collector.UNKNOWN || c == Collector.CMS && collector == Collector.SERIAL) {
            collector = c;
        }
    }

    /** A pause left open at the end of the log was cut: it is counted, not guessed. */
    void finish() {
        if (pending.open()) {
            notUnderstood(pending.head());
            pending.drop();
        }
        collector = pairedCollector();
        roled.nameBeans(collector, 8);
    }

    /** Serial's and CMS's generations pair up in two more ways in JDK 6-8, and the beans follow the generations. */
    private Collector pairedCollector() {
        if (collector == Collector.CMS && "DefNew".equals(youngGeneration)) {
            return Collector.CMS_WITH_DEFNEW;
        }
        if ((collector == Collector.CMS || collector == Collector.SERIAL) && "ParNew".equals(youngGeneration)
                && "Tenured".equals(oldGeneration)) {
            return Collector.PARNEW_WITH_SERIAL_OLD;
        }
        return collector;
    }
}
