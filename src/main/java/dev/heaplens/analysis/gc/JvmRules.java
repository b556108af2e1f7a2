package dev.heaplens.analysis.gc;

import dev.heaplens.gc.GcEventType;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Diagnosis rules for JVM logs. Each rule states its threshold and the evidence that crossed it;
 * a rule that does not fire says nothing. Thresholds are the usual defaults (G1's 200 ms pause
 * goal, one young GC a second) so that the advice can be checked by reading the evidence.
 */
final class JvmRules {
    static final long FREQUENT_YOUNG_MICROS = 1_000_000;
    static final long LONG_PAUSE_MICROS = 200_000;
    static final double MIN_THROUGHPUT = 0.95;

    private JvmRules() {
    }

    static List<Finding> findings(JvmGcReport r) {
        List<Finding> out = new ArrayList<>();
        String collector = r.log().collector();
        boolean g1 = collector.equals("G1");
        boolean openJ9 = collector.startsWith("OpenJ9");
        long young = r.count(GcEventType.YOUNG) + r.count(GcEventType.MIXED);
        if (young >= 10 && r.rates().youngIntervalMicros() >= 0 && r.rates().youngIntervalMicros() < FREQUENT_YOUNG_MICROS) {
            double perSecond = r.rates().allocationBytesPerSecond();
            out.add(new Finding("frequent-young-gc", "mean interval between young GCs < " + Figures.ms(FREQUENT_YOUNG_MICROS),
                    Figures.count(young) + " young GCs, one every " + Figures.ms(r.rates().youngIntervalMicros())
                            + (perSecond > 0 ? ", allocating " + Figures.mb(perSecond) + "/s" : ""),
                    g1 ? "-XX:G1NewSizePercent" : "-Xmn",
                    g1 ? "" : perSecond > 0 ? Figures.flagSize(perSecond) : "",
                    "a young generation that holds about one second of allocation makes young GCs about once a second"
                            + (g1 ? "; G1 sizes it itself, within G1NewSizePercent..G1MaxNewSizePercent of the heap, "
                            + "so raise the minimum (an experimental flag: -XX:+UnlockExperimentalVMOptions) or give more -Xmx" : "")));
        }
        if (r.pauses().count() > 0 && r.pauses().p99Micros() > LONG_PAUSE_MICROS) {
            out.add(new Finding("long-pauses", "p99 pause > " + Figures.ms(LONG_PAUSE_MICROS),
                    "p99 " + Figures.ms(r.pauses().p99Micros()) + ", max " + Figures.ms(r.pauses().maxMicros())
                            + " over " + Figures.count(r.pauses().count()) + " pauses",
                    g1 ? "-XX:MaxGCPauseMillis" : openJ9 ? openJ9PauseSetting(collector) : "-XX:+UseG1GC",
                    g1 ? "200" : "",
                    g1 ? "G1 sizes the young generation and mixed collections to meet this goal; a lower goal trades "
                            + "throughput for shorter pauses, and long full GCs need more heap, not a lower goal"
                            : openJ9 ? openJ9PauseReason(collector)
                            : "a " + collector + " pause grows with the heap; G1 (or ZGC for sub-millisecond pauses) "
                            + "collects in bounded increments"));
        }
        fullGcFindings(r, out, g1, collector);
        if (r.log().evacuationFailures() > 0) {
            out.add(new Finding("evacuation-failure", "any to-space exhausted / evacuation failure",
                    Figures.count(r.log().evacuationFailures()) + " pauses ran out of space to copy live objects into",
                    "-XX:G1ReservePercent", "20",
                    "G1 keeps this share of the heap free for survivors (default 10); when copying fails the pause "
                            + "is long and often followed by a full GC; more -Xmx helps as much"));
        }
        long humongousYoung = 0;
        for (JvmGcReport.CauseRow c : r.causes()) {
            if (c.cause().equals("G1 Humongous Allocation")) {
                humongousYoung += c.count();
            }
        }
        if (young > 0 && humongousYoung * 10 >= young && humongousYoung >= 3) {
            out.add(new Finding("humongous-allocations", "≥ 10% of GCs caused by humongous allocations",
                    Figures.count(humongousYoung) + " of " + Figures.count(young) + " GCs started by G1 Humongous Allocation"
                            + (r.humongousPeakBytes() > 0 ? ", humongous regions up to " + Figures.mb(r.humongousPeakBytes()) : ""),
                    "-XX:G1HeapRegionSize", "",
                    "objects of half a region or more are humongous: allocated straight into old regions, and each one "
                            + "can start a GC; larger regions (a power of two, 1 to 512 MB) make fewer objects humongous"));
        }
        if (r.stalls().count() > 0) {
            out.add(new Finding("allocation-stalls", "any allocation stall",
                    Figures.count(r.stalls().count()) + " stalls, " + Figures.ms(r.stalls().totalMicros()) + " in all, longest "
                            + Figures.ms(r.stalls().maxMicros()),
                    "-Xmx", r.heap().peakBeforeBytes() > 0 ? Figures.flagSize(r.heap().peakBeforeBytes() * 1.5) : "",
                    "threads stalled because the collector could not free memory as fast as they allocated: more heap "
                            + "headroom (or more -XX:ConcGCThreads) lets concurrent cycles finish before the heap fills"));
        }
        if (r.heap().risingFloor()) {
            long[] f = r.heap().floors();
            out.add(new Finding("rising-floor", "after-GC floor rising in every quarter of the run, by ≥ "
                    + Math.round(HeapTrend.RISE_THRESHOLD * 100) + "% overall",
                    "floor per quarter " + floorsText(f) + ", slope " + Figures.mb(r.heap().slopeBytesPerSecond()) + "/s",
                    "-XX:+HeapDumpOnOutOfMemoryError", "",
                    openJ9 ? "what survives every collection keeps growing, the sign of a leak; take three heap dumps some "
                            + "time apart (jcmd PID GC.heap_dump) and compare them rather than growing the heap; OpenJ9 "
                            + "writes them as PHD, which heaplens does not read (Eclipse MAT with DTFJ does)"
                            : "what survives every collection keeps growing, the sign of a leak; take three heap dumps some time "
                            + "apart (jcmd PID GC.heap_dump /tmp/a.hprof, then b, then c) and compare them "
                            + "(heaplens leaks /tmp/a.hprof /tmp/b.hprof /tmp/c.hprof) rather than growing the heap"));
        }
        double throughput = r.pauses().throughput();
        if (!Double.isNaN(throughput) && throughput < MIN_THROUGHPUT && r.spanMicros() >= 1_000_000) {
            out.add(new Finding("low-throughput", "time outside GC pauses < " + Figures.percent(MIN_THROUGHPUT),
                    "throughput " + Figures.percent(throughput) + ": " + Figures.ms(r.pauses().totalMicros()) + " paused in "
                            + Figures.ms(r.spanMicros()),
                    "-Xmx", r.heap().peakBeforeBytes() > 0 ? Figures.flagSize(r.heap().peakBeforeBytes() * 2) : "",
                    "a larger heap makes collections rarer; the time each takes depends on live data, not heap size"));
        }
        return out;
    }

