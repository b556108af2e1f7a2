package dev.heaplens.format.gclog;

import dev.heaplens.gc.GcEventDetails;
import dev.heaplens.gc.GcEventType;
import dev.heaplens.gc.GcEvents;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Turns the top-level elements of an OpenJ9 verbose GC log, in order, into GC events, as OpenJ9's
 * documentation (docs "Verbose garbage collection logs" and "Log examples") lays them out:
 * <ul>
 * <li>a pause is an {@code <exclusive-start>} .. {@code <exclusive-end durationms>} window; what ran
 * in it is named by its {@code <gc-start type>}: {@code scavenge} is young, {@code partial gc}
 * (balanced) mixed, {@code global} or {@code global garbage collect} full when its cycle started in
 * the same window, and the final increment of a concurrent global cycle (remark) when the cycle
 * started in an earlier one; a window that only starts a cycle (concurrent kickoff) or runs a
 * balanced global-mark increment is another pause;</li>
 * <li>a cycle whose {@code <cycle-start>} and {@code <cycle-end>} fall in different windows ran
 * concurrently and is a cycle event from start to end;</li>
 * <li>heap before and after are the {@code <mem-info>} of the window's first {@code <gc-start>}
 * and last {@code <gc-end>} (used = total - free), the old generation their {@code tenure} area;</li>
 * <li>the cause is the trigger element before the collection: {@code <af-start>},
 * {@code <sys-start reason>}, {@code <concurrent-kickoff>}, {@code <allocation-taxation>}.</li>
 * </ul>
 * The collector of an event is the gc-start type, which is also the name of the
 * GarbageCollectorMXBean that counts it.
 */
final class OpenJ9Events {
    /** Top-level elements that are understood, or known to carry nothing the report uses. */
    private static final java.util.Set<String> KNOWN = java.util.Set.of("initialized", "exclusive-start",
            "exclusive-end", "af-start", "af-end", "sys-start", "sys-end", "concurrent-kickoff", "allocation-taxation",
            "concurrent-global-final", "cycle-start", "cycle-continue", "cycle-end", "gc-start", "gc-end", "gc-op",
            "allocation-stats", "allocation-satisfied", "allocation-unsatisfied", "percolate-collect",
            "concurrent-start", "concurrent-end", "concurrent-aborted", "concurrent-halted", "concurrent-collection-start",
            "concurrent-collection-end", "concurrent-mark-start", "concurrent-mark-end", "heap-resize", "warning",
            "cpu-util", "event", "copy-failed", "non-monotonic-time", "free-mem-delta", "heap-fixup");

    private final GcEvents events;
    private final GcEventDetails details;
    /** Top-level element names not understood, with how often they were met. */
    final Map<String, Long> unknown = new LinkedHashMap<>();
    /** Pause windows whose content was not understood, and the first one's description. */
    long notUnderstood;
    String firstNotUnderstood;
    /** The -Xgcpolicy the log's {@code <initialized>} names, or null. */
    String policy;
    /** Windows left open when a file ended. */
    long cutWindows;

    private Window window;
    private String pendingCause;
    private final Map<String, Cycle> cycles = new HashMap<>();
    /** Where the heap sizes of the element being read go: the gc-start's or gc-end's side, or nowhere. */
    private Heap heapTarget;
    private boolean heapTargetIsStart;
    private boolean inInitialized;

    OpenJ9Events(GcEvents events, GcEventDetails details) {
        this.events = events;
        this.details = details;
    }

    /** A pause window being read. */
    private static final class Window {
        final long start;
        final Heap heap = new Heap();
        String gcType;
        String cycleId;
        boolean startedCycle;
        /** A global increment of a cycle that started in an earlier window: a concurrent cycle's final pause. */
        boolean concurrentFinal;

        Window(long start) {
            this.start = start;
        }
    }

    /** A cycle: its type, start and cause, and the heap around its last increment. */
    private static final class Cycle {
        String type;
        final long start;
        final String cause;
        final Window startedIn;

