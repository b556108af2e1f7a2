package dev.heaplens.graph;

import dev.heaplens.HeaplensException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * The full chunks of one growable column of a {@link HeapGraphPart}, written to a scratch file as
 * they fill (out of core: the parts of a dump's read are its biggest state) and read back mapped.
 * Chunk {@code c} lies at byte {@code c * chunkBytes}; a chunk never spans a mapping, since
 * {@code chunkBytes} divides one. The file is unlinked as soon as it is made ({@link Scratch}).
 *
 * <p>Appending is the one reading thread's; reading back (the build) may be several threads'.
 */
final class SpilledChunks {
    private final Scratch scratch;
    private final int chunkBytes;
    private FileChannel file;
    private ByteBuffer staging;
    private long written;
    private volatile ByteBuffer[] pages;
    private long mappedBytes;

    SpilledChunks(Scratch scratch, int chunkBytes) {
        if (Integer.bitCount(chunkBytes) != 1 || chunkBytes > 1 << Scratch.MAPPED_SHIFT) {
            throw new IllegalArgumentException("chunk of " + chunkBytes + " bytes");
        }
        this.scratch = scratch;
        this.chunkBytes = chunkBytes;
    }

    /** A buffer of one chunk's bytes, in native order, to fill and hand to {@link #append}. */
    ByteBuffer staging() {
        if (staging == null) {
            staging = ByteBuffer.allocate(chunkBytes).order(ByteOrder.nativeOrder());
        }
        return staging.clear();
    }

    /** Writes the staged chunk after those written before. */
    void append() {
        try {
            if (file == null) {
                file = scratch.newFile();
            }
            ByteBuffer b = staging.clear();
            while (b.hasRemaining()) {
                written += file.write(b, written);
            }
            scratch.spilled(chunkBytes);
        } catch (IOException e) {
            throw new HeaplensException("cannot spill a column to a scratch file: " + e.getMessage());
        }
    }

    long chunks() {
        return written / chunkBytes;
    }

    /** The mapping that holds chunk {@code c}. */
    ByteBuffer page(int c) {
        return pages()[(int) (((long) c * chunkBytes) >>> Scratch.MAPPED_SHIFT)];
    }

    /** Where chunk {@code c} starts in its {@link #page}. */
    int offset(int c) {
        return (int) (((long) c * chunkBytes) & ((1L << Scratch.MAPPED_SHIFT) - 1));
    }

    /** Everything written, mapped (again, when more was written since). */
    private ByteBuffer[] pages() {
        ByteBuffer[] p = pages;
        if (p != null && mappedBytes == written) {
            return p;
        }
        synchronized (this) {
            if (pages == null || mappedBytes != written) {
                pages = map();
                mappedBytes = written;
            }
            return pages;
        }
    }

    private ByteBuffer[] map() {
        int count = Pages.count(written, Scratch.MAPPED_SHIFT);
        ByteBuffer[] out = new ByteBuffer[count];
        try {
            for (int k = 0; k < count; k++) {
                long at = (long) k << Scratch.MAPPED_SHIFT;
                out[k] = file.map(FileChannel.MapMode.READ_WRITE, at, Math.min(1L << Scratch.MAPPED_SHIFT, written - at))
                        .order(ByteOrder.nativeOrder());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Cuts the file to nothing and closes it: its disk is given back at once, not when its mappings are collected. */
    void close() {
        if (file != null) {
            Scratch.cutQuietly(file);
            scratch.unspilled(written);
        }
        file = null;
        pages = null;
        written = 0;
        mappedBytes = 0;
    }
}