    private static void fullGcFindings(JvmGcReport r, List<Finding> out, boolean g1, String collector) {
        boolean fullIsNormal = collector.equals("Parallel") || collector.equals("Serial")
                || collector.equals("Serial or Parallel") || collector.equals("ParNew with Serial old")
                || collector.equals("OpenJ9 optthruput"); // all its GCs are global
        long all = r.count(GcEventType.YOUNG) + r.count(GcEventType.MIXED) + r.count(GcEventType.FULL);
        for (JvmGcReport.CauseRow c : r.causes()) {
            if (!c.kind().equals("full")) {
                continue;
            }
            String cause = c.cause();
            String evidence = Figures.count(c.count()) + " full GCs caused by " + cause + ", " + Figures.ms(c.totalMicros())
                    + " in all, longest " + Figures.ms(c.maxMicros());
            if (cause.equals("System.gc()")) {
                out.add(new Finding("full-gc-system-gc", "any full GC from System.gc()", evidence,
                        g1 || collector.startsWith("CMS") ? "-XX:+ExplicitGCInvokesConcurrent" : "-XX:+DisableExplicitGC", "",
                        "code (or RMI's hourly distributed GC) called System.gc(); make it a concurrent cycle, or ignore it "
                                + "when nothing relies on it (direct buffers freed by GC do)"));
            } else if (cause.startsWith("Metadata GC Threshold") || cause.startsWith("Metaspace") || cause.startsWith("Last ditch")) {
                out.add(new Finding("full-gc-metaspace", "any full GC from the metaspace threshold", evidence,
                        "-XX:MetaspaceSize", r.metaspaceBytes() > 0 ? Figures.flagSize(r.metaspaceBytes() * 2) : "",
                        "metaspace filled up to its high-water mark, which starts at MetaspaceSize (about 21 MB); "
                                + "setting it above the metaspace in use (" + (r.metaspaceBytes() > 0 ? Figures.mb(r.metaspaceBytes())
                                : "unknown") + ") avoids these collections; if it keeps growing, classes leak"));
            } else if (cause.startsWith("G1 Humongous") || cause.contains("Humongous")) {
                out.add(new Finding("full-gc-humongous", "any full GC from a humongous allocation", evidence,
                        "-XX:G1HeapRegionSize", "", "a humongous object found no contiguous free regions; larger regions "
                        + "(or more heap) leave room for it"));
            } else if (!cause.startsWith("Heap Dump") && !cause.startsWith("Heap Inspection")
                    && (!fullIsNormal || all > 0 && c.count() * 10 >= all && c.count() >= 3)) {
                out.add(new Finding("full-gc-allocation", fullIsNormal ? "≥ 10% of GCs are full GCs (" + cause + ")"
                        : "any full GC (" + collector + " should not need one)", evidence,
                        "-Xmx", r.heap().peakAfterBytes() > 0 ? Figures.flagSize(r.heap().peakAfterBytes() * 2) : "",
                        "the old generation filled up (" + cause + "); live data after full GCs peaked at "
                                + Figures.mb(Math.max(0, r.heap().peakAfterBytes()))
                                + ", so a heap of about twice that leaves room for what is promoted between collections"));
            }
        }
    }

