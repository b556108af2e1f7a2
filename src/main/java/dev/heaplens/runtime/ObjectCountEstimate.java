package dev.heaplens.runtime;

import dev.heaplens.io.DumpInput;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;

/**
 * How many records (lines) a Ruby dump holds, measured on a mebibyte of it: lines per byte
 * there, times the dump's size. A plain file is sampled in windows spread over it; a gzipped one
 * on its first mebibyte, times the uncompressed size its trailer keeps. Tells {@link HeapFit}
 * whether a graph will fit.
 */
final class ObjectCountEstimate {
    private static final int SAMPLE = 1 << 20;
    private static final int WINDOWS = 16;

    private ObjectCountEstimate() {
    }

    /** Lines in the whole dump, or 0 when they cannot be measured. */
    static long lines(DumpInput input) {
        if (!input.canReopen() || input.size() <= 0) {
            return 0;
        }
        try {
            return input.isGzip() ? headLines(input) : spreadLines(input);
        } catch (IOException e) {
            return 0; // the read itself will say what is wrong with the file
        }
    }

    /**
     * A plain file: one window in the middle of each of {@value #WINDOWS} equal slices of it, so
     * that the estimate does not hang on the head alone (a dump's first lines, roots and classes,
     * are shorter than most: the head alone overestimated a 1.6 GB dump by a fifth, the windows
     * by 3%).
     */
    private static long spreadLines(DumpInput input) throws IOException {
        long size = input.size();
        int windows = size <= SAMPLE ? 1 : WINDOWS; // a small file is read whole
        int window = (int) (size <= SAMPLE ? size : SAMPLE / WINDOWS);
        ByteBuffer buffer = ByteBuffer.allocate(window);
        long lines = 0;
        long read = 0;
        try (FileChannel file = input.openChannel()) {
            for (int w = 0; w < windows; w++) {
                long at = size / windows * w + (size / windows - window) / 2; // the middle of slice w
                buffer.clear();
                while (buffer.hasRemaining() && file.read(buffer, at + buffer.position()) > 0) {
                    // fill the window
                }
                lines += newlines(buffer.array(), buffer.position());
                read += buffer.position();
            }
        }
        return lines == 0 ? 0 : (long) ((double) lines * size / read);
    }

    /**
     * A gzipped file: lines per byte in its first mebibyte, times its uncompressed size. That size
     * is the trailer's (gzip keeps it modulo 2^32), lifted by the multiple of 2^32 nearest to the
     * ratio the head compressed at: a head alone mistakes the rest's compression (a real Rails dump
     * was estimated at 58% of its lines from the ratio, 105% from the trailer).
     */
    private static long headLines(DumpInput input) throws IOException {
        Path path = Path.of(input.name());
        AtomicLong taken = new AtomicLong();
        long lines = 0;
        long read = 0;
        try (InputStream raw = new CountingInputStream(Files.newInputStream(path), taken);
             InputStream in = new GZIPInputStream(raw, 1 << 13)) {
            byte[] buffer = new byte[1 << 16];
            for (int n; read < SAMPLE && (n = in.read(buffer)) > 0; read += n) {
                lines += newlines(buffer, n);
            }
        }
        if (taken.get() == 0 || lines == 0) {
            return 0;
        }
        long byRatio = (long) ((double) read * input.size() / taken.get());
        long uncompressed = uncompressedSize(trailerSize(path, input.size()), byRatio);
        return (long) ((double) lines * uncompressed / read);
    }

    /** The trailer's size (modulo 2^32) made whole by the rough size: the nearest value that wraps to it. */
    static long uncompressedSize(long trailer, long rough) {
        if (trailer < 0) {
            return rough;
        }
        long wraps = Math.max(0, Math.round((double) (rough - trailer) / (1L << 32)));
        return trailer + (wraps << 32);
    }

    /** The last four bytes of a gzip file (ISIZE), or -1 when they cannot be read. */
    private static long trailerSize(Path path, long fileSize) throws IOException {
        if (fileSize < 18) {
            return -1;
        }
        ByteBuffer trailer = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel file = FileChannel.open(path)) {
            while (trailer.hasRemaining() && file.read(trailer, fileSize - 4 + trailer.position()) > 0) {
                // fill the four bytes
            }
        }
        return trailer.hasRemaining() ? -1 : Integer.toUnsignedLong(trailer.getInt(0));
    }

    private static long newlines(byte[] bytes, int length) {
        long lines = 0;
        for (int i = 0; i < length; i++) {
            if (bytes[i] == '\n') {
                lines++;
            }
        }
        return lines;
    }
}
