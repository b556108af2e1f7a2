package dev.heaplens.index;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Writes an index file: sections one after the other, then the table and trailer, {@code fsync},
 * and the commit that makes it the index ({@link IndexTarget}: a new file renamed onto the target,
 * so that a reader sees the old index, no index, or the whole new one; or sections appended to an
 * index where the disk has no room for a copy). Not thread-safe.
 */
public final class IndexWriter implements AutoCloseable {
    /** Values by index, written without copying them into an array first. */
    public interface Ints {
        int get(long i);
    }

    public interface Bytes {
        byte get(long i);
    }

    public interface Longs {
        long get(long i);
    }

    /**
     * Values copied a run at a time into a heap array ({@code count} of them from {@code from}): out of
     * core, a mapped column's bulk copy costs far less CPU than a call per value (issue 28's first read).
     */
    public interface IntRuns {
        void copy(long from, int[] into, int count);
    }

    public interface LongRuns {
        void copy(long from, long[] into, int count);
    }

    public interface ByteRuns {
        void copy(long from, byte[] into, int count);
    }

    /** Writes a small structured section. */
    public interface Data {
        void write(DataOutputStream out) throws IOException;
    }

    private record Section(String name, byte type, long offset, long length, int[] blockCrcs) {
    }

    private static final int BUFFER_BYTES = 1 << 20;
    private static final int RUN = 1 << 16; // values a run copies: 256-512 KiB, within the buffer

    private final IndexTarget target;
    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    /** The CRC of the section's current block, and those of its blocks so far. */
    private final CRC32C crc = new CRC32C();
    private final GrowingInts blockCrcs = new GrowingInts();
    private long sectionStart = -1;
    private final CRC32C tableCrc = new CRC32C();
    private final List<Section> sections = new ArrayList<>();
    private long position;
    private boolean committed;

    private IndexWriter(IndexTarget target) {
        this.target = target;
        this.channel = target.channel;
    }

