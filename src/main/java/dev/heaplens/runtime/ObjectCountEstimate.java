package dev.heaplens.runtime;

import dev.heaplens.io.DumpInput;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;

/**
 * How many records (lines) a Ruby dump holds, measured on its first mebibyte: lines per byte
 * there, times the dump's size (for gzip, the compressed bytes that mebibyte took, so the
 * compression ratio is measured too). Sizes the identity sets of {@code leaks} once instead of
 * growing them; when it cannot be measured (standard input) the sets start small and grow.
 */
final class ObjectCountEstimate {
    private static final int SAMPLE = 1 << 20;
    private static final int SMALLEST = 1 << 10;
    private static final int LARGEST = 1 << 28;

    private ObjectCountEstimate() {
    }

    /** Records each of {@code threads} reading sinks will likely see. */
    static int perThread(DumpInput input, int threads) {
        long lines = lines(input);
        return (int) Math.min(LARGEST, Math.max(SMALLEST, lines / Math.max(1, threads)));
    }

    private static long lines(DumpInput input) {
        if (!input.canReopen() || input.size() <= 0) {
            return 0;
        }
        AtomicLong taken = new AtomicLong(); // compressed bytes, for gzip
        try (InputStream raw = new CountingInputStream(Files.newInputStream(Path.of(input.name())), taken);
             InputStream in = input.isGzip() ? new GZIPInputStream(raw, 1 << 13) : raw) {
            byte[] buffer = new byte[1 << 16];
            long lines = 0;
            long read = 0;
            for (int n; read < SAMPLE && (n = in.read(buffer)) > 0; read += n) {
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == '\n') {
                        lines++;
                    }
                }
            }
            return taken.get() == 0 || lines == 0 ? 0 : (long) ((double) lines * input.size() / taken.get());
        } catch (IOException e) {
            return 0; // the read itself will say what is wrong with the file
        }
    }
}
