package dev.heaplens.analysis.gc;

import dev.heaplens.gc.GcSamples;

import java.util.ArrayList;
import java.util.List;

/**
 * Diagnosis rules for Ruby GC.stat series, after the ones Shopify's autotuner applies, each with
 * its threshold and evidence. A cause is worth tuning when it starts at least {@link #MIN_GCS}
 * GCs and at least {@link #MIN_SHARE} of the GCs whose cause is known.
 */
final class RubyRules {
    static final int MIN_GCS = 3;
    static final double MIN_SHARE = 0.10;
    /** Heap growth during warm-up: available slots grew by half or more... */
    static final double WARMUP_GROWTH = 0.5;
    /** ...over at least this many GCs. */
    static final int WARMUP_GCS = 5;
    /** GC time worth acting on: a tenth of the wall time (a web process spends a few percent). */
    static final double GC_TIME_SHARE = 0.10;
    /** GCs per minute worth acting on: ten a second. */
    static final long FREQUENT_GCS_PER_MINUTE = 600;
    /** The shortest series whose time share and GC rate are judged: 10 s. */
    static final long MIN_SPAN_MICROS = 10_000_000;

    private RubyRules() {
    }

    static List<Finding> findings(RubyGcReport r) {
        List<Finding> out = new ArrayList<>();
        GcSamples s = r.log().samples();
        long knownGcBy = r.gcBy().values().stream().mapToLong(Long::longValue).sum();
        long knownMajorBy = r.majorBy().values().stream().mapToLong(Long::longValue).sum();
        long malloc = r.gcBy().getOrDefault("malloc", 0L);
        if (frequent(malloc, knownGcBy)) {
            long limit = r.peaks().getOrDefault("malloc_increase_bytes_limit", -1L);
            out.add(new Finding("malloc-limit-gcs", share("GCs", "malloc"),
                    malloc + " of " + knownGcBy + " GCs with a known cause were started by the malloc limit"
                            + (limit > 0 ? " (malloc_increase_bytes_limit reached " + Figures.mb(limit) + ")" : ""),
                    "RUBY_GC_MALLOC_LIMIT", limit > 0 ? Long.toString(Math.max(32L << 20, limit * 2)) : "33554432",
                    "memory malloc'ed by objects (long strings, arrays, C extensions) crossed malloc_increase_bytes_limit "
                            + "and forced a GC; a higher floor (and RUBY_GC_MALLOC_LIMIT_MAX above it) lets more be "
                            + "malloc'ed between GCs, at the cost of a larger peak RSS"));
        }
        long oldmalloc = r.majorBy().getOrDefault("oldmalloc", 0L);
        if (frequent(oldmalloc, knownMajorBy)) {
            long limit = r.peaks().getOrDefault("oldmalloc_increase_bytes_limit", -1L);
            out.add(new Finding("oldmalloc-majors", share("major GCs", "oldmalloc"),
                    oldmalloc + " of " + knownMajorBy + " major GCs with a known cause were started by the oldmalloc limit"
                            + (limit > 0 ? " (oldmalloc_increase_bytes_limit reached " + Figures.mb(limit) + ")" : ""),
                    "RUBY_GC_OLDMALLOC_LIMIT", limit > 0 ? Long.toString(Math.max(32L << 20, limit * 2)) : "33554432",
                    "old objects grew their malloc'ed memory past oldmalloc_increase_bytes_limit, forcing full marking; "
                            + "raising it (and RUBY_GC_OLDMALLOC_LIMIT_MAX) trades fewer major GCs for more memory"));
        }
        long shady = r.majorBy().getOrDefault("shady", 0L);
        if (frequent(shady, knownMajorBy)) {
            out.add(new Finding("shady-majors", share("major GCs", "shady"),
                    shady + " of " + knownMajorBy + " major GCs were started by too many write-barrier-unprotected objects"
                            + " in the remembered set",
                    "RUBY_GC_HEAP_REMEMBERED_WB_UNPROTECTED_OBJECTS_LIMIT_RATIO", "0.05",
                    "objects without write barriers (often from C extensions) are re-marked every minor GC; when they pass "
                            + "this share of old objects (default 0.01) a major GC runs; a higher ratio allows more"));
        }
        long oldgen = r.majorBy().getOrDefault("oldgen", 0L);
        if (frequent(oldgen, knownMajorBy) && r.majorGcCount() * 10 >= Math.max(1, r.gcCount())) {
            out.add(new Finding("oldgen-majors", share("major GCs", "oldgen") + ", with majors ≥ 10% of GCs",
                    oldgen + " of " + knownMajorBy + " major GCs were started by old_objects passing old_objects_limit; "
                            + r.majorGcCount() + " of " + r.gcCount() + " GCs were major",
                    "RUBY_GC_HEAP_OLDOBJECT_LIMIT_FACTOR", "3.0",
                    "after each major GC the old-object limit is set to this factor (default 2.0) times the old objects; "
                            + "a larger factor spaces major GCs out while the old generation still grows"));
        }
        List<Finding> warmup = new ArrayList<>();
        warmup(r, s, warmup);
        majorsBy(r, out, knownMajorBy, !warmup.isEmpty());
        timeAndFrequency(r, out);
        out.addAll(warmup);
        return out;
    }

