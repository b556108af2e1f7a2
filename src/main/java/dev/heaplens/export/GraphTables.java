package dev.heaplens.export;

import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.parquet.BooleanColumn;
import dev.heaplens.parquet.Column;
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
     * or {@code [index]} (the JVM's records are read once more for these). A row group's references
     * are gathered first and their targets' addresses looked up in one tight loop: the look-ups are
     * random reads over the whole address column, and with nothing else between them the processor
     * overlaps their cache misses.
     */
    static void references(HeapGraph graph, NamedHeap.ReferenceNamer names, TableFiles files) throws IOException { // names null: none
        LongColumn from = new LongColumn("from", false);
        LongColumn to = new LongColumn("to", false);
        IntColumn position = new IntColumn("position", false);
        StringColumn name = new StringColumn("name", true);
        BooleanColumn weak = new BooleanColumn("weak", false);
        int batch = (int) Math.min(TableFiles.ROW_GROUP, Math.max(1, graph.referenceCount()));
        ReferenceBatch rows = new ReferenceBatch(batch);
        for (Column c : List.of(from, to, position, name, weak)) {
            c.reserve(batch);
        }
        try (ParquetWriter w = files.open("references", List.of(from, to, position, name, weak))) {
            for (long o = 0, n = graph.objectCount(); o < n; o++) {
                long start = graph.outStart(o);
                long end = graph.outEnd(o);
                for (long i = start; i < end; i++) {
                    if (rows.add(o, graph.target(i), (int) (i - start))) {
                        rows.write(graph, names, from, to, position, name, weak, i + 1 - batch);
                        w.endRowGroup();
                    }
                }
            }
            rows.write(graph, names, from, to, position, name, weak, graph.referenceCount() - rows.count);
        } finally {
            if (names != null) {
                names.release();
            }
        }
    }

    /** One row group's references (at most {@link TableFiles#ROW_GROUP}), as object ids, before they become addresses and rows. */
    private static final class ReferenceBatch {
        final long[] from;
        final long[] target;
        final int[] position;
        final long[] toAddress;
        int count;

        ReferenceBatch(int size) {
            from = new long[size];
            target = new long[size];
            position = new int[size];
            toAddress = new long[size];
        }

        /** Adds one reference; true when the batch is full. */
        boolean add(long o, long t, int p) {
            from[count] = o;
            target[count] = t;
            position[count] = p;
            return ++count == from.length;
        }

        /** Adds the batch's rows to the columns ({@code first}: the reference index of its first row) and empties it. */
        void write(HeapGraph graph, NamedHeap.ReferenceNamer names, LongColumn fromColumn, LongColumn toColumn,
                IntColumn positionColumn, StringColumn nameColumn, BooleanColumn weakColumn, long first) {
            for (int k = 0; k < count; k++) {
                toAddress[k] = graph.address(target[k]);
            }
            long fromAddress = 0;
            long last = -1;
            for (int k = 0; k < count; k++) {
                long o = from[k];
                if (o != last) {
                    fromAddress = graph.address(o);
                    last = o;
                }
                fromColumn.add(fromAddress);
                toColumn.add(toAddress[k]);
                positionColumn.add(position[k]);
                nameColumn.add(names == null ? null : names.name(o, position[k], target[k]));
                weakColumn.add(graph.isWeak(first + k));
            }
            count = 0;
        }
    }

    /** One row per GC root: the object it holds and its kind, as the dump names it. */
    static void roots(HeapGraph graph, TableFiles files) throws IOException {
        LongColumn address = new LongColumn("address", false);
        StringColumn kind = new StringColumn("root", false);
        List<String> categories = graph.rootCategories();
        try (ParquetWriter w = files.open("roots", List.of(address, kind))) {
            for (int r = 0, n = graph.rootCount(); r < n; r++) {
                long target = graph.rootTarget(r);
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
