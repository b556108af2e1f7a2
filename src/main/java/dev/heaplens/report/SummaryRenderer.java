package dev.heaplens.report;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.HeapSummary;
import dev.heaplens.analysis.jvm.JvmSummary;
import dev.heaplens.analysis.ruby.RubySummary;

/** Writes a summary with the renderer of its runtime. Computes nothing. */
public final class SummaryRenderer {
    private SummaryRenderer() {
    }

    /** Fails at once, before any reading, for a format no summary is written in. */
    public static void requireSupported(OutputFormat format) {
        RubySummaryRenderer.requireSupported(format);
    }

    public static String render(HeapSummary summary, OutputFormat format, String dumpName) {
        return summary.accept(new HeapSummary.Visitor<>() {
            @Override
            public String ruby(RubySummary ruby) {
                return RubySummaryRenderer.render(ruby, format);
            }

            @Override
            public String jvm(JvmSummary jvm) {
                if (format == OutputFormat.MARKDOWN) {
                    throw new HeaplensException("summary of an HPROF dump is written as table or json");
                }
                return JvmSummaryRenderer.render(jvm, format, dumpName);
            }
        });
    }
}
