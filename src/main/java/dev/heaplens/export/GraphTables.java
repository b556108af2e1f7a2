package dev.heaplens.export;

import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.parquet.BooleanColumn;
import dev.heaplens.parquet.IntColumn;
import dev.heaplens.parquet.LongColumn;
import dev.heaplens.parquet.ParquetWriter;
import dev.heaplens.parquet.StringColumn;

import java.io.IOException;
import java.util.List;

/** The {@code references} and {@code roots} tables: the heap graph's edges and GC roots, by address. */
final class GraphTables {
    private GraphTables() {
    }

    /**
     * One row per reference, in the order the dump lists them, named as {@code paths} names them:
     * Ruby's pointer to the class is {@code class}; a JVM reference its field, {@code static} field
     * or {@code [index]} (the JVM's records are read once more for these).
     */
    static void references(HeapGraph graph, NamedHeap.ReferenceNamer names, TableFiles files) throws IOException {
        LongColumn from = new LongColumn("from", false);
        LongColumn to = new LongColumn("to", false);
        IntColumn position = new IntColumn("position", false);
        StringColumn name = new StringColumn("name", true);
        BooleanColumn weak = new BooleanColumn("weak", false);
        try (ParquetWriter w = files.open("references", List.of(from, to, position, name, weak))) {
            for (int o = 0, n = graph.objectCount(); o < n; o++) {
                long start = graph.outStart(o);
                long end = graph.outEnd(o);
                if (start == end) {
                    continue;
                }
                long fromAddress = graph.address(o);
                for (long i = start; i < end; i++) {
                    int target = graph.target(i);
                    long toAddress = graph.address(target);
                    from.add(fromAddress);
                    to.add(toAddress);
                    position.add((int) (i - start));
                    name.add(names.name(o, (int) (i - start), target));
                    weak.add(graph.isWeak(i));
                    TableFiles.rowDone(w);
                }
            }
        }
    }

    /** One row per GC root: the object it holds and its kind, as the dump names it. */
    static void roots(HeapGraph graph, TableFiles files) throws IOException {
        LongColumn address = new LongColumn("address", false);
        StringColumn kind = new StringColumn("root", false);
        List<String> categories = graph.rootCategories();
        try (ParquetWriter w = files.open("roots", List.of(address, kind))) {
            for (int r = 0, n = graph.rootCount(); r < n; r++) {
                int target = graph.rootTarget(r);
                if (target < 0) {
                    continue;
                }
                address.add(graph.address(target));
                kind.add(categories.get(graph.rootCategoryId(r)));
                TableFiles.rowDone(w);
            }
        }
    }
}
