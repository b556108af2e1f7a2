package dev.heaplens.format.ruby;

import dev.heaplens.util.Swar;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads one chunk of a dump (a byte range of a file, or a whole stream) through a reused buffer,
 * splits it into lines, parses each and hands the records to a sink. Lines of any length fit:
 * the buffer grows to hold the longest line.
 */
final class ChunkReader {
    static final int MAX_PROBLEMS_KEPT = 5;
    /** How many raw-newline continuations one record may have before it is called malformed. */
    private static final int MAX_CONTINUATION_LINES = 4;
    private static final int BUFFER_SIZE = 4 * 1024 * 1024;
    /**
     * The longest line held whole. A longer one is skipped up to its newline and counted as
     * malformed: Java arrays stop short of 2 GiB, and no record Ruby writes comes near this.
     */
    static final int MAX_LINE = 1 << 30;

    private final RubyLineParser parser;
    /**
     * Decides what a malformed line is, the same way for every command: a line is malformed when
     * not even the fields every command reads (type, address, class, memsize) can be read. Null
     * when {@link #parser} reads no more than that.
     */
    private final RubyLineParser minimal;
    private final RubyRecordSink sink;
    private final RubyRecord record = new RubyRecord();
    private final boolean strict;
    private final int index;
    /** The lowest index of a chunk that hit a fatal line; chunks after it stop, those before go on. */
    private final AtomicInteger firstFatalChunk;
    private final AtomicLong bytesRead;

    private final int maxLine;
    /**
     * The most this chunk's memsizes may add up to: the chunks' budgets sum to no more than
     * Long.MAX_VALUE, so no total, group, retained set or difference built from them overflows.
     */
    private final long memsizeBudget;
    private long memsizeTotal;
    /** Why the last {@link #parse} refused its line. */
    private String error;
    /** Only while reading: a reading thread passes one buffer from chunk to chunk. */
    private byte[] buf;
    /**
     * While {@link #buf} is grown for a long line: the normal-size buffer it replaced, taken back
     * once the line is handled, so that the long line's bytes are garbage before the next chunk.
     */
    private byte[] normal;
    /** The file being read by {@link #readRange} (null for a stream): a long line's end is looked up in it. */
    private FileChannel channel;
    /** The file position just after {@code buf[0, filled)}, while {@link #readRange} reads. */
    private long position;
    private long bufferOffset;
    /** {@code buf[0, scanned)} holds no newline that lets a line be handled: only newer bytes can. */
    private int scanned;
    /** Inside a line too long to hold: bytes are dropped up to its newline. */
    private boolean skippingLongLine;

    long lines;
    long malformed;
    /** Lines read without the extra fields asked for (references, allocation, flags): they did not parse. */
    long partial;
    LineProblem firstPartial;
    final List<LineProblem> problems = new ArrayList<>();
    /** The first problem when strict; reading stopped there. */
    LineProblem fatal;
    /** The input ended without a newline inside a line that does not parse. */
    LineProblem truncatedLastLine;

    ChunkReader(int index, Set<RubyLineParser.Field> fields, RubyRecordSink sink, boolean strict,
                AtomicInteger firstFatalChunk, AtomicLong bytesRead) {
        this(index, fields, sink, strict, firstFatalChunk, bytesRead, MAX_LINE, Long.MAX_VALUE);
    }

    ChunkReader(int index, Set<RubyLineParser.Field> fields, RubyRecordSink sink, boolean strict,
                AtomicInteger firstFatalChunk, AtomicLong bytesRead, int maxLine, long memsizeBudget) {
        this.maxLine = maxLine;
        this.memsizeBudget = memsizeBudget;
        this.index = index;
        this.firstFatalChunk = firstFatalChunk;
        this.parser = new RubyLineParser(fields);
        this.minimal = fields.isEmpty() ? null : new RubyLineParser(Set.of());
        this.sink = sink;
        this.strict = strict;
        this.bytesRead = bytesRead;
    }

    /** An earlier chunk hit a fatal line: what this one finds no longer matters. */
    private boolean stopped() {
        return fatal != null || firstFatalChunk.get() < index;
    }

