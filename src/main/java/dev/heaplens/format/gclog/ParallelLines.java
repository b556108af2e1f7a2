package dev.heaplens.format.gclog;

import dev.heaplens.util.Swar;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Reads a plain file's lines on several threads, in file order. The file is cut into parts of a
 * fixed size; a worker thread reads a part, splits it into lines and keeps only those its
 * {@link Filter} accepts (in a debug-level GC log, a few in a hundred); the calling thread hands
 * the kept lines to the sink part after part. A line that crosses a part boundary is joined on
 * the calling thread and handed over unfiltered, so stateful parsing (a pause's sizes logged
 * before its end, a cycle's phases) sees every line that matters in order, whatever the cut.
 *
 * <p>Only a few parts are in flight, each in a buffer reused for a later part: memory is bounded
 * by the part size and the number of threads, never by the file's size. This is a pipeline with
 * one ordered consumer, unlike {@code util.Parallel}'s independent tasks, hence its own executor.
 */
final class ParallelLines {
    /** Decides on a worker thread which lines the sink needs; one instance per part, called in line order. */
    interface Filter {
        /**
         * Whether the sink needs the line starting at {@code from}, told from its first bytes: its
         * end is not known yet (it is the first line end before {@code limit}, the end of the bytes
         * read), so the line is read only as far as needed, and the search for its end goes on from
         * {@link #scanned()}.
         */
        boolean keep(byte[] b, int from, int limit);

        /** How far the last {@link #keep} read; no line end comes before it. */
        int scanned();
    }

    private ParallelLines() {
    }

    /**
     * Reads {@code file}, handing the lines {@code filters}' filters keep (and every line crossing
     * a part boundary) to {@code sink} in file order. Counts every line; a last line without a
     * line end is not handed out but returned (as {@link ByteLines#read} does).
     */
    static ByteLines.Ending read(Path file, int partBytes, int threads, Supplier<Filter> filters, LineSink sink)
            throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            int parts = (int) Math.max(1, (size + partBytes - 1) / partBytes);
            int inFlight = Math.min(parts, 2 * threads);
            ExecutorService workers = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "heaplens-gc-read");
                t.setDaemon(true); // a failed command exits without waiting for parts it no longer needs
                return t;
            });
            try {
                @SuppressWarnings("unchecked")
                Future<Part>[] pending = new Future[inFlight];
                for (int k = 0; k < inFlight; k++) {
                    pending[k] = submit(workers, channel, new Part(partBytes), k, partBytes, size, filters);
                }
                Carry carry = new Carry();
                long lines = 0;
                for (int k = 0; k < parts; k++) {
                    Part part = result(pending[k % inFlight]);
                    lines += part.deliver(carry, sink);
                    if (k + inFlight < parts) {
                        pending[k % inFlight] = submit(workers, channel, part, k + inFlight, partBytes, size, filters);
                    }
                }
                String cut = null;
                if (carry.overlong) {
                    carry.overlongLines++;
                    lines++;
                } else if (carry.length > 0) {
                    int to = ByteLines.completeEnd(carry.bytes, 0, carry.length);
                    if (to >= 0) {
                        sink.line(carry.bytes, 0, to);
                    } else {
                        cut = new String(carry.bytes, 0, Math.min(carry.length, 120), StandardCharsets.UTF_8);
                    }
                    lines++;
                }
                return new ByteLines.Ending(lines, cut, carry.overlongLines);
            } finally {
                workers.shutdownNow();
            }
        }
    }

    private static Future<Part> submit(ExecutorService workers, FileChannel channel, Part part, int index, int partBytes,
                                       long size, Supplier<Filter> filters) {
        long offset = (long) index * partBytes;
        int length = (int) Math.min(partBytes, size - offset);
        return workers.submit(() -> {
            part.fill(channel, offset, length);
            part.split(filters.get());
            return part;
        });
    }

    private static Part result(Future<Part> future) throws IOException {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof UncheckedIOException io) {
                throw io.getCause();
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** One part of the file in its (reused) buffer, with the lines kept from it. */
    private static final class Part {
        final byte[] buf;
        int length;
        /** Index of the first line end, or -1: the bytes before it end a line begun in earlier parts. */
        int firstEnd;
        /** Where the part's last, unended line starts (== length when the part ends with a line end). */
        int lastStart;
        long lineEnds;
        /** Kept lines as (from, to) pairs, line ends excluded. */
        int[] kept = new int[512];
        int keptCount;
        /** Lines within the part longer than {@link ByteLines#LONGEST_LINE} (parts larger than that only). */
        long overlong;

        Part(int size) {
            buf = new byte[size];
        }

        void fill(FileChannel channel, long offset, int want) throws IOException {
            ByteBuffer into = ByteBuffer.wrap(buf, 0, want);
            while (into.hasRemaining()) {
                if (channel.read(into, offset + into.position()) < 0) {
                    break; // the file shrank while read: what is there is read
                }
            }
            length = into.position();
        }

        void split(Filter filter) {
            keptCount = 0;
            lineEnds = 0;
            overlong = 0;
            byte[] b = buf;
            int end = length;
            firstEnd = Swar.indexOf(b, 0, end, (byte) '\n');
            if (firstEnd < 0) {
                lastStart = 0;
                return;
            }
            lineEnds = 1;
            int start = firstEnd + 1;
            while (start < end) {
                boolean keep = filter.keep(b, start, end);
                int i = Swar.indexOf(b, filter.scanned(), end, (byte) '\n');
                if (i < 0) {
                    break;
                }
                lineEnds++;
                int lineStart = start;
                int to = i > lineStart && b[i - 1] == '\r' ? i - 1 : i;
                start = i + 1;
                if (!ByteLines.fits(lineStart, to)) {
                    overlong++;
                } else if (keep) {
                    if (keptCount + 2 > kept.length) {
                        kept = Arrays.copyOf(kept, kept.length * 2);
                    }
                    kept[keptCount++] = lineStart;
                    kept[keptCount++] = to;
                }
            }
            lastStart = start;
        }

        /** Hands this part's lines to the sink after the line it ends; returns the line ends it held. */
        long deliver(Carry carry, LineSink sink) {
            if (firstEnd < 0) {
                carry.append(buf, 0, length);
                return 0;
            }
            carry.append(buf, 0, firstEnd);
            carry.deliver(sink);
            for (int i = 0; i < keptCount; i += 2) {
                sink.line(buf, kept[i], kept[i + 1]);
            }
            carry.append(buf, lastStart, length);
            carry.overlongLines += overlong;
            return lineEnds;
        }
    }

    /**
     * The line begun at the end of one part and ended in a later one. One longer than
     * {@link ByteLines#LONGEST_LINE} is dropped and counted, as {@link ByteLines} does.
     */
    private static final class Carry {
        byte[] bytes = new byte[4096];
        int length;
        /** The carried line is too long: its bytes are dropped up to its end. */
        boolean overlong;
        long overlongLines;

        void append(byte[] b, int from, int to) {
            int n = to - from;
            if (overlong || n == 0) {
                return;
            }
            if (length + n > ByteLines.LONGEST_LINE + 1) { // the longest line with its \r
                overlong = true;
                length = 0;
                return;
            }
            if (length + n > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + n));
            }
            System.arraycopy(b, from, bytes, length, n);
            length += n;
        }

        void deliver(LineSink sink) {
            int to = length > 0 && bytes[length - 1] == '\r' ? length - 1 : length;
            if (overlong || !ByteLines.fits(0, to)) {
                overlong = false;
                overlongLines++;
            } else {
                sink.line(bytes, 0, to);
            }
            length = 0;
        }
    }
}
