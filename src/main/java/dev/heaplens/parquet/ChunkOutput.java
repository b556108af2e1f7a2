package dev.heaplens.parquet;

import java.io.IOException;

/** Where a {@link Column} writes the pages of its chunk: the {@link ParquetWriter}'s current row group. */
interface ChunkOutput {
    /** An empty buffer for the next page's body. */
    ByteSink page(int capacity);

    /** Writes the buffer as the chunk's dictionary page of {@code entries} PLAIN values. */
    void dictionaryPage(Column column, int entries) throws IOException;

    /** Writes the buffer as the chunk's data page; {@code min} null when there are no statistics. */
    void dataPage(Column column, int encoding, ByteSink min, ByteSink max) throws IOException;
}