    /** Major GCs that ran out of free slots after a sweep (nofree) or were forced (GC.start, a failed allocation). */
    private static void majorsBy(RubyGcReport r, List<Finding> out, long knownMajorBy, boolean warmingUp) {
        if (!warmingUp) { // while the heap grows to its size, the warm-up advice covers them
            majorsBy(r, out, knownMajorBy, "nofree", "ran because a sweep left too few free slots",
                    "RUBY_GC_HEAP_FREE_SLOTS_MIN_RATIO", "0.30",
                    "when a GC leaves fewer free slots than this share of the heap (default 0.20) Ruby grows the heap, "
                            + "and with nothing left to free it marks everything; a higher ratio grows the heap sooner");
        }
        long started = r.gcBy().getOrDefault("method", 0L);
        long peak = r.peaks().getOrDefault("heap_available_slots", -1L);
        majorsBy(r, out, knownMajorBy, "force", "were forced (GC.start, GC.compact, or an allocation that failed until "
                        + "a full GC)" + (started > 0 ? "; " + started + " GCs were started by a GC.start call (gc_by method)" : ""),
                "RUBY_GC_HEAP_INIT_SLOTS", peak > 0 ? Long.toString(peak) : "",
                "a major GC no setting schedules: look for GC.start in the code (GC.start(full_mark: false) marks "
                        + "young objects only); when none is called, allocations failed, and starting with the "
                        + "slots the process peaked at leaves room");
    }

    private static void majorsBy(RubyGcReport r, List<Finding> out, long knownMajorBy, String cause, String what,
                                 String setting, String value, String reason) {
        long n = r.majorBy().getOrDefault(cause, 0L);
        if (frequent(n, knownMajorBy)) {
            out.add(new Finding(cause.equals("force") ? "forced-majors" : cause + "-majors", share("major GCs", cause),
                    n + " of " + knownMajorBy + " major GCs with a known cause " + what, setting, value, reason));
        }
    }

