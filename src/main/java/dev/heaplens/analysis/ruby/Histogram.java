package dev.heaplens.analysis.ruby;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Objects and bytes per group, every group, biggest first.
 *
 * @param by         what the groups are
 * @param totalCount objects counted (IMEMO objects only when grouping by imemo kind)
 * @param totalBytes their memsize sum
 * @param groups     all groups, by bytes then count descending, then key
 */
public record Histogram(GroupBy by, long totalCount, long totalBytes, List<Group> groups) {

    /** One group: its key as users read it, its object count and memsize sum. */
    public record Group(String key, long count, long bytes) {
    }

    /** A histogram from count and byte sums per group text. */
    public static Histogram of(GroupBy by, Map<String, long[]> sums) {
        List<Group> groups = new ArrayList<>(sums.size());
        long[] totals = new long[2];
        sums.forEach((key, s) -> {
            groups.add(new Group(key, s[0], s[1]));
            totals[0] += s[0];
            totals[1] += s[1];
        });
        groups.sort(Comparator.comparingLong(Group::bytes).reversed()
                .thenComparing(Comparator.comparingLong(Group::count).reversed())
                .thenComparing(Group::key));
        return new Histogram(by, totals[0], totals[1], List.copyOf(groups));
    }

    /** Merges the sinks of one read into one histogram; groups with the same text are merged. */
    public static Histogram of(List<HistogramSink> sinks) {
        GroupBy by = sinks.get(0).by;
        ClassTable classes = new ClassTable();
        for (HistogramSink sink : sinks) {
            classes.addAll(sink.classes);
        }
        Map<String, long[]> merged = new HashMap<>();
        for (HistogramSink sink : sinks) {
            sink.groups.forEach((key, count, bytes) -> {
                long[] sums = merged.computeIfAbsent(GroupKey.text(by, key, sink.strings, classes), k -> new long[2]);
                sums[0] += count;
                sums[1] += bytes;
            });
        }
        return of(by, merged);
    }
}
