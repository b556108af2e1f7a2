package dev.heaplens.web;

import dev.heaplens.analysis.graph.ThreadsReport;
import dev.heaplens.report.OutputFormat;
import dev.heaplens.report.ThreadsRenderer;

/**
 * The threads view's answer: each thread with its frames and each frame's locals, as
 * {@code heaplens threads --format json} writes them. Threads and their locals number hundreds to
 * thousands, not millions, so one answer holds them all.
 */
final class ThreadViews {
    String threads(ServedDump d) {
        ThreadsReport report = d.heap.threads();
        if (report == null) {
            throw new ApiException(404, d.runtime.name() + " heap dumps carry no thread stacks");
        }
        return ThreadsRenderer.render(report, true, OutputFormat.JSON, d.name());
    }
}
