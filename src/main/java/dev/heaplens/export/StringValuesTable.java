package dev.heaplens.export;

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
 * The {@code string_values} table, written only with {@code export --values} since contents may be
 * personal data: one row per string whose contents the dump holds, in the order the dump is read
 * again (join on {@code address}).
 */
final class StringValuesTable {
    static final String NAME = "string_values";

    private StringValuesTable() {
    }

    /** Reads the dump once more through {@code loaded} and writes every string's contents. */
    static long write(LoadedHeap loaded, TableFiles files) throws IOException {
        LongColumn address = new LongColumn("address", false);
        StringColumn value = new StringColumn("value", false);
        long[] rows = {0};
        try (ParquetWriter w = files.open(NAME, List.of(address, value))) {
            try {
                loaded.stringValues((text, at) -> {
                    synchronized (w) { // the dump is read on several threads; one file takes their rows
                        address.add(at);
                        value.add(text);
                        rows[0]++;
                        try {
                            TableFiles.rowDone(w);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                });
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
        return rows[0];
    }

    /** Removes the dump's partition an earlier {@code --values} export left, so no stale contents stay behind. */
    static void remove(Path dir, String dumpId) throws IOException {
        Path partition = dir.resolve(NAME).resolve("dump=" + dumpId);
        if (Files.isDirectory(partition)) {
            try (var walk = Files.walk(partition)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
