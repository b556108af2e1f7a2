package dev.heaplens.analysis.ruby;

import dev.heaplens.format.ruby.ClassTable;
import dev.heaplens.analysis.HeapSummary;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.format.ruby.LineProblem;
import dev.heaplens.format.ruby.ReadResult;
import dev.heaplens.format.ruby.RubyRecord;
import dev.heaplens.format.ruby.RubyType;
import dev.heaplens.format.ruby.ByteStringTable;
import dev.heaplens.util.LongGroupMap;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything {@code heaplens summary} reports about one Ruby dump (bytes are memsize).
 *
 * @param reachability what GC roots reach, or null when the heap graph was not built
 */
public record RubySummary(Input input, long objects, long bytes, long references,
                          List<Row> types, List<Row> imemo, List<Row> roots, List<Row> flags,
                          Generations generations, Classes classes, long shapes, long shapeBytes,
                          Reachability reachability) implements HeapSummary {
    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.ruby(this);
    }

    /** This summary with what GC roots reach. */
    public RubySummary withReachability(Reachability reach) {
        return new RubySummary(input, objects, bytes, references, types, imemo, roots, flags, generations, classes,
                shapes, shapeBytes, reach);
    }

    /** A labelled count and byte sum (for roots: ROOT lines and references). */
    public record Row(String label, long count, long bytes) {
    }

    /** How the dump read: lines, bytes, and the lines that could not be used. */
    public record Input(String name, long lines, long bytesRead, long malformed,
                        List<LineProblem> firstProblems, LineProblem truncatedLastLine) {
        public static Input of(String name, ReadResult<?> read) {
            return new Input(name, read.lines(), read.bytes(), read.malformed(), read.firstProblems(), read.truncatedLastLine());
        }
    }

    /** Allocation tracing: how many objects carry a generation, and its range. */
    public record Generations(long objectsWithInfo, long min, long max) {
        public boolean present() {
            return objectsWithInfo > 0;
        }
    }

    /** CLASS/MODULE records and how many distinct classes have instances. */
    public record Classes(long classes, long modules, long singletons, long classesWithInstances) {
    }

    public static RubySummary of(Input input, List<RubySummarySink> sinks) {
        int typeCount = RubyType.values().length;
        long[] count = new long[typeCount];
        long[] bytes = new long[typeCount];
        Map<String, long[]> imemo = new HashMap<>();
        Map<String, long[]> roots = new HashMap<>();
        long[] flagCount = new long[8];
        long[] flagBytes = new long[8];
        long shady = 0, shadyBytes = 0, withInfo = 0, shapes = 0, shapeBytes = 0, references = 0;
        long minGen = Long.MAX_VALUE, maxGen = Long.MIN_VALUE;
        ClassTable classes = new ClassTable();
        LongGroupMap instancesByClass = new LongGroupMap();
        for (RubySummarySink s : sinks) {
            for (int t = 0; t < typeCount; t++) {
                count[t] += s.countByType[t];
                bytes[t] += s.bytesByType[t];
            }
            mergeNamed(imemo, s.imemo, s.strings, "(no imemo_type)");
            mergeNamed(roots, s.roots, s.strings, "(no category)");
            for (int f = 0; f < 8; f++) {
                flagCount[f] += s.flagCount[f];
                flagBytes[f] += s.flagBytes[f];
            }
            shady += s.notWbProtected;
            shadyBytes += s.notWbProtectedBytes;
            withInfo += s.withAllocationInfo;
            minGen = Math.min(minGen, s.minGeneration);
            maxGen = Math.max(maxGen, s.maxGeneration);
            shapes += s.shapes;
            shapeBytes += s.shapeBytes;
            references += s.references;
            classes.addAll(s.classes);
            instancesByClass.addAll(s.instancesByClass);
        }
        List<Row> types = new ArrayList<>();
        long objects = 0, total = 0;
        for (int t = 0; t < typeCount; t++) {
            if (count[t] > 0) {
                types.add(new Row(RubyType.ofOrdinal(t).name(), count[t], bytes[t]));
                objects += count[t];
                total += bytes[t];
            }
        }
        sortDescending(types);
        List<Row> flags = List.of(
                new Row("old", flagCount[bit(RubyRecord.FLAG_OLD)], flagBytes[bit(RubyRecord.FLAG_OLD)]),
                new Row("uncollectible", flagCount[bit(RubyRecord.FLAG_UNCOLLECTIBLE)], flagBytes[bit(RubyRecord.FLAG_UNCOLLECTIBLE)]),
                new Row("wb_unprotected (shady)", shady, shadyBytes),
                new Row("pinned", flagCount[bit(RubyRecord.FLAG_PINNED)], flagBytes[bit(RubyRecord.FLAG_PINNED)]),
                new Row("marked", flagCount[bit(RubyRecord.FLAG_MARKED)], flagBytes[bit(RubyRecord.FLAG_MARKED)]));
        long[] distinct = new long[1];
        instancesByClass.forEach((k, c, b) -> distinct[0] += classes.contains(k) ? 1 : 0);
        Classes classStats = new Classes(classes.size() - classes.countModules(), classes.countModules(),
                classes.countSingletons(), distinct[0]);
        Generations generations = new Generations(withInfo, withInfo > 0 ? minGen : 0, withInfo > 0 ? maxGen : 0);
        return new RubySummary(input, objects, total, references, List.copyOf(types), rows(imemo), rows(roots), flags,
                generations, classStats, shapes, shapeBytes, null);
    }

    private static int bit(int flag) {
        return Integer.numberOfTrailingZeros(flag);
    }

    private static void mergeNamed(Map<String, long[]> into, LongGroupMap groups, ByteStringTable strings, String missing) {
        groups.forEach((key, c, b) -> {
            String name = key == GroupKey.NO_INFO ? missing : strings.text((int) key);
            long[] sums = into.computeIfAbsent(name, k -> new long[2]);
            sums[0] += c;
            sums[1] += b;
        });
    }

    private static List<Row> rows(Map<String, long[]> named) {
        List<Row> rows = new ArrayList<>();
        named.forEach((k, v) -> rows.add(new Row(k, v[0], v[1])));
        sortDescending(rows);
        return List.copyOf(rows);
    }

    private static void sortDescending(List<Row> rows) {
        rows.sort(Comparator.comparingLong(Row::bytes).reversed()
                .thenComparing(Comparator.comparingLong(Row::count).reversed())
                .thenComparing(Row::label));
    }
}