    /** Time in GC as a share of the span (GC.stat's time, Ruby 3.1+) and GCs per minute. */
    private static void timeAndFrequency(RubyGcReport r, List<Finding> out) {
        if (r.spanMicros() < MIN_SPAN_MICROS) {
            return; // a rate over a burst shorter than this is not the process's
        }
        double share = r.gcTimeMillis() >= 0 ? r.gcTimeMillis() * 1000.0 / r.spanMicros() : -1;
        if (share >= GC_TIME_SHARE) {
            out.add(new Finding("gc-time-share", "GC time ≥ " + Math.round(GC_TIME_SHARE * 100) + "% of wall time",
                    "GC ran " + Figures.count(r.gcTimeMillis()) + " ms of " + Figures.count(r.spanMicros() / 1000)
                            + " ms (" + Figures.percent(share) + ")",
                    "RUBY_GC_HEAP_FREE_SLOTS_GOAL_RATIO", "0.60",
                    "after a GC Ruby grows the heap until this share of it is free (default 0.40); more free slots "
                            + "mean fewer GCs for the same allocation, paid for in memory"));
        }
        if (r.gcPerMinute() >= FREQUENT_GCS_PER_MINUTE && r.gcCount() >= MIN_GCS) {
            out.add(new Finding("frequent-gcs", "≥ " + Figures.count(FREQUENT_GCS_PER_MINUTE) + " GCs a minute",
                    Figures.count(Math.round(r.gcPerMinute())) + " GCs a minute (" + Figures.count(r.gcCount())
                            + " over " + Figures.count(r.spanMicros() / 1000) + " ms)",
                    "RUBY_GC_HEAP_GROWTH_FACTOR", "2.0",
                    "each time the heap runs out of slots Ruby grows it by this factor (default 1.8); a larger step "
                            + "reaches the working size in fewer GCs, and RUBY_GC_HEAP_INIT_SLOTS starts there"));
        }
    }

    private static void warmup(RubyGcReport r, GcSamples s, List<Finding> out) {
        String key = "heap_available_slots";
        if (!s.has(key) || s.size() < 2) {
            return;
        }
        long first = s.get(0, key);
        int peakAt = 0;
        for (int i = 1; i < s.size(); i++) {
            if (s.get(i, key) > s.get(peakAt, key)) {
                peakAt = i;
            }
        }
        long peak = s.get(peakAt, key);
        long gcs = s.get(peakAt, "count") - s.get(0, "count");
        if (first <= 0 || peak < first * (1 + WARMUP_GROWTH) || gcs < WARMUP_GCS) {
            return;
        }
        String evidence = "heap_available_slots grew from " + Figures.count(first) + " to " + Figures.count(peak)
                + " over " + gcs + " GCs";
        String threshold = "heap grows by ≥ " + Math.round(WARMUP_GROWTH * 100) + "% over ≥ " + WARMUP_GCS + " GCs";
        String reason = "each GC while the heap grows to its working size is wasted: starting with the slots the "
                + "process ends up with skips them (and shortens boot)";
        boolean perHeap = false;
        for (int heap = 0; heap < 8; heap++) {
            String slots = "stat_heap." + heap + ".heap_eden_slots";
            if (!s.has(slots)) {
                continue;
            }
            perHeap = true;
            out.add(new Finding("heap-growth-warmup", threshold, evidence + "; heap " + heap + " (slot size "
                    + s.get(peakAt, "stat_heap." + heap + ".slot_size") + ") reached " + Figures.count(s.get(peakAt, slots))
                    + " slots", "RUBY_GC_HEAP_" + heap + "_INIT_SLOTS", Long.toString(s.get(peakAt, slots)),
                    reason + " (Ruby 3.3+ sizes each slot-size heap on its own)"));
        }
        if (!perHeap) {
            out.add(new Finding("heap-growth-warmup", threshold, evidence, "RUBY_GC_HEAP_INIT_SLOTS", Long.toString(peak),
                    reason + (r.log().version() != null && r.log().version().startsWith("3.3") ? "; on 3.3+ use "
                            + "RUBY_GC_HEAP_<n>_INIT_SLOTS per heap" : "")));
        }
    }

    private static boolean frequent(long count, long known) {
        return count >= MIN_GCS && known > 0 && count >= MIN_SHARE * known;
    }

    private static String share(String what, String cause) {
        return "≥ " + MIN_GCS + " " + what + " and ≥ " + Math.round(MIN_SHARE * 100) + "% of " + what + " with a known cause "
                + "started by " + cause;
    }
}
