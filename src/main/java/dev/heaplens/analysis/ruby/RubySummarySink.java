package dev.heaplens.analysis.ruby;

import dev.heaplens.format.ruby.ClassTable;
import dev.heaplens.format.ruby.RubyLineParser;
import dev.heaplens.format.ruby.RubyRecord;
import dev.heaplens.format.ruby.RubyRecordSink;
import dev.heaplens.format.ruby.RubyType;
import dev.heaplens.format.ruby.ByteStringTable;
import dev.heaplens.util.LongGroupMap;

import java.util.Set;

/** Gathers the figures of {@code heaplens summary} while a dump streams by; one per thread. */
public final class RubySummarySink implements RubyRecordSink {
    private static final int TYPES = RubyType.values().length;
    /** What the summary reads of each line beyond type, class and memsize. */
    public static final Set<RubyLineParser.Field> FIELDS =
            Set.of(RubyLineParser.Field.REFERENCE_COUNT, RubyLineParser.Field.ALLOCATION, RubyLineParser.Field.FLAGS);

    final long[] countByType = new long[TYPES];
    final long[] bytesByType = new long[TYPES];
    final ByteStringTable strings = new ByteStringTable();
    /** Key: imemo kind string id. */
    final LongGroupMap imemo = new LongGroupMap();
    /** Key: root category string id; count = ROOT lines, bytes = references. */
    final LongGroupMap roots = new LongGroupMap();
    /** Key: class address of instances; for the number of distinct classes in use. */
    final LongGroupMap instancesByClass = new LongGroupMap();
    final ClassTable classes = new ClassTable();
    /** Per flag: objects and bytes; index = the flag's bit position. */
    final long[] flagCount = new long[8];
    final long[] flagBytes = new long[8];
    long notWbProtected;
    long notWbProtectedBytes;
    long withAllocationInfo;
    long minGeneration = Long.MAX_VALUE;
    long maxGeneration = Long.MIN_VALUE;
    long shapes;
    long shapeBytes;
    long references;

    @Override
    public void accept(RubyRecord r) {
        RubyType type = r.type;
        if (type == RubyType.ROOT) {
            long category = r.root.isPresent() ? strings.intern(r.buf, r.root.start, r.root.end, r.root.escaped) : GroupKey.NO_INFO;
            roots.add(category, r.referenceCount);
            return;
        }
        if (type == RubyType.SHAPE) {
            shapes++;
            shapeBytes += r.memsize;
            return;
        }
        int t = type.ordinal();
        long size = r.memsize;
        countByType[t]++;
        bytesByType[t] += size;
        references += r.referenceCount;
        if (type == RubyType.IMEMO) {
            long kind = r.imemoType.isPresent()
                    ? strings.intern(r.buf, r.imemoType.start, r.imemoType.end, r.imemoType.escaped) : GroupKey.NO_INFO;
            imemo.add(kind, size);
        } else if (r.classAddress != 0 && type != RubyType.ICLASS) {
            instancesByClass.add(r.classAddress, size);
        }
        if (type == RubyType.CLASS || type == RubyType.MODULE) {
            classes.add(r);
        }
        countFlags(r.flags, size);
        if (r.generation >= 0) {
            withAllocationInfo++;
            minGeneration = Math.min(minGeneration, r.generation);
            maxGeneration = Math.max(maxGeneration, r.generation);
        }
    }

    private void countFlags(int flags, long size) {
        for (int bit = 0; bit < 6; bit++) {
            if ((flags & (1 << bit)) != 0) {
                flagCount[bit]++;
                flagBytes[bit] += size;
            }
        }
        if ((flags & RubyRecord.FLAG_WB_PROTECTED) == 0) {
            notWbProtected++;
            notWbProtectedBytes += size;
        }
    }
}
