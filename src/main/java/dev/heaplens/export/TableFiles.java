package dev.heaplens.export;

import dev.heaplens.parquet.Column;
import dev.heaplens.parquet.Compression;
import dev.heaplens.parquet.ParquetWriter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where each table of one dump goes: {@code DIR/<table>/dump=<id>/part-0.parquet}, Hive style, so
 * one glob over a directory of many exports reads a fleet, and every engine sees {@code dump} as a
 * column taken from the path. Row groups of half a million rows bound the memory the buffered
 * columns take, and give a query engine as many pieces to share among its threads.
 */
final class TableFiles {
    static final int ROW_GROUP = 1 << 19;

    private final Path dir;
    private final String dumpId;
    private final Map<String, String> metadata;
    private final Compression compression;

    TableFiles(Path dir, String dumpId, Map<String, String> metadata, Compression compression) {
        this.dir = dir;
        this.dumpId = dumpId;
        this.metadata = metadata;
        this.compression = compression;
    }

    /** Opens table {@code table}'s file for this dump, replacing an earlier export of it. */
    ParquetWriter open(String table, List<Column> columns) throws IOException {
        Path partition = dir.resolve(table).resolve("dump=" + dumpId);
        Files.createDirectories(partition);
        return new ParquetWriter(partition.resolve("part-0.parquet"), columns, metadata, compression);
    }

    /** Ends a row group when the columns hold {@link #ROW_GROUP} rows. */
    static void rowDone(ParquetWriter writer) throws IOException {
        if (writer.pendingRows() >= ROW_GROUP) {
            writer.endRowGroup();
        }
    }
}