    /** Starts an index for the dump with {@code key}, to be renamed to {@code target} by {@link #commit()}. */
    public static IndexWriter create(Path target, IndexKey key) throws IOException {
        IndexWriter w = new IndexWriter(IndexTarget.replacing(target));
        try {
            ByteBuffer header = ByteBuffer.allocate(IndexFormat.HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            IndexFormat.writeHeader(header, key);
            header.flip();
            w.tableCrc.update(header.duplicate());
            w.buffer.put(header);
            w.position = IndexFormat.HEADER_BYTES;
        } catch (RuntimeException e) {
            w.close();
            throw e;
        }
        return w;
    }

    /**
     * Starts a copy of {@code existing} with more sections (written later, when a command first needs
     * them): its header and sections are copied as they are, with their checksums, into a temporary
     * file beside it; the new sections follow, and {@link #commit()} renames the whole onto it, so a
     * reader still sees one whole index or the other. A section written under a name the index already
     * has replaces it.
     */
    public static IndexWriter extend(IndexReader existing) throws IOException {
        IndexWriter w = new IndexWriter(IndexTarget.replacing(existing.file()));
        try {
            long end = existing.sectionsEnd();
            FileChannel from = existing.channel();
            for (long at = 0; at < end; ) { // positional: the reader's channel keeps its own position
                at += from.transferTo(at, end - at, w.channel);
            }
            w.channel.position(end);
            w.carryOver(existing, end);
        } catch (IOException | RuntimeException e) {
            w.close();
            throw e;
        }
        return w;
    }

    /**
     * As {@link #extend}, but the new sections, table and trailer are written past the end of
     * {@code existing}'s own file, where its disk has no room for a copy ({@link IndexTarget#appending}:
     * its bytes so far stay as they are; a write that fails is cut off again). The old table and
     * trailer stay in the file, unread.
     */
    public static IndexWriter append(IndexReader existing) throws IOException {
        IndexWriter w = new IndexWriter(IndexTarget.appending(existing.file(), existing.fileLength()));
        try {
            w.carryOver(existing, existing.fileLength());
        } catch (IOException | RuntimeException e) {
            w.close();
            throw e;
        }
        return w;
    }

    /** {@code existing}'s header (in the table's checksum) and sections, kept; writing goes on at {@code at}. */
    private void carryOver(IndexReader existing, long at) throws IOException {
        tableCrc.update(IndexReader.read(existing.channel(), 0, IndexFormat.HEADER_BYTES));
        for (IndexReader.Section s : existing.sectionsInFileOrder()) {
            sections.add(new Section(s.name(), s.type(), s.offset(), s.length(), s.blockCrcs()));
        }
        position = at;
    }

    public void longs(String name, long[] values) throws IOException {
        long start = begin();
        putLongs(values, values.length);
        end(name, IndexFormat.LONGS, start);
    }

    private void putLongs(long[] values, int count) throws IOException {
        for (int i = 0; i < count; ) {
            room(8);
            int n = Math.min(count - i, buffer.remaining() / 8); // room() counted the first
            buffer.asLongBuffer().put(values, i, n);
            buffer.position(buffer.position() + 8 * n);
            position += 8L * (n - 1);
            i += n;
        }
    }

    public void ints(String name, int[] values) throws IOException {
        ints(name, new int[][] {values});
    }

    /** Consecutive pages of one int column, as one section. */
    public void ints(String name, int[][] pages) throws IOException {
        long start = begin();
        for (int[] values : pages) {
            putInts(values, values.length);
        }
        end(name, IndexFormat.INTS, start);
    }

    /** {@code values[0..count)} into the buffer in bulk copies. */
    private void putInts(int[] values, int count) throws IOException {
        for (int i = 0; i < count; ) {
            room(4);
            int n = Math.min(count - i, buffer.remaining() / 4); // room() counted the first
            buffer.asIntBuffer().put(values, i, n);
            buffer.position(buffer.position() + 4 * n);
            position += 4L * (n - 1);
            i += n;
        }
    }

    public void bytes(String name, byte[] values) throws IOException {
        long start = begin();
        putBytes(values, values.length);
        end(name, IndexFormat.BYTES, start);
    }

    private void putBytes(byte[] values, int count) throws IOException {
        for (int i = 0; i < count; ) {
            room(1);
            int n = Math.min(count - i, buffer.remaining()); // room() counted the first
            buffer.put(values, i, n);
            position += n - 1;
            i += n;
        }
    }

    /** The same bytes as {@link #ints(String, long, Ints)}, the values fetched a run at a time. */
    public void intRuns(String name, long count, IntRuns values) throws IOException {
        int[] run = new int[runLength(count)];
        inRuns(name, IndexFormat.INTS, count, run.length, (from, n) -> {
            values.copy(from, run, n);
            putInts(run, n);
        });
    }

    public void longRuns(String name, long count, LongRuns values) throws IOException {
        long[] run = new long[runLength(count)];
        inRuns(name, IndexFormat.LONGS, count, run.length, (from, n) -> {
            values.copy(from, run, n);
            putLongs(run, n);
        });
    }

    public void byteRuns(String name, long count, ByteRuns values) throws IOException {
        byte[] run = new byte[runLength(count)];
        inRuns(name, IndexFormat.BYTES, count, run.length, (from, n) -> {
            values.copy(from, run, n);
            putBytes(run, n);
        });
    }

    private static int runLength(long count) {
        return (int) Math.min(RUN, count);
    }

    /** One run of a section written a run at a time: {@code n} values from {@code from}. */
    private interface Run {
        void write(long from, int n) throws IOException;
    }

    private void inRuns(String name, byte type, long count, int runLength, Run run) throws IOException {
        long start = begin();
        for (long i = 0; i < count; i += runLength) {
            run.write(i, (int) Math.min(runLength, count - i));
        }
        end(name, type, start);
    }

    /**
     * A column of {@code count} ints from {@code values}, gathered a chunk at a time and copied in
     * bulk: a checked {@code putInt} each (C1 does not inline it) cost suspects' two path columns
     * about 40 ms a 7.4M-object dump.
     */
    public void ints(String name, long count, Ints values) throws IOException {
        long start = begin();
        int[] chunk = new int[(int) Math.min(count, BUFFER_BYTES / 4)];
        for (long i = 0; i < count; ) {
            int n = (int) Math.min(chunk.length, count - i);
            for (int k = 0; k < n; k++) {
                chunk[k] = values.get(i + k);
            }
            putInts(chunk, n);
            i += n;
        }
        end(name, IndexFormat.INTS, start);
    }

    public void longs(String name, long count, Longs values) throws IOException {
        long start = begin();
        for (long i = 0; i < count; i++) {
            room(8);
            buffer.putLong(values.get(i));
        }
        end(name, IndexFormat.LONGS, start);
    }

    public void bytes(String name, long count, Bytes values) throws IOException {
        long start = begin();
        for (long i = 0; i < count; i++) {
            room(1);
            buffer.put(values.get(i));
        }
        end(name, IndexFormat.BYTES, start);
    }

    /** Strings kept exactly (UTF-16, so any Java string, even with lone surrogates); null is kept too. */
    public void strings(String name, List<String> values) throws IOException {
        long start = begin();
        room(4);
        buffer.putInt(values.size());
        for (String s : values) {
            room(4);
            buffer.putInt(s == null ? -1 : s.length());
        }
        for (String s : values) {
            for (int i = 0, n = s == null ? 0 : s.length(); i < n; i++) {
                room(2);
                buffer.putChar(s.charAt(i));
            }
        }
        end(name, IndexFormat.STRINGS, start);
    }

    /** A small section written with a {@link DataOutputStream} (class tables, headers). */
    public void data(String name, Data body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            body.write(out);
        }
        byte[] b = bytes.toByteArray();
        bytes(name, b.length, i -> b[(int) i]);
        Section s = sections.remove(sections.size() - 1);
        sections.add(new Section(s.name(), IndexFormat.DATA, s.offset(), s.length(), s.blockCrcs()));
    }

