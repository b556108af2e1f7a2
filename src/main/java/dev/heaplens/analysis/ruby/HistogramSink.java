package dev.heaplens.analysis.ruby;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.format.ruby.RubyLineParser;
import dev.heaplens.format.ruby.RubyRecord;
import dev.heaplens.format.ruby.RubyRecordSink;
import dev.heaplens.format.ruby.RubyType;
import dev.heaplens.format.ruby.ByteStringTable;
import dev.heaplens.util.LongGroupMap;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Counts objects and bytes per group key while a dump streams by; one per reading thread. */
public final class HistogramSink implements RubyRecordSink {
    final GroupBy by;
    final LongGroupMap groups = new LongGroupMap();
    final ByteStringTable strings = new ByteStringTable();
    final ClassTable classes = new ClassTable();

    public HistogramSink(GroupBy by) {
        this.by = by;
    }

    /** What grouping by {@code by} reads of each line beyond type, class and memsize. */
    public static Set<RubyLineParser.Field> fields(GroupBy by) {
        return by.needsAllocationInfo() ? Set.of(RubyLineParser.Field.ALLOCATION) : Set.of();
    }

    @Override
    public void accept(RubyRecord r) {
        RubyType type = r.type;
        if (!type.isHeapObject()) {
            return;
        }
        if (type == RubyType.CLASS || type == RubyType.MODULE) {
            classes.add(r);
        }
        if (by == GroupBy.IMEMO && type != RubyType.IMEMO) {
            return;
        }
        groups.add(GroupKey.of(by, r, strings), r.memsize);
    }

    /** Merges the sinks of one read into one histogram; groups with the same text are merged. */
    public static Histogram histogram(List<HistogramSink> sinks) {
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
        return Histogram.of(by, merged);
    }
}
