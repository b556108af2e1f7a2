package dev.heaplens.analysis.histogram;

import dev.heaplens.analysis.GroupBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Objects and bytes per group, every group, biggest first.
 *
 * @param by         what the groups are
 * @param totalCount objects counted (IMEMO objects only when grouping by imemo kind)
 * @param totalBytes their byte sum (Ruby memsize, JVM shallow size)
 * @param groups     all groups, by bytes then count descending, then key
 */
public record Histogram(GroupBy by, long totalCount, long totalBytes, List<Group> groups) {

    /** One group: its key as users read it, its object count and byte sum (Ruby memsize, JVM shallow size). */
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
}