    /** OpenJ9's policies bound pauses differently: balanced collects by region, gencon can scavenge concurrently. */
    private static String openJ9PauseSetting(String collector) {
        return switch (collector) {
            case "OpenJ9 gencon" -> "-Xgc:concurrentScavenge";
            case "OpenJ9 balanced" -> "-Xmn";
            default -> "-Xgcpolicy:gencon";
        };
    }

    private static String openJ9PauseReason(String collector) {
        return switch (collector) {
            case "OpenJ9 gencon" -> "gencon's scavenge stops the application for the whole nursery copy; concurrent "
                    + "scavenge moves most of it out of the pause (on the platforms that support it), and a global "
                    + "pause grows with the tenure area";
            case "OpenJ9 balanced" -> "a balanced partial GC copies all of eden in the pause; a smaller eden (-Xmn) "
                    + "makes each one shorter, and a long global GC needs more heap, not a smaller eden";
            default -> "a " + collector + " pause collects the whole heap; gencon collects the nursery in short "
                    + "scavenges and marks the tenure area concurrently";
        };
    }

    private static String floorsText(long[] floors) {
        StringBuilder sb = new StringBuilder();
        for (long f : floors) {
            if (f < 0) {
                continue;
            }
            if (sb.length() > 0) {
                sb.append(" → ");
            }
            sb.append(String.format(Locale.ROOT, "%.1f", f / 1e6));
        }
        return sb.append(" MB").toString();
    }
}