    /**
     * Reads {@code [from, to)} of the file through {@code buffer} (null: a new one); returns the
     * buffer, grown if a line needed it, for the thread's next chunk.
     */
    byte[] readRange(FileChannel channel, long from, long to, byte[] buffer) throws IOException {
        buf = buffer != null ? buffer : new byte[BUFFER_SIZE];
        bufferOffset = from;
        this.channel = channel;
        position = from;
        int filled = 0;
        while (position < to && !stopped()) {
            filled = makeRoom(filled);
            // a buffer grown for a long line is still filled a few MB at a time: parsed while cached
            int want = (int) Math.min(Math.min(buf.length - filled, BUFFER_SIZE), to - position);
            int n = channel.read(ByteBuffer.wrap(buf, filled, want), position);
            if (n < 0) {
                break;
            }
            position += n;
            filled += n;
            bytesRead.addAndGet(n);
            filled = consume(filled, position >= to);
            filled = shrinkAfterLongLine(filled);
        }
        byte[] used = normal != null ? normal : buf;
        buf = null;
        normal = null;
        this.channel = null;
        return used;
    }

    void readStream(InputStream in) throws IOException {
        buf = new byte[BUFFER_SIZE];
        bufferOffset = 0;
        int filled = 0;
        while (!stopped()) {
            filled = makeRoom(filled);
            int n = in.read(buf, filled, buf.length - filled);
            if (n < 0) {
                consume(filled, true);
                return;
            }
            filled += n;
            bytesRead.addAndGet(n);
            filled = consume(filled, false);
            filled = shrinkAfterLongLine(filled);
        }
    }

    /**
     * Returns how much of a full buffer is kept. A file's buffer grows once, to the long line's
     * length looked up in the file; a stream's doubles (so a long line costs linear time). Either
     * stops at the line bound: a line past it is counted, and dropped up to its newline.
     */
    private int makeRoom(int filled) throws IOException {
        if (filled < buf.length) {
            return filled;
        }
        String why = "more than heaplens holds";
        if (!skippingLongLine && buf.length < maxLine) {
            try {
                long wanted = channel != null ? filled + lineRest() : Math.min(maxLine, 2L * buf.length);
                if (wanted <= maxLine) {
                    if (normal == null) {
                        normal = buf;
                    }
                    buf = java.util.Arrays.copyOf(buf, (int) Math.max(wanted, buf.length + 1L));
                    return filled;
                }
            } catch (OutOfMemoryError e) {
                // a line the heap cannot hold is skipped like one past the bound
                why = "more than this heap holds (a larger -Xmx reads it)";
            }
        }
        if (!skippingLongLine) {
            skippingLongLine = true;
            lines++;
            malformed(new LineProblem(lines, bufferOffset, "line longer than " + filled + " bytes, " + why + ": skipped"));
            if (fatal != null) {
                firstFatalChunk.accumulateAndGet(index, Math::min);
            }
        }
        bufferOffset += filled;
        scanned = 0;
        return 0;
    }

    /**
     * The bytes from {@link #position} to just past the next newline in the file (to its end when
     * the last line has none), looked for no further than the line bound: the long line's rest.
     */
    private long lineRest() throws IOException {
        ByteBuffer block = ByteBuffer.allocate(64 * 1024);
        long most = (long) maxLine - buf.length + 1;
        long at = position;
        for (long seen = 0; seen < most; ) {
            block.clear();
            int n = channel.read(block, at);
            if (n <= 0) {
                return seen;
            }
            int nl = Swar.indexOf(block.array(), 0, n, (byte) '\n');
            if (nl >= 0) {
                return seen + nl + 1;
            }
            seen += n;
            at += n;
        }
        return most;
    }

    /**
     * Once the long line that grew the buffer is handled, moves what is left of the buffer (less
     * than half a normal one) back to the normal buffer: the long one becomes garbage now, not
     * after the thread's last chunk. Returns how much is buffered.
     */
    private int shrinkAfterLongLine(int filled) {
        if (normal != null && filled <= normal.length / 2 && !skippingLongLine) {
            System.arraycopy(buf, 0, normal, 0, filled);
            buf = normal;
            normal = null;
        }
        return filled;
    }

