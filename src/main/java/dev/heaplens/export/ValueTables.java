package dev.heaplens.export;

import dev.heaplens.analysis.graph.ValueSink;
import dev.heaplens.parquet.Column;
import dev.heaplens.parquet.LongColumn;
import dev.heaplens.parquet.ParquetWriter;
import dev.heaplens.parquet.StringColumn;
import dev.heaplens.runtime.LoadedHeap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

/**
 * The tables written only with {@code export --values}, since values may be personal data:
 * {@code string_values} (one row per string whose contents the dump holds) and, for the JVM,
 * {@code field_values} (one row per primitive instance field), {@code static_values} (one row per
 * primitive static field) and {@code array_values} (one row per primitive array, its elements in one
 * string). Rows come in the order the dump is read again: join on {@code address}.
 */
final class ValueTables {
    static final String STRINGS = "string_values";
    static final String FIELDS = "field_values";
    static final String STATICS = "static_values";
    static final String ARRAYS = "array_values";
    static final List<String> NAMES = List.of(STRINGS, FIELDS, STATICS, ARRAYS);

    private ValueTables() {
    }

    /** Rows written to each table; -1 for a table not written (the JVM's, on Ruby). */
    record Rows(long strings, long fields, long statics, long arrays) {
    }

    /** Reads the dump once more through {@code loaded} and writes its values; {@code fields} only when it has them (JVM). */
    static Rows write(LoadedHeap loaded, TableFiles files, boolean fields) throws IOException {
        LongColumn stringAddress = new LongColumn("address", false);
        StringColumn value = new StringColumn("value", false);
        LongColumn fieldAddress = new LongColumn("address", false);
        StringColumn name = new StringColumn("field", false);
        StringColumn type = new StringColumn("type", false);
        StringColumn fieldValue = new StringColumn("value", false);
        LongColumn staticAddress = new LongColumn("address", false);
        StringColumn staticName = new StringColumn("field", false);
        StringColumn staticType = new StringColumn("type", false);
        StringColumn staticValue = new StringColumn("value", false);
        LongColumn arrayAddress = new LongColumn("address", false);
        StringColumn arrayType = new StringColumn("type", false);
        LongColumn arrayLength = new LongColumn("length", false);
        StringColumn elements = new StringColumn("elements", false);
        long[] rows = new long[4];
        try (ParquetWriter strings = files.open(STRINGS, List.<Column>of(stringAddress, value));
             ParquetWriter fieldRows = fields ? files.open(FIELDS, List.<Column>of(fieldAddress, name, type, fieldValue)) : null;
             ParquetWriter staticRows = fields ? files.open(STATICS, List.<Column>of(staticAddress, staticName, staticType,
                     staticValue)) : null;
             ParquetWriter arrayRows = fields ? files.open(ARRAYS, List.<Column>of(arrayAddress, arrayType, arrayLength,
                     elements)) : null) {
            try {
                loaded.values(new ValueSink() {
                    @Override
                    public synchronized void string(long address, String text) { // the dump may be read on several threads
                        stringAddress.add(address);
                        value.add(text);
                        rows[0]++;
                        rowDone(strings);
                    }

                    @Override
                    public synchronized void field(long address, String field, String javaType, String text) {
                        if (fieldRows == null) {
                            return;
                        }
                        fieldAddress.add(address);
                        name.add(field);
                        type.add(javaType);
                        fieldValue.add(text);
                        rows[1]++;
                        rowDone(fieldRows);
                    }

                    @Override
                    public synchronized void staticField(long address, String field, String javaType, String text) {
                        if (staticRows == null) {
                            return;
                        }
                        staticAddress.add(address);
                        staticName.add(field);
                        staticType.add(javaType);
                        staticValue.add(text);
                        rows[2]++;
                        rowDone(staticRows);
                    }

                    @Override
                    public synchronized void array(long address, String javaType, long length, String text) {
                        if (arrayRows == null) {
                            return;
                        }
                        arrayAddress.add(address);
                        arrayType.add(javaType);
                        arrayLength.add(length);
                        elements.add(text);
                        rows[3]++;
                        rowDone(arrayRows);
                    }
                });
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
        return fields ? new Rows(rows[0], rows[1], rows[2], rows[3]) : new Rows(rows[0], -1, -1, -1);
    }

    private static void rowDone(ParquetWriter w) {
        try {
            TableFiles.rowDone(w);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes the dump's partitions an earlier {@code --values} export left, so no stale values stay behind. */
    static void remove(Path dir, String dumpId) throws IOException {
        for (String table : NAMES) {
            Path partition = dir.resolve(table).resolve("dump=" + dumpId);
            if (Files.isDirectory(partition)) {
                try (var walk = Files.walk(partition)) {
                    for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
        }
    }
}
