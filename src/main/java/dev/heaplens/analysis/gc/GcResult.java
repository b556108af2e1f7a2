package dev.heaplens.analysis.gc;

import java.util.List;

/**
 * What {@code heaplens gc} shows: one analysed run, or two of one runtime with their comparison.
 *
 * @param runs       one or two reports
 * @param comparison the change from the first run to the second, or null with one run
 */
public record GcResult(List<GcReport> runs, GcComparison comparison) {
    public GcResult {
        runs = List.copyOf(runs);
        if (runs.isEmpty() || runs.size() > 2 || (runs.size() == 2) != (comparison != null)) {
            throw new IllegalArgumentException("one run, or two with their comparison");
        }
    }
}