    /**
     * Forces what is written so far to disk, between sections: when the rest of the index is still
     * being worked out, {@link #commit()}'s own force then has only the rest to wait for (on the
     * 7.4M-object dump it was 150 ms at the end of the first suspects run).
     */
    public void forceWritten() throws IOException {
        padTo8();
        flush();
        channel.force(false);
    }

    /** Writes the table and trailer, forces the file to disk and renames it onto the target. */
    public void commit() throws IOException {
        padTo8();
        long tableOffset = position;
        ByteArrayOutputStream table = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(table)) {
            out.writeInt(sections.size());
            for (Section s : sections) {
                byte[] name = s.name().getBytes(StandardCharsets.UTF_8);
                out.writeByte(name.length);
                out.write(name);
                out.writeByte(s.type());
                out.writeLong(s.offset());
                out.writeLong(s.length());
                out.writeInt(s.blockCrcs().length);
                for (int c : s.blockCrcs()) {
                    out.writeInt(c);
                }
            }
        }
        byte[] t = table.toByteArray();
        tableCrc.update(t);
        for (byte b : t) {
            room(1);
            buffer.put(b);
        }
        long fileLength = position + IndexFormat.TRAILER_BYTES;
        room(IndexFormat.TRAILER_BYTES);
        buffer.putLong(tableOffset).putInt(t.length).putInt((int) tableCrc.getValue()).putLong(fileLength)
                .put(IndexFormat.END);
        flush();
        channel.force(true);
        target.commit();
        committed = true;
    }

    /** Leaves the target as it was unless {@link #commit()} made the new index its. */
    @Override
    public void close() throws IOException {
        if (!committed) {
            target.abandon();
        }
    }

    private long begin() throws IOException {
        padTo8();
        flush();
        crc.reset();
        blockCrcs.clear();
        sectionStart = position;
        return position;
    }

    private void end(String name, byte type, long start) throws IOException {
        if (name.getBytes(StandardCharsets.UTF_8).length > 127) {
            throw new IllegalArgumentException("section name too long: " + name);
        }
        flush();
        if ((position - start) % IndexFormat.BLOCK_BYTES != 0) {
            blockCrcs.add((int) crc.getValue()); // the last, shorter block
        }
        sectionStart = -1;
        sections.removeIf(s -> s.name().equals(name)); // an extended index's older section of that name
        sections.add(new Section(name, type, start, position - start, blockCrcs.toArray()));
    }

    private void padTo8() throws IOException {
        while ((position & 7) != 0) {
            room(1);
            buffer.put((byte) 0);
        }
    }

    /** Makes room for {@code bytes} more in the buffer, counting them as written. */
    private void room(int bytes) throws IOException {
        if (buffer.remaining() < bytes) {
            flush();
        }
        position += bytes;
    }

    /** Writes the buffer out; every byte of a section goes through here once, so its block CRCs see it. */
    private void flush() throws IOException {
        buffer.flip();
        if (sectionStart >= 0) {
            long at = position - buffer.remaining(); // the file offset of the buffer's first byte
            for (int p = 0; p < buffer.limit(); ) {
                long inSection = at + p - sectionStart;
                int n = (int) Math.min(IndexFormat.BLOCK_BYTES - inSection % IndexFormat.BLOCK_BYTES, buffer.limit() - p);
                crc.update(buffer.slice(p, n));
                p += n;
                if ((inSection + n) % IndexFormat.BLOCK_BYTES == 0) {
                    blockCrcs.add((int) crc.getValue());
                    crc.reset();
                }
            }
        }
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        buffer.clear();
    }

    /** A few ints, growing (block CRCs: one per 64 KiB of a section). */
    private static final class GrowingInts {
        private int[] values = new int[64];
        private int size;

        void add(int v) {
            if (size == values.length) {
                values = java.util.Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        void clear() {
            size = 0;
        }

        int[] toArray() {
            return java.util.Arrays.copyOf(values, size);
        }
    }
}
