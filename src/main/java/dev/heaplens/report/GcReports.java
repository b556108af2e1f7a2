package dev.heaplens.report;

import dev.heaplens.analysis.gc.GcReport;
import dev.heaplens.analysis.gc.GcResult;
import dev.heaplens.analysis.gc.JvmGcReport;
import dev.heaplens.analysis.gc.RubyGcReport;

/**
 * Renders what {@code heaplens gc} shows, analysed by runtime/GcRuns: one run's report, or the
 * comparison of two (two JSON reports inside it as JSON). What the CLI prints and serve's GC view
 * embeds, written once for both.
 */
public final class GcReports {
    private GcReports() {
    }

    public static String render(GcResult result, OutputFormat format) {
        if (result.comparison() == null) {
            return render(result.runs().get(0), format);
        }
        GcReport a = result.runs().get(0);
        GcReport b = result.runs().get(1);
        boolean json = format == OutputFormat.JSON;
        return GcComparisonRenderer.render(result.comparison(), String.join(", ", a.log().sources()),
                String.join(", ", b.log().sources()), format, json ? render(a, format) : null, json ? render(b, format) : null);
    }

    private static String render(GcReport run, OutputFormat format) {
        if (run instanceof JvmGcReport jvm) {
            return JvmGcRenderer.render(jvm, format);
        }
        return RubyGcRenderer.render((RubyGcReport) run, format); // the interface is sealed: JVM or Ruby
    }
}