    /**
     * Handles the complete lines in {@code buf[0, filled)}, moves the unfinished tail to the
     * front, and returns its length. At the end of input the tail is the last line.
     */
    private int consume(int filled, boolean endOfInput) {
        int lineStart = 0;
        if (skippingLongLine) {
            int nl = indexOfNewline(0, filled);
            if (nl < 0) {
                bufferOffset += filled;
                return 0;
            }
            skippingLongLine = false;
            lineStart = nl + 1;
        } else if (!endOfInput && indexOfNewline(scanned, filled) < 0) {
            scanned = filled; // still inside the same line: do not scan its start again
            return filled;
        }
        int nl;
        while ((nl = indexOfNewline(lineStart, filled)) >= 0) {
            int next = handleLine(lineStart, nl, filled, endOfInput);
            if (next < 0) {
                break; // the line may continue past what is buffered: read more first
            }
            lineStart = next;
            if (fatal != null) {
                firstFatalChunk.accumulateAndGet(index, Math::min);
                return 0;
            }
        }
        if (endOfInput) {
            if (lineStart < filled) {
                handleLastLine(lineStart, filled);
                if (fatal != null) {
                    firstFatalChunk.accumulateAndGet(index, Math::min);
                }
            }
            return 0;
        }
        int tail = filled - lineStart;
        System.arraycopy(buf, lineStart, buf, 0, tail);
        bufferOffset += lineStart;
        scanned = tail; // a line waiting for more input is not looked at again before a new newline
        return tail;
    }

    private int indexOfNewline(int from, int to) {
        return Swar.indexOf(buf, from, to, (byte) '\n');
    }

    /**
     * Handles the line {@code [start, nl)} and returns where the next one starts, or -1 when
     * more input is needed to decide. A line that does not parse may have been split by a raw
     * newline (Ruby 3.0/3.1 write garbage bytes for non-ASCII method names): when the following
     * lines do not start a record, the joined text is tried before the line is called malformed.
     */
    private int handleLine(int start, int nl, int filled, boolean endOfInput) {
        if (isBlank(start, nl)) {
            lines++;
            return nl + 1;
        }
        if (parse(start, nl)) {
            lines++;
            return nl + 1;
        }
        String error = this.error;
        int end = nl;
        for (int joined = 1; joined <= MAX_CONTINUATION_LINES; joined++) {
            if (end + 1 >= filled) {
                if (!endOfInput) {
                    return -1;
                }
                break;
            }
            if (RecordStart.isAt(buf, end + 1, filled)) {
                break;
            }
            int next = indexOfNewline(end + 1, filled);
            if (next < 0) {
                if (!endOfInput) {
                    return -1;
                }
                next = filled;
            }
            end = next;
            if (parse(start, end)) {
                lines += 1 + joined;
                return Math.min(end + 1, filled);
            }
        }
        lines++;
        if (!parseMinimal(start, nl, error)) {
            malformed(new LineProblem(lines, bufferOffset + start, error));
        }
        return nl + 1;
    }

    /** Reads a line the full parse refused with the minimal one; counts it as partly read if that works. */
    private boolean parseMinimal(int start, int end, String error) {
        if (minimal == null || error.startsWith(OVER_BUDGET)) {
            return false;
        }
        record.offset = bufferOffset + start;
        if (!minimal.parse(buf, start, end, record) || !deliver()) {
            return false;
        }
        partial++;
        LineProblem problem = new LineProblem(lines, bufferOffset + start, error + " (read without its "
                + "references, allocation site and flags)");
        if (firstPartial == null) {
            firstPartial = problem;
        }
        if (strict) {
            fatal = problem;
        }
        return true;
    }

    private void handleLastLine(int start, int end) {
        lines++;
        if (isBlank(start, end) || parse(start, end) || parseMinimal(start, end, error)) {
            return;
        }
        truncatedLastLine = new LineProblem(lines, bufferOffset + start,
                "last line is truncated (" + (end - start) + " bytes, no newline): " + error);
        if (strict) {
            fatal = truncatedLastLine;
        }
    }

    private boolean parse(int start, int end) {
        record.offset = bufferOffset + start;
        if (parser.parse(buf, start, end, record)) {
            return deliver();
        }
        error = parser.error();
        return false;
    }

    private static final String OVER_BUDGET = "memsizes add up to more than";

    /** Hands the record to the sink unless its memsize would take the dump's total past what a long holds. */
    private boolean deliver() {
        if (record.memsize > memsizeBudget - memsizeTotal) {
            error = OVER_BUDGET + " " + memsizeBudget + " bytes with this line's " + record.memsize
                    + ": the line is not counted";
            return false;
        }
        memsizeTotal += record.memsize;
        sink.accept(record);
        record.dropLargeReferences();
        return true;
    }

    private void malformed(LineProblem problem) {
        malformed++;
        if (problems.size() < MAX_PROBLEMS_KEPT) {
            problems.add(problem);
        }
        if (strict) {
            fatal = problem;
        }
    }

    private boolean isBlank(int start, int end) {
        for (int i = start; i < end; i++) {
            byte b = buf[i];
            if (b != ' ' && b != '\r' && b != '\t') {
                return false;
            }
        }
        return true;
    }
}
