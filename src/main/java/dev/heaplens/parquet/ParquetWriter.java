package dev.heaplens.parquet;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Writes one Parquet file of flat columns: {@code PAR1}, row groups of one page per column (a
 * dictionary page first for dictionary-encoded strings; 64-bit integers delta encoded), each page
 * compressed as {@link Compression} says (a column chunk it would shrink by less than a fifth is stored
 * uncompressed: its metadata names its codec), then the Thrift footer as parquet-format's {@code parquet.thrift} defines it. The caller fills the {@link Column}s row by
 * row and calls {@link #endRowGroup} every so many rows; every column must have as many rows.
 * Why our own and not parquet-java: that one needs Hadoop's classes, and DuckDB's appender pays a
 * native call per value; see BENCHMARKS.md ("export").
 */
public final class ParquetWriter implements Closeable {
    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
    private static final int DATA_PAGE = 0;
    private static final int DICTIONARY_PAGE = 2;
    private static final int PLAIN_DICTIONARY = 2;

    private final OutputStream out;
    private final List<Column> columns;
    private final Map<String, String> metadata;
    private final Compression compression;
    private final ByteSink compressed = new ByteSink(1 << 16);
    private final List<RowGroup> rowGroups = new ArrayList<>();
    private final ByteSink page = new ByteSink(1 << 16);
    private final ByteSink header = new ByteSink(64);
    private long offset;
    private long rows;
    private Chunk chunk;
    /**
     * By column: how many more of its chunks are stored uncompressed. A chunk that compression
     * shrinks by less than a fifth (random addresses, already delta packed) costs more CPU to
     * compress than the disk it saves, so the column's next chunks skip it, and every
     * {@link #RAW_CHUNKS}th is tried again. The data alone decides: the same table, the same bytes.
     */
    private final int[] rawChunksLeft;
    private static final int RAW_CHUNKS = 8;

    /**
     * offsets: the data page's, the dictionary page's (-1: none), nulls, rows; uncompressed: the
     * chunk's bytes before compression; codec: how its pages are compressed.
     */
    private record Chunk(Column column, long start, Set<Integer> encodings, long[] offsets, long[] uncompressed,
                         ByteSink[] stats, Compression codec) {
    }

    private record RowGroup(List<Chunk> chunks, long[] sizes, long start, long rows) {
    }

    /**
     * Opens {@code file} (replaced if present) for a table of {@code columns}, with {@code metadata}
     * in its footer and its pages compressed by {@code compression}.
     */
    public ParquetWriter(Path file, List<Column> columns, Map<String, String> metadata, Compression compression)
            throws IOException {
        this.out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20);
        this.columns = List.copyOf(columns);
        this.metadata = new TreeMap<>(metadata); // sorted: the same export gives the same bytes
        this.compression = compression;
        this.rawChunksLeft = new int[columns.size()];
        write(MAGIC, MAGIC.length);
    }

    private void write(byte[] b, int len) throws IOException {
        out.write(b, 0, len);
        offset += len;
    }

    /** Rows added to the columns since the last row group. */
    public int pendingRows() {
        return columns.get(0).rows();
    }

    /** Writes the rows the columns hold as one row group (nothing when they hold none). */
    public void endRowGroup() throws IOException {
        int n = pendingRows();
        for (Column c : columns) {
            if (c.rows() != n) {
                throw new IllegalStateException("column " + c.name() + " has " + c.rows() + " rows, not " + n);
            }
        }
        if (n == 0) {
            return;
        }
        long start = offset;
        List<Chunk> chunks = new ArrayList<>();
        long[] sizes = new long[columns.size()];
        ChunkOutput target = new Target();
        for (int i = 0; i < columns.size(); i++) {
            Column c = columns.get(i);
            boolean raw = rawChunksLeft[i] > 0;
            chunk = new Chunk(c, offset, new LinkedHashSet<>(), new long[] {-1, -1, c.nulls, n}, new long[1],
                    new ByteSink[2], raw ? Compression.NONE : compression);
            c.writeChunk(target);
            sizes[i] = offset - chunk.start();
            if (raw) {
                rawChunksLeft[i]--;
            } else if (compression != Compression.NONE && sizes[i] * 5 > chunk.uncompressed()[0] * 4) {
                rawChunksLeft[i] = RAW_CHUNKS - 1;
            }
            chunks.add(chunk);
        }
        rowGroups.add(new RowGroup(chunks, sizes, start, n));
        rows += n;
    }

    private final class Target implements ChunkOutput {
        @Override
        public ByteSink page(int capacity) {
            page.reset();
            return page;
        }

        @Override
        public void dictionaryPage(Column column, int entries) throws IOException {
            chunk.offsets()[1] = offset;
            header.reset();
            ThriftCompact t = new ThriftCompact(header).push();
            chunk.codec().compress(page, compressed);
            t.i32(1, DICTIONARY_PAGE).i32(2, page.size()).i32(3, compressed.size());
            t.struct(7).i32(1, entries).i32(2, PLAIN_DICTIONARY).end();
            t.end();
            chunk.encodings().add(Column.PLAIN);
            flushPage();
        }

        @Override
        public void dataPage(Column column, int encoding, ByteSink min, ByteSink max) throws IOException {
            chunk.offsets()[0] = offset;
            header.reset();
            ThriftCompact t = new ThriftCompact(header).push();
            chunk.codec().compress(page, compressed);
            t.i32(1, DATA_PAGE).i32(2, page.size()).i32(3, compressed.size());
            t.struct(5).i32(1, column.rows()).i32(2, encoding).i32(3, Column.RLE).i32(4, Column.RLE).end();
            t.end();
            chunk.encodings().add(encoding);
            chunk.encodings().add(Column.RLE);
            if (min != null) {
                chunk.stats()[0] = min;
                chunk.stats()[1] = max;
            }
            flushPage();
        }

        /** Writes the page header and the compressed page; the chunk counts the page's size before compression too. */
        private void flushPage() throws IOException {
            write(header.array(), header.size());
            write(compressed.array(), compressed.size());
            chunk.uncompressed()[0] += header.size() + page.size();
        }
    }

    @Override
    public void close() throws IOException {
        try (out) {
            endRowGroup();
            ByteSink footer = new ByteSink(4096);
            ThriftCompact t = new ThriftCompact(footer).push();
            t.i32(1, 1);
            t.list(2, ThriftCompact.STRUCT, columns.size() + 1);
            t.push().string(4, "schema").i32(5, columns.size()).end();
            for (Column c : columns) {
                t.push().i32(1, c.physicalType()).i32(3, c.optional() ? 1 : 0).string(4, c.name());
                if (c.convertedType() >= 0) {
                    t.i32(6, c.convertedType());
                }
                t.end();
            }
            t.i64(3, rows);
            t.list(4, ThriftCompact.STRUCT, rowGroups.size());
            for (RowGroup g : rowGroups) {
                writeRowGroup(t, g);
            }
            t.list(5, ThriftCompact.STRUCT, metadata.size());
            for (Map.Entry<String, String> e : metadata.entrySet()) {
                t.push().string(1, e.getKey()).string(2, e.getValue()).end();
            }
            t.string(6, "heaplens");
            t.end();
            write(footer.array(), footer.size());
            ByteSink tail = new ByteSink(8);
            tail.writeIntLE(footer.size());
            write(tail.array(), 4);
            write(MAGIC, MAGIC.length);
        }
    }

    private static void writeRowGroup(ThriftCompact t, RowGroup g) {
        t.push();
        t.list(1, ThriftCompact.STRUCT, g.chunks().size());
        long total = 0;
        long totalUncompressed = 0;
        for (int i = 0; i < g.chunks().size(); i++) {
            Chunk c = g.chunks().get(i);
            long size = g.sizes()[i];
            long uncompressed = c.uncompressed()[0];
            total += size;
            totalUncompressed += uncompressed;
            long dataOffset = c.offsets()[0];
            long dictionaryOffset = c.offsets()[1];
            t.push().i64(2, dictionaryOffset >= 0 ? dictionaryOffset : dataOffset);
            t.struct(3).i32(1, c.column().physicalType())
                    .i32List(2, c.encodings().stream().mapToInt(Integer::intValue).toArray())
                    .stringList(3, c.column().name())
                    .i32(4, c.codec().codec)
                    .i64(5, c.offsets()[3]).i64(6, uncompressed).i64(7, size).i64(9, dataOffset);
            if (dictionaryOffset >= 0) {
                t.i64(11, dictionaryOffset);
            }
            t.struct(12).i64(3, c.offsets()[2]);
            if (c.stats()[0] != null) {
                t.binary(5, bytes(c.stats()[1])).binary(6, bytes(c.stats()[0]));
            }
            t.end(); // statistics
            t.end(); // meta_data
            t.end(); // column chunk
        }
        t.i64(2, totalUncompressed).i64(3, g.rows()).i64(5, g.start()).i64(6, total);
        t.end();
    }

    private static byte[] bytes(ByteSink s) {
        return java.util.Arrays.copyOf(s.array(), s.size());
    }
}
