package dev.heaplens.analysis.gc;

import dev.heaplens.gc.GcLog;

/** One analysed GC run, of one runtime: what runtime/ hands to the renderers, as it hands them a dump's results. */
public sealed interface GcReport permits JvmGcReport, RubyGcReport {
    /** The run as read: its sources, warnings and events. */
    GcLog log();
}
