package dev.heaplens.gc;

import java.util.List;

/**
 * One run's GC data as read: JVM events (pauses, cycles, stalls) or Ruby GC.stat samples, with
 * what was learnt about the runtime on the way.
 *
 * @param runtime       JVM or Ruby
 * @param collector     the collector's name ("G1", "ZGC (generational)", "Ruby RGenGC"), or "unknown"
 * @param version       the runtime's version when the log says it (JDK feature release, Ruby version), or null
 * @param uptimeClock   true when times are the JVM's uptime, false when they are wall-clock epoch microseconds
 * @param events        the events, in log order (JVM)
 * @param samples       GC.stat snapshots (Ruby), or null
 * @param details       per-event generation sizes (JVM; -1 where the log does not give them)
 * @param evacuationFailures G1 pauses that ran out of to-space (evacuation failure)
 * @param lines         lines read, over all files
 * @param warnings      problems read past (cut lines, unmatched cycles), each once
 * @param unreadEvents  lines that look like a GC event but were not understood (counted, not guessed)
 * @param untimed       true when the lines carry no time stamps: events are in order, but the span is unknown
 */
public record GcLog(GcRuntime runtime, String collector, String version, boolean uptimeClock, GcEvents events,
                    GcSamples samples, GcEventDetails details, long evacuationFailures, long lines,
                    List<String> sources, List<String> warnings, long unreadEvents, boolean untimed) {
    /** A log whose every GC-looking line was understood. */
    public GcLog(GcRuntime runtime, String collector, String version, boolean uptimeClock, GcEvents events,
                 GcSamples samples, GcEventDetails details, long evacuationFailures, long lines,
                 List<String> sources, List<String> warnings) {
        this(runtime, collector, version, uptimeClock, events, samples, details, evacuationFailures, lines, sources,
                warnings, 0, false);
    }

    /** The share of GC-looking lines not understood, 0 to 1: a large one means the figures cover little of the log. */
    public double unreadShare() {
        long all = unreadEvents + events.size();
        return all == 0 ? 0 : (double) unreadEvents / all;
    }

    /** The span of the data in microseconds: first to last event (or sample); 0 when the log has no times. */
    public long spanMicros() {
        if (untimed) {
            return 0;
        }
        if (samples != null && samples.size() > 1) {
            return samples.time(samples.size() - 1) - samples.time(0);
        }
        if (events.size() == 0) {
            return 0;
        }
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (int e = 0; e < events.size(); e++) {
            long start = events.time(e) - Math.max(0, events.duration(e));
            first = Math.min(first, start);
            last = Math.max(last, events.time(e));
        }
        return last - first;
    }
}
