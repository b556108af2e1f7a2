package dev.heaplens.index;

import dev.heaplens.HeaplensException;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * An index file opened for reading. {@link #open} checks, before anything is used, that the file
 * is whole (its trailer names its own length), that its header and section table match their
 * checksum, and that it was made from the dump as it is now ({@link IndexKey}). A section is read
 * only when asked for: memory-mapped in chunks of at most {@value #CHUNK_BYTES} bytes (so columns
 * over 2 GB work), its checksum verified, and its values copied into an array in one bulk copy per
 * chunk. Every problem is an {@link IndexException}.
 */
public final class IndexReader implements AutoCloseable {
    /** Bytes per page of {@link #mappedLongs} and its kin: 2^30. */
    public static final int MAPPED_PAGE_SHIFT = 30;
    /** Mapped at once: a multiple of 8 under 2 GB. */
    private static final int CHUNK_BYTES = 1 << MAPPED_PAGE_SHIFT;
    /** A whole column is read this much at a time: 16 blocks. */
    private static final int WINDOW_BYTES = 16 * IndexFormat.BLOCK_BYTES;

    /** A section and its bytes, mapped at open; which of its blocks were checked against their CRC. */
    record Section(String name, byte type, long offset, long length, int[] blockCrcs,
                           List<MappedByteBuffer> chunks, java.util.BitSet checked) {
        /** Checks blocks {@code from} to {@code to} (exclusive) once each; throws on a mismatch. */
        synchronized void check(int from, int to) {
            CRC32C crc = new CRC32C();
            for (int b = checked.nextClearBit(from); b < to; b = checked.nextClearBit(b + 1)) {
                long start = (long) b * IndexFormat.BLOCK_BYTES;
                ByteBuffer chunk = chunks.get((int) (start / CHUNK_BYTES));
                int at = (int) (start % CHUNK_BYTES);
                crc.reset();
                crc.update(chunk.slice(at, (int) Math.min(IndexFormat.BLOCK_BYTES, length - start)));
                if ((int) crc.getValue() != blockCrcs[b]) {
                    throw new IndexException("corrupt: section " + name + " does not match its checksum at byte " + start);
                }
                checked.set(b);
            }
        }

        /** A view of the {@code bytes} bytes at {@code at}, its blocks checked. */
        ByteBuffer at(long at, int bytes) {
            if (at < 0 || at + bytes > length) {
                throw new IndexException("corrupt: section " + name + " has no byte " + at);
            }
            int first = (int) (at / IndexFormat.BLOCK_BYTES);
            check(first, (int) ((at + bytes - 1) / IndexFormat.BLOCK_BYTES) + 1);
            return chunks.get((int) (at / CHUNK_BYTES)).duplicate().order(ByteOrder.LITTLE_ENDIAN)
                    .position((int) (at % CHUNK_BYTES));
        }
    }

    private final Path file;
    private final Map<String, Section> sections;
    /** Where the sections end and the table begins: what {@link IndexWriter#extend} copies. */
    private final long sectionsEnd;
    /** The file's length when it was checked: where {@link IndexWriter#append} writes on. */
    private final long fileLength;
    /**
     * Kept open for the columns read later: the file this reader checked, even if a rebuild has
     * since renamed a new index onto its path. Closed with the process (or when unreachable).
     */
    private final FileChannel channel;

    private IndexReader(Path file, Table table, FileChannel channel) {
        this.file = file;
        this.sections = table.sections();
        this.sectionsEnd = table.sectionsEnd();
        this.fileLength = table.fileLength();
        this.channel = channel;
    }

    private record Table(Map<String, Section> sections, long sectionsEnd, long fileLength) {
    }

    /**
     * Opens {@code file}, an index that must have been made from the dump whose key is {@code expected},
     * and maps its sections (the OS reads their pages only when a section is read).
     */
    public static IndexReader open(Path file, IndexKey expected) throws IOException {
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        try {
            return new IndexReader(file, readTable(ch, expected), ch);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** The index file read. */
    public Path file() {
        return file;
    }

    /**
     * For a section found unusable only when first read, after the command started on the index:
     * it cannot be rebuilt under the running command, so the file is removed (the next run rebuilds
     * it) and the command stops with one line saying so.
     */
    public HeaplensException failedLater(IndexException e) {
        try {
            java.nio.file.Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // the message still says what to do
        }
        return new HeaplensException("index " + file + " is " + e.getMessage() + "; removed it: run the command"
                + " again to rebuild it (or give --no-index)");
    }

    private static Table readTable(FileChannel ch, IndexKey expected) throws IOException {
        long size = ch.size();
        if (size < IndexFormat.HEADER_BYTES + IndexFormat.TRAILER_BYTES) {
            throw new IndexException("half-written: " + size + " bytes, shorter than an empty index");
        }
        ByteBuffer trailer = read(ch, size - IndexFormat.TRAILER_BYTES, IndexFormat.TRAILER_BYTES);
        long tableOffset = trailer.getLong();
        int tableLength = trailer.getInt();
        int tableCrc = trailer.getInt();
        long length = trailer.getLong();
        byte[] end = new byte[IndexFormat.END.length];
        trailer.get(end);
        if (!java.util.Arrays.equals(end, IndexFormat.END) || length != size) {
            throw new IndexException("half-written: it does not end as a whole index does");
        }
        if (tableOffset < IndexFormat.HEADER_BYTES || tableLength < 0
                || tableOffset + tableLength != size - IndexFormat.TRAILER_BYTES) {
            throw new IndexException("corrupt: its section table is out of place");
        }
        ByteBuffer header = read(ch, 0, IndexFormat.HEADER_BYTES);
        ByteBuffer table = read(ch, tableOffset, tableLength);
        CRC32C crc = new CRC32C();
        crc.update(header.duplicate());
        crc.update(table.duplicate());
        if ((int) crc.getValue() != tableCrc) {
            throw new IndexException("corrupt: its header or section table does not match its checksum");
        }
        IndexKey key = IndexFormat.readHeader(header);
        String mismatch = expected.mismatch(key);
        if (mismatch != null) {
            throw new IndexException("stale: " + mismatch + " since it was made");
        }
        Map<String, Section> sections = new HashMap<>();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(table.array(), 0, tableLength))) {
            int count = in.readInt();
            for (int i = 0; i < count; i++) {
                byte[] name = new byte[in.readUnsignedByte()];
                in.readFully(name);
                byte type = in.readByte();
                long offset = in.readLong();
                long bytes = in.readLong();
                int blocks = in.readInt();
                if (blocks != (bytes + IndexFormat.BLOCK_BYTES - 1) / IndexFormat.BLOCK_BYTES) {
                    throw new IndexException("corrupt: a section's checksums do not fit its length");
                }
                int[] blockCrcs = new int[blocks];
                for (int b = 0; b < blocks; b++) {
                    blockCrcs[b] = in.readInt();
                }
                if (offset < IndexFormat.HEADER_BYTES || bytes < 0 || offset + bytes > tableOffset) {
                    throw new IndexException("corrupt: a section lies outside the file");
                }
                List<MappedByteBuffer> chunks = new ArrayList<>();
                for (long at = 0; at < bytes; at += CHUNK_BYTES) {
                    chunks.add(ch.map(FileChannel.MapMode.READ_ONLY, offset + at, Math.min(CHUNK_BYTES, bytes - at)));
                }
                String sectionName = new String(name, StandardCharsets.UTF_8);
                sections.put(sectionName, new Section(sectionName, type, offset, bytes, blockCrcs, chunks,
                        new java.util.BitSet(blocks)));
            }
        }
        return new Table(sections, tableOffset, size);
    }

    /** The file as it was checked: its header and sections, for {@link IndexWriter#extend} to copy. */
    FileChannel channel() {
        return channel;
    }

    long sectionsEnd() {
        return sectionsEnd;
    }

    long fileLength() {
        return fileLength;
    }

    /** The sections in the order they lie in the file. */
    List<Section> sectionsInFileOrder() {
        List<Section> all = new ArrayList<>(sections.values());
        all.sort(java.util.Comparator.comparingLong(Section::offset));
        return all;
    }

    static ByteBuffer read(FileChannel ch, long at, int length) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (buf.hasRemaining()) {
            if (ch.read(buf, at + buf.position()) < 0) {
                throw new IndexException("half-written: it ends early");
            }
        }
        return buf.flip();
    }

    public boolean has(String name) {
        return sections.containsKey(name);
    }

    /** Value {@code i} of long section {@code name}, reading (and checking) only the block that holds it. */
    public long longAt(String name, long i) {
        return section(name, IndexFormat.LONGS).at(i * 8, 8).getLong();
    }

    public int intAt(String name, long i) {
        return section(name, IndexFormat.INTS).at(i * 4, 4).getInt();
    }

    public byte byteAt(String name, long i) {
        return section(name, IndexFormat.BYTES).at(i, 1).get();
    }

    /** Elements in section {@code name}. */
    public long count(String name) {
        Section s = section(name, (byte) 0);
        return s.length() / Math.max(1, s.type() == IndexFormat.DATA || s.type() == IndexFormat.STRINGS ? 1 : s.type());
    }

    public long[] longs(String name) {
        long[] a = new long[elements(name, IndexFormat.LONGS)];
        forEachChunk(name, IndexFormat.LONGS, (chunk, at) -> chunk.asLongBuffer().get(a, (int) (at / 8), chunk.remaining() / 8));
        return a;
    }

    public int[] ints(String name) {
        int[] a = new int[elements(name, IndexFormat.INTS)];
        forEachChunk(name, IndexFormat.INTS, (chunk, at) -> chunk.asIntBuffer().get(a, (int) (at / 4), chunk.remaining() / 4));
        return a;
    }

    /** Fills {@code pages}, consecutive pages of one int column, from section {@code name}. */
    public void ints(String name, int[][] pages) {
        long total = 0;
        for (int[] p : pages) {
            total += p.length;
        }
        Section s = section(name, IndexFormat.INTS);
        if (s.length() != total * 4) {
            throw new IndexException("corrupt: section " + name + " has " + s.length() / 4 + " ints, expected " + total);
        }
        long[] pageStart = new long[pages.length + 1];
        for (int p = 0; p < pages.length; p++) {
            pageStart[p + 1] = pageStart[p] + pages[p].length;
        }
        forEachChunk(name, IndexFormat.INTS, (chunk, at) -> {
            java.nio.IntBuffer in = chunk.asIntBuffer();
            long i = at / 4;
            while (in.hasRemaining()) {
                int p = java.util.Arrays.binarySearch(pageStart, i);
                p = p >= 0 ? p : -p - 2;
                while (pages[p].length == 0) {
                    p++;
                }
                int from = (int) (i - pageStart[p]);
                int n = Math.min(in.remaining(), pages[p].length - from);
                in.get(pages[p], from, n);
                i += n;
            }
        });
    }

    public byte[] bytes(String name) {
        byte[] a = new byte[elements(name, IndexFormat.BYTES)];
        forEachChunk(name, IndexFormat.BYTES, (chunk, at) -> chunk.get(a, (int) at, chunk.remaining()));
        return a;
    }

    /**
     * Section {@code name} left in the file, for a column used in place (out of core): its pages, at
     * most {@value #CHUNK_BYTES} bytes each (a multiple of 8, so no value straddles two), read-only
     * little-endian views of the mapping. Every block is checked against its CRC first, in one
     * sequential pass, so nothing unchecked is used; the values stay in the OS's page cache, not the heap.
     */
    public ByteBuffer[] mappedLongs(String name) {
        return mapped(name, IndexFormat.LONGS);
    }

    public ByteBuffer[] mappedInts(String name) {
        return mapped(name, IndexFormat.INTS);
    }

    public ByteBuffer[] mappedBytes(String name) {
        return mapped(name, IndexFormat.BYTES);
    }

    private ByteBuffer[] mapped(String name, byte type) {
        Section s = section(name, type);
        if (s.length() % type != 0) {
            throw new IndexException("corrupt: section " + name + " has a bad length " + s.length());
        }
        s.check(0, s.blockCrcs().length);
        ByteBuffer[] pages = new ByteBuffer[s.chunks().size()];
        for (int p = 0; p < pages.length; p++) {
            pages[p] = s.chunks().get(p).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
        }
        return pages;
    }

    /** The strings of section {@code name}, exactly as written (nulls included). */
    public List<String> strings(String name) {
        ByteBuffer b = whole(name, IndexFormat.STRINGS);
        try {
            int count = b.getInt();
            int[] lengths = new int[count];
            for (int i = 0; i < count; i++) {
                lengths[i] = b.getInt();
            }
            List<String> out = new ArrayList<>(count);
            char[] chars = new char[0];
            for (int length : lengths) {
                if (length < 0) {
                    out.add(null);
                    continue;
                }
                if (chars.length < length) {
                    chars = new char[Math.max(length, chars.length * 2)];
                }
                b.asCharBuffer().get(chars, 0, length);
                b.position(b.position() + 2 * length);
                out.add(new String(chars, 0, length));
            }
            return out;
        } catch (RuntimeException e) { // a length that does not fit: the checksum was right, the writer wrong
            throw new IndexException("corrupt: section " + name + " cannot be read: " + e);
        }
    }

    /** A small structured section, to read with the {@link DataInputStream} calls that wrote it. */
    public DataInputStream data(String name) {
        ByteBuffer b = whole(name, IndexFormat.DATA);
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return new DataInputStream(new ByteArrayInputStream(bytes));
    }

    /** Nothing to release: the file stays open and mapped for the columns read later, and goes with the reader. */
    @Override
    public void close() {
    }

    private interface ChunkSink {
        void accept(ByteBuffer chunk, long byteOffsetInSection);
    }

    private Section section(String name, byte type) {
        Section s = sections.get(name);
        if (s == null) {
            throw new IndexException("corrupt: it has no section " + name);
        }
        if (type != 0 && s.type() != type) {
            throw new IndexException("corrupt: section " + name + " is of another type");
        }
        return s;
    }

    private int elements(String name, byte type) {
        Section s = section(name, type);
        long n = s.length() / type;
        if (s.length() % type != 0 || n > Integer.MAX_VALUE - 8) {
            throw new IndexException("corrupt: section " + name + " has a bad length " + s.length());
        }
        return (int) n;
    }

    private ByteBuffer whole(String name, byte type) {
        Section s = section(name, type);
        if (s.length() > CHUNK_BYTES) {
            throw new IndexException("corrupt: section " + name + " is too long");
        }
        ByteBuffer b = ByteBuffer.allocate((int) s.length()).order(ByteOrder.LITTLE_ENDIAN);
        forEachChunk(name, type, (chunk, at) -> b.put(chunk));
        return b.flip();
    }

    /** Maps the section chunk by chunk, checks its CRC, then hands each chunk over (the CRC first: nothing unchecked is used). */
    /**
     * Reads a whole section window by window (positional reads: no page faults on a mapping), each
     * block checked against its CRC before its window is handed over, so nothing unchecked is used.
     */
    private void forEachChunk(String name, byte type, ChunkSink sink) {
        Section s = section(name, type);
        ByteBuffer window = ByteBuffer.allocateDirect(WINDOW_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        CRC32C crc = new CRC32C();
        try {
            for (long at = 0; at < s.length(); at += WINDOW_BYTES) {
                window.clear().limit((int) Math.min(WINDOW_BYTES, s.length() - at));
                while (window.hasRemaining()) {
                    if (channel.read(window, s.offset() + at + window.position()) < 0) {
                        throw new IndexException("half-written: section " + name + " ends early");
                    }
                }
                window.flip();
                for (int b = 0; b < window.limit(); b += IndexFormat.BLOCK_BYTES) {
                    crc.reset();
                    crc.update(window.slice(b, Math.min(IndexFormat.BLOCK_BYTES, window.limit() - b)));
                    if ((int) crc.getValue() != s.blockCrcs()[(int) ((at + b) / IndexFormat.BLOCK_BYTES)]) {
                        throw new IndexException("corrupt: section " + name + " does not match its checksum at byte "
                                + (at + b));
                    }
                }
                sink.accept(window, at);
            }
        } catch (IOException e) {
            throw new IndexException("cannot be read: " + e.getMessage());
        }
    }
}
