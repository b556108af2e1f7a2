package dev.heaplens.analysis.histogram;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The part of a histogram to show: groups sorted as asked, at least {@code minBytes}, at most
 * {@code top} of them; what is left out is summed so that totals still add up.
 */
public record HistogramView(Histogram histogram, SortOrder sort, List<Histogram.Group> shown,
                            long hiddenGroups, long hiddenCount, long hiddenBytes) {


    /** @param top at most this many groups; 0 or less for all */
    public static HistogramView of(Histogram histogram, SortOrder sort, int top, long minBytes) {
        List<Histogram.Group> sorted = new ArrayList<>(histogram.groups());
        if (sort == SortOrder.COUNT) {
            sorted.sort(Comparator.comparingLong(Histogram.Group::count).reversed()
                    .thenComparing(Comparator.comparingLong(Histogram.Group::bytes).reversed())
                    .thenComparing(Histogram.Group::key));
        }
        List<Histogram.Group> shown = new ArrayList<>();
        long hiddenCount = 0;
        long hiddenBytes = 0;
        for (Histogram.Group g : sorted) {
            if (g.bytes() >= minBytes && (top <= 0 || shown.size() < top)) {
                shown.add(g);
            } else {
                hiddenCount += g.count();
                hiddenBytes += g.bytes();
            }
        }
        return new HistogramView(histogram, sort, List.copyOf(shown), sorted.size() - shown.size(), hiddenCount, hiddenBytes);
    }
}
