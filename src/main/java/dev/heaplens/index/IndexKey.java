package dev.heaplens.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;

/**
 * What ties an index to the dump it was made from: the dump file's size, its modification time
 * and a CRC-32C of its first and of its last {@value #EDGE_BYTES} bytes (the compressed bytes for a gzip
 * dump), plus {@code variant}, what else the index depends on (the runtime, a JVM layout given).
 * A change inside a large dump that keeps its size, its mtime, its head and its tail goes
 * unnoticed: rewriting a file sets its mtime, so only a deliberate reset of the mtime does that.
 */
public record IndexKey(long size, long mtimeNanos, long headHash, long tailHash, String variant) {
    static final int EDGE_BYTES = 64 * 1024;

    /** The key of the dump file at {@code dump} as it is now. */
    public static IndexKey of(Path dump, String variant) throws IOException {
        long mtime = Files.getLastModifiedTime(dump).to(TimeUnit.NANOSECONDS);
        try (FileChannel ch = FileChannel.open(dump, StandardOpenOption.READ)) {
            long size = ch.size();
            long head = hash(ch, 0, (int) Math.min(EDGE_BYTES, size));
            long tailStart = Math.max(0, size - EDGE_BYTES);
            long tail = hash(ch, tailStart, (int) (size - tailStart));
            return new IndexKey(size, mtime, head, tail, variant);
        }
    }

    /** CRC-32C of the bytes (an intrinsic: microseconds even before the JIT compiles anything). */
    private static long hash(FileChannel ch, long from, int length) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(length);
        while (buf.hasRemaining()) {
            if (ch.read(buf, from + buf.position()) < 0) {
                throw new IOException("the file shrank while it was read");
            }
        }
        CRC32C crc = new CRC32C();
        crc.update(buf.flip());
        return crc.getValue();
    }

    /** What differs from {@code other}, in words, or null when they match. */
    String mismatch(IndexKey other) {
        if (size != other.size) {
            return "the dump's size changed";
        }
        if (mtimeNanos != other.mtimeNanos) {
            return "the dump's modification time changed";
        }
        if (headHash != other.headHash || tailHash != other.tailHash) {
            return "the dump's contents changed";
        }
        if (!variant.equals(other.variant)) {
            return "it was made with other options (" + other.variant + ", now " + variant + ")";
        }
        return null;
    }
}