        Cycle(String type, long start, String cause, Window startedIn) {
            this.type = type;
            this.start = start;
            this.cause = cause;
            this.startedIn = startedIn;
        }
    }

    private static final class Heap {
        long before = -1;
        long after = -1;
        long capacity = -1;
        long oldBefore = -1;
        long oldAfter = -1;
    }

    /** A top-level element (a child of {@code <verbosegc>}) starts. */
    void topLevel(String name, Function<String, String> attr) {
        heapTarget = null;
        inInitialized = false;
        switch (name) {
            case "initialized" -> inInitialized = true;
            case "exclusive-start" -> window = new Window(time(attr));
            case "exclusive-end" -> endWindow(attr);
            case "af-start" -> pendingCause = "allocation failure";
            case "sys-start" -> pendingCause = systemGcCause(attr.apply("reason"));
            case "allocation-taxation" -> pendingCause = "allocation taxation";
            case "concurrent-kickoff" -> pendingCause = "concurrent kickoff";
            case "cycle-start" -> startCycle(attr);
            case "cycle-continue" -> {
                Cycle c = cycles.get(attr.apply("contextid"));
                if (c != null && attr.apply("newtype") != null) {
                    c.type = attr.apply("newtype");
                }
            }
            case "cycle-end" -> endCycle(attr);
            case "gc-start" -> gcIncrement(attr, true);
            case "gc-end" -> gcIncrement(attr, false);
            default -> {
                if (!KNOWN.contains(name)) {
                    unknown.merge(name, 1L, Long::sum);
                }
            }
        }
    }

    /** An element nested in a top-level one: the heap sizes and the policy are read from these. */
    void nested(String name, Function<String, String> attr, int depth) {
        if (inInitialized && name.equals("attribute") && "gcPolicy".equals(attr.apply("name"))) {
            policy = attr.apply("value");
            return;
        }
        if (heapTarget == null) {
            return;
        }
        if (name.equals("mem-info") && depth == 3) {
            long total = number(attr.apply("total"));
            long free = number(attr.apply("free"));
            if (total >= 0 && free >= 0) {
                if (heapTargetIsStart) {
                    heapTarget.before = total - free;
                } else {
                    heapTarget.after = total - free;
                    heapTarget.capacity = total;
                }
            }
        } else if (name.equals("mem") && depth == 4 && "tenure".equals(attr.apply("type"))) {
            long total = number(attr.apply("total"));
            long free = number(attr.apply("free"));
            if (total >= 0 && free >= 0) {
                if (heapTargetIsStart) {
                    heapTarget.oldBefore = total - free;
                } else {
                    heapTarget.oldAfter = total - free;
                }
            }
        }
    }

    private void gcIncrement(Function<String, String> attr, boolean start) {
        if (window == null) {
            return; // an increment outside a pause (a concurrent one) has no heap the report uses
        }
        String type = attr.apply("type");
        if (start && (window.gcType == null || rank(type) >= rank(window.gcType))) {
            window.gcType = type;
            window.cycleId = attr.apply("contextid");
            Cycle cycle = cycles.get(window.cycleId);
            window.concurrentFinal = cycle != null && cycle.startedIn != window;
        }
        // before: the window's first gc-start; after: its last gc-end
        heapTarget = start && window.heap.before >= 0 ? null : window.heap;
        heapTargetIsStart = start;
    }

    /** Which gc-start names the window when it holds several (a scavenge that percolates to a global). */
    private static int rank(String type) {
        if (type == null) {
            return -1;
        }
        return switch (type) {
            case "global", "global garbage collect" -> 3;
            case "partial gc" -> 2;
            case "scavenge" -> 1;
            default -> 0;
        };
    }

    private void startCycle(Function<String, String> attr) {
        String type = attr.apply("type");
        // a global mark phase only marks: it frees nothing, so it is no collection with a cause
        Cycle c = new Cycle(type, time(attr), "global mark phase".equals(type) ? null : pendingCause, window);
        cycles.put(attr.apply("id"), c);
        if (window != null) {
            window.startedCycle = true;
            if (window.cycleId == null) {
                window.cycleId = attr.apply("id");
            }
        }
    }

