package dev.heaplens.report;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.gc.GcAnalysis;
import dev.heaplens.analysis.gc.GcComparison;
import dev.heaplens.analysis.gc.JvmGcReport;
import dev.heaplens.analysis.gc.RubyGcAnalysis;
import dev.heaplens.analysis.gc.RubyGcReport;
import dev.heaplens.gc.GcLog;
import dev.heaplens.gc.GcRuntime;

import java.util.List;

/**
 * The report of one GC run, or the comparison of two, analysed and rendered: what {@code heaplens
 * gc} prints and what serve's GC view embeds, written once for both.
 */
public final class GcReports {
    private GcReports() {
    }

    /** One run's report, or with two runs their comparison (two JSON reports inside it as JSON). */
    public static String render(List<GcLog> runs, OutputFormat format) {
        if (runs.size() == 2) {
            return compare(runs.get(0), runs.get(1), format);
        }
        GcLog run = runs.get(0);
        return run.runtime() == GcRuntime.RUBY
                ? RubyGcRenderer.render(RubyGcAnalysis.of(run), format)
                : JvmGcRenderer.render(GcAnalysis.jvm(run), format);
    }

    private static String compare(GcLog a, GcLog b, OutputFormat format) {
        String nameA = String.join(", ", a.sources());
        String nameB = String.join(", ", b.sources());
        if (a.runtime() != b.runtime()) {
            throw new HeaplensException("cannot compare " + nameA + " (" + a.runtime() + ") with " + nameB + " (" + b.runtime() + ")");
        }
        boolean json = format == OutputFormat.JSON;
        if (a.runtime() == GcRuntime.RUBY) {
            RubyGcReport ra = RubyGcAnalysis.of(a);
            RubyGcReport rb = RubyGcAnalysis.of(b);
            return GcComparisonRenderer.render(GcComparison.of(ra, rb), nameA, nameB, format,
                    json ? RubyGcRenderer.render(ra, format) : null, json ? RubyGcRenderer.render(rb, format) : null);
        }
        JvmGcReport ra = GcAnalysis.jvm(a);
        JvmGcReport rb = GcAnalysis.jvm(b);
        return GcComparisonRenderer.render(GcComparison.of(ra, rb), nameA, nameB, format,
                json ? JvmGcRenderer.render(ra, format) : null, json ? JvmGcRenderer.render(rb, format) : null);
    }
}
