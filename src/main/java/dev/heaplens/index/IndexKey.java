package dev.heaplens.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

/**
 * What ties an index to the dump it was made from: the dump file's size, its modification time
 * and a hash of its first and last {@value #EDGE_BYTES} bytes (the compressed bytes for a gzip
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

    private static long hash(FileChannel ch, long from, int length) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (buf.hasRemaining()) {
            if (ch.read(buf, from + buf.position()) < 0) {
                throw new IOException("the file shrank while it was read");
            }
        }
        buf.flip();
        long h = 0x9E3779B97F4A7C15L ^ length;
        while (buf.remaining() >= 8) {
            h = mix(h ^ buf.getLong());
        }
        while (buf.hasRemaining()) {
            h = mix(h ^ (buf.get() & 0xff));
        }
        return h;
    }

    /** A 64-bit finalizer (splitmix64's): every input bit flips about half the output bits. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
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
