package dev.heaplens.format.hprof;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a plain HPROF file into parts that threads can read at once with
 * {@link HprofReader#readRecords}: at HEAP DUMP SEGMENT boundaries, each part holding about as
 * many heap bytes. Only record headers are read (HotSpot writes segments of about 1 MB, so a few
 * hundred small reads). On anything unexpected it gives one part and leaves the reader, which
 * reads the file whole then, to report the problem.
 */
public final class HprofParts {
    private static final int HEAP_DUMP = 0x0C;
    private static final int HEAP_DUMP_SEGMENT = 0x1C;
    private static final int RECORD_HEADER = 9;
    private static final int WINDOW = 8 * 1024;

    /**
     * The file's header and where each part starts: the first right after the header, each
     * later one at a segment; a part ends where the next starts, the last at the end of the file.
     * One start means: read the file whole.
     */
    /**
     * Where each part starts, and the classes named {@code jdk/internal/vm/StackChunk} in the dump's
     * LOAD CLASS records: a part of a count reads those instances' contents (their sizes differ),
     * though it sees neither the names nor the class dumps, which are in the first part.
     */
    public record Split(HprofHeader header, long[] starts, long[] stackChunkClasses) {
        Split(HprofHeader header, long[] starts) {
            this(header, starts, new long[0]);
        }

        static Split whole() {
            return new Split(null, new long[] {0});
        }
    }

    static final String STACK_CHUNK = "jdk/internal/vm/StackChunk";
    private static final int UTF8 = 0x01;
    private static final int LOAD_CLASS = 0x02;

    private final FileChannel file;
    private final long size;
    private final ByteBuffer window = ByteBuffer.allocate(WINDOW);
    /** File offset of window[0]; the window holds [windowStart, windowStart + window.limit()). */
    private long windowStart;

    private HprofParts(FileChannel file) throws IOException {
        this.file = file;
        this.size = file.size();
        window.limit(0);
    }

    /** Splits {@code file} into at most {@code parts} parts. */
    public static Split of(FileChannel file, int parts) throws IOException {
        return parts < 2 ? Split.whole() : new HprofParts(file).split(parts);
    }

    private Split split(int parts) throws IOException {
        if (!fetch(0, 64)) {
            return Split.whole();
        }
        int nul = 0;
        while (nul < 32 && window.get(nul) != 0) {
            nul++;
        }
        String version = new String(window.array(), 0, nul, StandardCharsets.US_ASCII);
        if (nul == 32 || !HprofReader.VERSIONS.contains(version)) {
            return Split.whole();
        }
        int idSize = window.getInt(nul + 1);
        if (idSize != 4 && idSize != 8) {
            return Split.whole();
        }
        HprofHeader header = new HprofHeader(version, idSize, window.getLong(nul + 5));
        long first = nul + 1 + 4 + 8;

        List<Long> segments = new ArrayList<>();
        List<Long> lengths = new ArrayList<>();
        byte[] chunkName = STACK_CHUNK.getBytes(StandardCharsets.US_ASCII);
        List<Long> chunkNameIds = new ArrayList<>();
        List<long[]> loaded = new ArrayList<>(); // {class id, name id}
        for (long at = first; at < size; ) {
            if (!fetch(at, RECORD_HEADER)) {
                return Split.whole();
            }
            int tag = window.get((int) (at - windowStart)) & 0xFF;
            long length = window.getInt((int) (at - windowStart) + 5) & 0xFFFF_FFFFL;
            long next = at + RECORD_HEADER + length;
            if (next > size) {
                return Split.whole();
            }
            if (tag == HEAP_DUMP || tag == HEAP_DUMP_SEGMENT) {
                segments.add(at);
                lengths.add(length);
            } else if (tag == UTF8 && length == idSize + chunkName.length && fetch(at + RECORD_HEADER, (int) length)
                    && named(at + RECORD_HEADER + idSize, chunkName)) {
                chunkNameIds.add(id(at + RECORD_HEADER, idSize));
            } else if (tag == LOAD_CLASS && length == 8 + 2L * idSize && fetch(at + RECORD_HEADER, (int) length)) {
                loaded.add(new long[] {id(at + RECORD_HEADER + 4, idSize), id(at + RECORD_HEADER + 8 + idSize, idSize)});
            }
            at = next;
        }
        long[] chunkClasses = loaded.stream().filter(c -> chunkNameIds.contains(c[1])).mapToLong(c -> c[0]).toArray();
        return new Split(header, starts(first, segments, lengths, parts), chunkClasses);
    }

    /** Whether the window holds {@code name}'s bytes at {@code at}. */
    private boolean named(long at, byte[] name) {
        int from = (int) (at - windowStart);
        for (int i = 0; i < name.length; i++) {
            if (window.get(from + i) != name[i]) {
                return false;
            }
        }
        return true;
    }

    /** The id of {@code idSize} bytes at {@code at}, in the window. */
    private long id(long at, int idSize) {
        int from = (int) (at - windowStart);
        return idSize == 4 ? window.getInt(from) & 0xFFFF_FFFFL : window.getLong(from);
    }

    /** Cuts before each segment whose middle passes the next share of the heap bytes. */
    private static long[] starts(long first, List<Long> segments, List<Long> lengths, int parts) {
        long share = lengths.stream().mapToLong(Long::longValue).sum() / parts;
        List<Long> starts = new ArrayList<>(List.of(first));
        long before = 0;
        for (int i = 0; i < segments.size(); i++) {
            if (starts.size() < parts && before > 0 && before + lengths.get(i) / 2 >= share * starts.size()) {
                starts.add(segments.get(i));
            }
            before += lengths.get(i);
        }
        return starts.stream().mapToLong(Long::longValue).toArray();
    }

    /** Makes the window hold {@code [at, at + n)}; false when the file ends first. */
    private boolean fetch(long at, int n) throws IOException {
        if (at >= windowStart && at + n <= windowStart + window.limit()) {
            return true;
        }
        if (at + n > size) {
            return false;
        }
        window.clear();
        while (window.hasRemaining()) {
            int r = file.read(window, at + window.position());
            if (r < 0) {
                break;
            }
        }
        window.flip();
        windowStart = at;
        return window.limit() >= n;
    }
}
