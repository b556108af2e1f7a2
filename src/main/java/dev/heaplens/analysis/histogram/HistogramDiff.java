package dev.heaplens.analysis.histogram;

import dev.heaplens.analysis.GroupBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What grew between two dumps: per group, count and bytes before and after, and the change.
 * Groups present in one dump only are included (with zeros on the other side).
 *
 * @param rows all groups, most grown first (by bytes or by count)
 */
public record HistogramDiff(GroupBy by, Totals before, Totals after, List<Row> rows) {

    public record Totals(long count, long bytes) {
    }

    /** One group in both dumps. */
    public record Row(String key, long countBefore, long bytesBefore, long countAfter, long bytesAfter) {
        public long countDelta() {
            return countAfter - countBefore;
        }

        public long bytesDelta() {
            return bytesAfter - bytesBefore;
        }
    }


    public long countDelta() {
        return after.count - before.count;
    }

    public long bytesDelta() {
        return after.bytes - before.bytes;
    }

    public static HistogramDiff of(Histogram before, Histogram after, SortOrder sort) {
        Map<String, Histogram.Group> a = index(before);
        Map<String, Histogram.Group> b = index(after);
        Set<String> keys = new LinkedHashSet<>(a.keySet());
        keys.addAll(b.keySet());
        List<Row> rows = new ArrayList<>(keys.size());
        for (String key : keys) {
            Histogram.Group x = a.get(key);
            Histogram.Group y = b.get(key);
            rows.add(new Row(key, x == null ? 0 : x.count(), x == null ? 0 : x.bytes(),
                    y == null ? 0 : y.count(), y == null ? 0 : y.bytes()));
        }
        Comparator<Row> bytes = Comparator.comparingLong(Row::bytesDelta).reversed();
        Comparator<Row> count = Comparator.comparingLong(Row::countDelta).reversed();
        Comparator<Row> order = sort == SortOrder.COUNT ? count.thenComparing(bytes) : bytes.thenComparing(count);
        rows.sort(order.thenComparing(Row::key));
        return new HistogramDiff(before.by(), new Totals(before.totalCount(), before.totalBytes()),
                new Totals(after.totalCount(), after.totalBytes()), List.copyOf(rows));
    }

    private static Map<String, Histogram.Group> index(Histogram h) {
        Map<String, Histogram.Group> map = new HashMap<>();
        h.groups().forEach(g -> map.put(g.key(), g));
        return map;
    }
}
