package dev.heaplens.analysis.ruby;

import dev.heaplens.format.ruby.ClassTable;
import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.format.ruby.RubyLineParser;
import dev.heaplens.format.ruby.RubyRecord;
import dev.heaplens.format.ruby.RubyRecordSink;
import dev.heaplens.format.ruby.RubyType;
import dev.heaplens.format.ruby.ByteStringTable;
import dev.heaplens.util.LongGroupMap;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Counts objects and bytes per group, for one or several keys at once, while a dump streams by;
 * one per reading thread. The keys share one string table, so a file named by the gem, file and
 * location keys is kept once.
 */
public final class HistogramSink implements RubyRecordSink {
    private static final long NOT_LOOKED_UP = Long.MIN_VALUE;
    final GroupBy[] keys;
    final LongGroupMap[] groups;
    final ByteStringTable strings = new ByteStringTable();
    final ClassTable classes = new ClassTable();

    public HistogramSink(GroupBy by) {
        this(List.of(by));
    }

    /** @param keys distinct keys, in the order the histograms are wanted */
    public HistogramSink(List<GroupBy> keys) {
        this.keys = keys.toArray(GroupBy[]::new);
        this.groups = new LongGroupMap[this.keys.length];
        for (int i = 0; i < groups.length; i++) {
            groups[i] = new LongGroupMap();
        }
    }

    /** What grouping by {@code by} reads of each line beyond type, class and memsize. */
    public static Set<RubyLineParser.Field> fields(GroupBy by) {
        return fields(List.of(by));
    }

    /** What grouping by all of {@code keys} reads of each line beyond type, class and memsize. */
    public static Set<RubyLineParser.Field> fields(List<GroupBy> keys) {
        Set<RubyLineParser.Field> fields = EnumSet.noneOf(RubyLineParser.Field.class);
        for (GroupBy key : keys) {
            if (key.needsAllocationInfo()) {
                fields.add(RubyLineParser.Field.ALLOCATION);
            }
        }
        return Set.copyOf(fields);
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
        long file = NOT_LOOKED_UP; // gem, file and location share one lookup of the file
        for (int i = 0; i < keys.length; i++) {
            GroupBy by = keys[i];
            if (by == GroupBy.IMEMO && type != RubyType.IMEMO) {
                continue;
            }
            long key;
            if (GroupKey.ofFile(by)) {
                if (file == NOT_LOOKED_UP) {
                    file = GroupKey.fileKey(r, strings);
                }
                key = GroupKey.ofFile(by, file, r);
            } else {
                key = GroupKey.of(by, r, strings);
            }
            groups[i].add(key, r.memsize);
        }
    }

    /** Merges the sinks of one read into one histogram (of a sink of one key); groups with the same text are merged. */
    public static Histogram histogram(List<HistogramSink> sinks) {
        return histograms(sinks).get(0);
    }

    /** Merges the sinks of one read into one histogram per key, in the keys' order. */
    public static List<Histogram> histograms(List<HistogramSink> sinks) {
        ClassTable classes = new ClassTable();
        for (HistogramSink sink : sinks) {
            classes.addAll(sink.classes);
        }
        GroupBy[] keys = sinks.get(0).keys;
        List<Histogram> histograms = new ArrayList<>(keys.length);
        for (int i = 0; i < keys.length; i++) {
            GroupBy by = keys[i];
            Map<String, long[]> merged = new HashMap<>();
            for (HistogramSink sink : sinks) {
                sink.groups[i].forEach((key, count, bytes) -> {
                    long[] sums = merged.computeIfAbsent(GroupKey.text(by, key, sink.strings, classes), k -> new long[2]);
                    sums[0] += count;
                    sums[1] += bytes;
                });
            }
            histograms.add(Histogram.of(by, merged));
        }
        return histograms;
    }
}
