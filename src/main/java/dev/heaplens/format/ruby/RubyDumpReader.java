package dev.heaplens.format.ruby;

import dev.heaplens.HeaplensException;
import dev.heaplens.io.DumpInput;
import dev.heaplens.io.ReadAheadInputStream;
import dev.heaplens.util.Parallel;
import dev.heaplens.util.Swar;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.zip.ZipException;

/**
 * Reads a Ruby heap dump once and feeds every record to sinks. A plain file is split at line
 * boundaries into chunks, each read by its own {@link ChunkReader} with its own sink, by reading
 * threads that take the next chunk in file order as they finish one; a gzip file or standard
 * input is read as one stream.
 */
public final class RubyDumpReader {
    /** Below this a file is not worth a second thread. */
    static final long DEFAULT_MIN_CHUNK = 8L * 1024 * 1024;

    /**
     * @param strict     stop at the first malformed line
     * @param fields     what to decode beyond type, class and memsize
     * @param threads    at most this many reading threads
     * @param bytesRead  progress counter, advanced as bytes are read
     * @param minChunk   smallest byte range worth its own thread
     * @param chunksPerThread how many chunks (and sinks) a file is split into per thread: more
     *                   even out the threads' ends when lines cost unevenly, for sinks that
     *                   cost little each
     * @param buffers    where the reading threads take their buffers and give them back, for
     *                   the next read; null: each read makes its own
     */
    public record Options(boolean strict, Set<RubyLineParser.Field> fields, int threads, AtomicLong bytesRead,
                          long minChunk, int chunksPerThread, ReadBuffers buffers) {
        public static Options defaults() {
            return new Options(false, Set.of(), Runtime.getRuntime().availableProcessors(), new AtomicLong(),
                    DEFAULT_MIN_CHUNK, 1, null);
        }

        public Options withBuffers(ReadBuffers value) {
            return new Options(strict, fields, threads, bytesRead, minChunk, chunksPerThread, value);
        }

        public Options withStrict(boolean value) {
            return new Options(value, fields, threads, bytesRead, minChunk, chunksPerThread, buffers);
        }

        public Options withFields(Set<RubyLineParser.Field> value) {
            return new Options(strict, Set.copyOf(value), threads, bytesRead, minChunk, chunksPerThread, buffers);
        }

        public Options withThreads(int value) {
            return new Options(strict, fields, value, bytesRead, minChunk, chunksPerThread, buffers);
        }

        public Options withMinChunk(long value) {
            return new Options(strict, fields, threads, bytesRead, value, chunksPerThread, buffers);
        }

        public Options withChunksPerThread(int value) {
            return new Options(strict, fields, threads, bytesRead, minChunk, Math.max(1, value), buffers);
        }
    }

    private RubyDumpReader() {
    }

    public static <S extends RubyRecordSink> ReadResult<S> read(DumpInput input, Options options, Supplier<S> sinks) {
        input.requireRuby();
        try {
            return input.isSplittable() ? readFile(input, options, sinks) : readStream(input, options, sinks);
        } catch (UncheckedIOException e) {
            throw new HeaplensException(input.name() + ": read failed: " + e.getCause().getMessage());
        } catch (IOException e) {
            throw new HeaplensException(input.name() + ": read failed: " + e.getMessage());
        }
    }

    private static <S extends RubyRecordSink> ReadResult<S> readStream(DumpInput input, Options options, Supplier<S> sinks)
            throws IOException {
        S sink = sinks.get();
        ChunkReader reader = new ChunkReader(0, options.fields(), sink, options.strict(), new AtomicInteger(Integer.MAX_VALUE),
                options.bytesRead());
        try (InputStream in = new ReadAheadInputStream(input.openStream())) {
            reader.readStream(in);
        } catch (ZipException e) {
            // Corrupt, not cut: what was decompressed may already be garbage, so nothing read is trusted.
            throw new HeaplensException(input.name() + ": corrupt gzip data after " + options.bytesRead().get()
                    + " decompressed bytes (" + e.getMessage() + "): not read");
        } catch (EOFException e) {
            // A gzip stream cut short: the lines before the cut were read; say so, never silently.
            if (options.strict()) {
                throw new HeaplensException(input.name() + ": compressed data ends early after "
                        + options.bytesRead().get() + " bytes (truncated gzip file?)");
            }
            reader.truncatedLastLine = new LineProblem(reader.lines, options.bytesRead().get(),
                    "compressed data ends early (truncated gzip file?): results cover the lines before it");
        }
        failIfFatal(input, reader.fatal);
        return new ReadResult<>(List.of(sink), reader.lines, options.bytesRead().get(), reader.malformed,
                List.copyOf(reader.problems), reader.truncatedLastLine, reader.partial, reader.firstPartial);
    }

