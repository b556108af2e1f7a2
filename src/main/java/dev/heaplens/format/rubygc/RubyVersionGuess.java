package dev.heaplens.format.rubygc;

import dev.heaplens.gc.GcSamples;

/** The oldest Ruby version whose GC.stat has the keys seen, when the data does not name its version. */
final class RubyVersionGuess {
    private RubyVersionGuess() {
    }

    /** @param newInspect the hashes were printed as {@code {count: 1}} (Ruby 3.4+) */
    static String fromKeys(GcSamples s, boolean newInspect) {
        if (newInspect || s.has("weak_references_count") || s.has("heap_allocatable_slots")) {
            return "3.4+";
        }
        if (s.has("marking_time")) {
            return "3.3+";
        }
        if (s.keys().stream().anyMatch(k -> k.startsWith("stat_heap."))) {
            return "3.2+";
        }
        if (s.has("time")) {
            return "3.1+";
        }
        if (s.has("read_barrier_faults")) {
            return "3.0+";
        }
        if (s.has("compact_count")) {
            return "2.7+";
        }
        if (s.has("heap_available_slots")) {
            return "2.2+";
        }
        if (s.has("minor_gc_count")) {
            return "2.1";
        }
        return s.has("total_allocated_objects") ? "2.0" : "1.9";
    }
}