    private void endCycle(Function<String, String> attr) {
        Cycle c = cycles.remove(attr.apply("contextid"));
        if (c == null) {
            return; // its start was in an earlier, rotated-away file
        }
        if (window != null && c.startedIn == window) {
            return; // ran inside one pause: the pause is the event
        }
        long end = time(attr);
        Heap h = window != null ? window.heap : new Heap(); // its final increment's sizes
        int e = events.add(end, Math.max(0, end - c.start), GcEventType.CYCLE, null, c.cause, h.before, h.after,
                h.capacity, -1);
        details.set(e, h.oldBefore, h.oldAfter, -1, -1);
        if (window != null) {
            window.heap.before = -1; // the cycle is the collection and carries the heap, not its final pause too
            window.heap.after = -1;
        }
    }

    private void endWindow(Function<String, String> attr) {
        Window w = window;
        window = null;
        if (w == null) {
            return; // its start was in an earlier file
        }
        long duration = Math.round(decimal(attr.apply("durationms")) * 1000);
        if (duration < 0) {
            countNotUnderstood("exclusive-end id=\"" + attr.apply("id") + "\" without durationms");
            return;
        }
        GcEventType type;
        String collector = w.gcType;
        if (w.gcType == null) {
            if (!w.startedCycle) {
                countNotUnderstood("exclusive-start at " + w.start + " µs with no gc-start or cycle-start in it");
                pendingCause = null;
                return;
            }
            type = GcEventType.PAUSE; // concurrent kickoff: the cycle's first increment
        } else {
            type = switch (w.gcType) {
                case "scavenge" -> GcEventType.YOUNG;
                case "partial gc" -> GcEventType.MIXED;
                case "global", "global garbage collect" -> w.concurrentFinal ? GcEventType.REMARK : GcEventType.FULL;
                case "global mark phase" -> GcEventType.PAUSE;
                default -> null;
            };
            if (type == null) {
                countNotUnderstood("gc-start type=\"" + w.gcType + "\"");
                pendingCause = null;
                return;
            }
            if (type == GcEventType.PAUSE) {
                collector = null; // no bean counts a global-mark increment
            }
        }
        String cause = type == GcEventType.REMARK ? "concurrent global final" : pendingCause;
        int e = events.add(w.start + duration, duration, type, collector, cause, w.heap.before, w.heap.after,
                w.heap.capacity, -1);
        details.set(e, w.heap.oldBefore, w.heap.oldAfter, -1, -1);
        if (type != GcEventType.REMARK) {
            pendingCause = null;
        }
    }

    /** At a file's end: a window still open was cut. */
    void endOfFile() {
        if (window != null) {
            cutWindows++;
            window = null;
        }
        heapTarget = null;
    }

    private void countNotUnderstood(String what) {
        if (notUnderstood++ == 0) {
            firstNotUnderstood = what;
        }
    }

    /** The element's timestamp (local wall-clock time, no zone: read as UTC), in µs; the last one if absent. */
    private long lastTime;

    private long time(Function<String, String> attr) {
        String t = attr.apply("timestamp");
        if (t != null) {
            byte[] b = t.getBytes(StandardCharsets.US_ASCII);
            long micros = IsoTime.epochMicros(b, 0, b.length);
            if (micros != Ascii.NONE) {
                lastTime = micros;
            }
        }
        return lastTime;
    }

    /** {@code explicit} is a call to System.gc(), named as HotSpot logs name it so that one rule reads both. */
    private static String systemGcCause(String reason) {
        return reason == null || reason.isEmpty() || reason.equals("explicit") ? "System.gc()" : "system GC (" + reason + ")";
    }

    /** A byte count attribute, or -1 (a double holds every count below 2^53 exactly). */
    private static long number(String s) {
        double d = decimal(s);
        return d < 0 ? -1 : (long) d;
    }

    private static double decimal(String s) {
        if (s == null) {
            return -1;
        }
        try {
            return Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