    private static <S extends RubyRecordSink> ReadResult<S> readFile(DumpInput input, Options options, Supplier<S> sinks)
            throws IOException {
        try (FileChannel channel = input.openChannel()) {
            long size = channel.size();
            long most = size / Math.max(1, options.minChunk());
            int threads = (int) Math.max(1, Math.min(options.threads(), most));
            int chunks = (int) Math.max(1, Math.min((long) threads * options.chunksPerThread(), most));
            long[] bounds = chunkBounds(channel, size, chunks);
            AtomicInteger firstFatalChunk = new AtomicInteger(Integer.MAX_VALUE);
            List<S> sinkList = new ArrayList<>();
            List<ChunkReader> readers = new ArrayList<>();
            for (int i = 0; i < chunks; i++) {
                S sink = sinks.get();
                sinkList.add(sink);
                readers.add(new ChunkReader(i, options.fields(), sink, options.strict(), firstFatalChunk, options.bytesRead(),
                        ChunkReader.MAX_LINE, Long.MAX_VALUE / chunks));
            }
            runInParallel(channel, readers, bounds, threads, options.buffers());
            return assemble(input, channel, sinkList, readers, options);
        }
    }

    /**
     * The chunks on {@code threads} threads, each taking the next chunk in file order when done
     * with one; a chunk that fails fails the read (see {@link Parallel#inTurn}). A chunk takes a
     * buffer from {@code buffers} (null: from the chunks before it) and gives it back, grown if a
     * long line needed it.
     */
    private static void runInParallel(FileChannel channel, List<ChunkReader> readers, long[] bounds, int threads,
                                      ReadBuffers buffers) throws IOException {
        ReadBuffers pool = buffers != null ? buffers : new ReadBuffers();
        Parallel.inTurn("heaplens-reader", threads, readers.size(),
                i -> pool.giveBack(readers.get(i).readRange(channel, bounds[i], bounds[i + 1], pool.take())));
    }

    private static <S> ReadResult<S> assemble(DumpInput input, FileChannel channel, List<S> sinks,
                                              List<ChunkReader> readers, Options options) throws IOException {
        long lines = 0;
        long malformed = 0;
        List<LineProblem> problems = new ArrayList<>();
        LineProblem truncated = null;
        long partial = 0;
        LineProblem firstPartial = null;
        for (ChunkReader reader : readers) {
            if (reader.fatal != null) {
                long line = countNewlines(channel, reader.fatal.offset()) + 1;
                failIfFatal(input, new LineProblem(line, reader.fatal.offset(), reader.fatal.message()));
            }
            for (LineProblem p : reader.problems) {
                if (problems.size() < ChunkReader.MAX_PROBLEMS_KEPT) {
                    problems.add(new LineProblem(lines + p.line(), p.offset(), p.message()));
                }
            }
            if (reader.truncatedLastLine != null) {
                LineProblem t = reader.truncatedLastLine;
                truncated = new LineProblem(lines + t.line(), t.offset(), t.message());
            }
            if (firstPartial == null && reader.firstPartial != null) {
                LineProblem p = reader.firstPartial;
                firstPartial = new LineProblem(lines + p.line(), p.offset(), p.message());
            }
            lines += reader.lines;
            malformed += reader.malformed;
            partial += reader.partial;
        }
        return new ReadResult<>(sinks, lines, options.bytesRead().get(), malformed, List.copyOf(problems), truncated,
                partial, firstPartial);
    }

    private static void failIfFatal(DumpInput input, LineProblem fatal) {
        if (fatal != null) {
            throw new HeaplensException(input.name() + ": line " + fatal.line() + ": " + fatal.message()
                    + " (--strict stops at the first bad line)");
        }
    }

    /** Chunk i is [bounds[i], bounds[i+1]); every inner bound is just after a newline. */
    static long[] chunkBounds(FileChannel channel, long size, int chunks) throws IOException {
        long[] bounds = new long[chunks + 1];
        bounds[chunks] = size;
        for (int i = 1; i < chunks; i++) {
            long guess = Math.max(size / chunks * i, bounds[i - 1]);
            bounds[i] = Math.min(size, afterNextNewline(channel, guess, size));
        }
        return bounds;
    }

    /** Just after the first newline at or after {@code from} that is followed by a record start. */
    private static long afterNextNewline(FileChannel channel, long from, long size) throws IOException {
        byte[] block = new byte[64 * 1024];
        long position = from;
        while (position < size) {
            int n = channel.read(ByteBuffer.wrap(block), position);
            if (n <= 0) {
                break;
            }
            // Look at newlines whose following record start is fully inside the block, found a word
            // at a time: a guess that lands in a long line (an 18 MB array in the benchmark dump)
            // scanned it a byte at a time, 12-25 ms of CPU before any thread could start.
            int usable = position + n >= size ? n : n - RecordStart.LENGTH;
            for (int i = Swar.indexOf(block, 0, usable, (byte) '\n'); i >= 0;
                 i = Swar.indexOf(block, i + 1, usable, (byte) '\n')) {
                if (position + i + 1 >= size || RecordStart.isAt(block, i + 1, n)) {
                    return position + i + 1;
                }
            }
            position += Math.max(1, usable);
        }
        return size;
    }

    /** Counts newlines before {@code offset}: only used to name the line of a fatal error. */
    private static long countNewlines(FileChannel channel, long offset) throws IOException {
        ByteBuffer block = ByteBuffer.allocate(1024 * 1024);
        long count = 0;
        long position = 0;
        while (position < offset) {
            block.clear();
            block.limit((int) Math.min(block.capacity(), offset - position));
            int n = channel.read(block, position);
            if (n <= 0) {
                break;
            }
            for (int i = 0; i < n; i++) {
                if (block.get(i) == '\n') {
                    count++;
                }
            }
            position += n;
        }
        return count;
    }
}
