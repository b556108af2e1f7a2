package dev.heaplens.parquet;

import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;

import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.GZIPOutputStream;

/**
 * How each page is compressed, as parquet.thrift's CompressionCodec names it. LZ4 is Parquet's
 * LZ4_RAW (a bare LZ4 block per page, not the deprecated Hadoop-framed LZ4): the fastest codec
 * DuckDB, pyarrow and Spark (3.5 on) read, through lz4-java's pure-Java compressor so that no
 * native library is loaded. GZIP is the slow one every Parquet reader knows.
 */
public enum Compression {
    NONE(0),
    LZ4(7),
    GZIP(2);

    /** The codec number written into each column chunk's metadata. */
    final int codec;

    Compression(int codec) {
        this.codec = codec;
    }

    /** Compresses {@code page} into {@code into} (emptied first). */
    void compress(ByteSink page, ByteSink into) {
        into.reset();
        switch (this) {
            case NONE -> into.write(page);
            case LZ4 -> {
                LZ4Compressor lz4 = Lz4.COMPRESSOR;
                int at = into.reserve(lz4.maxCompressedLength(page.size()));
                int written = lz4.compress(page.array(), 0, page.size(), into.array(), at, into.size() - at);
                into.truncate(at + written);
            }
            case GZIP -> {
                try (GZIPOutputStream gzip = new GZIPOutputStream(into.asStream(), 1 << 16)) {
                    gzip.write(page.array(), 0, page.size());
                } catch (IOException e) {
                    throw new IllegalStateException("gzip into memory failed", e); // a ByteSink throws no IOException
                }
            }
        }
    }

    /** Made on first use, so that an uncompressed export never loads LZ4's classes. */
    private static final class Lz4 {
        static final LZ4Compressor COMPRESSOR = LZ4Factory.safeInstance().fastCompressor();
    }
}
