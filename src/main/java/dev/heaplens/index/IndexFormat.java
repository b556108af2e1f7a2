package dev.heaplens.index;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The layout of an index file, in little-endian order:
 *
 * <pre>
 * header   128 bytes: magic "HLINDEX\n", format version, the {@link IndexKey}
 * sections each 8-byte aligned, one after the other
 * table    per section: name, element type, offset, byte length, CRC-32C of each 64 KiB block of it
 * trailer  32 bytes: table offset, table length, CRC-32C of header and table, file length, "HLINDEND"
 * </pre>
 *
 * A reader starts from the trailer: a file cut short has none, or one whose file length is not
 * the file's. {@link #VERSION} changes whenever what any section holds changes, so an index of
 * an older heaplens is rebuilt, never misread.
 */
final class IndexFormat {
    static final byte[] MAGIC = "HLINDEX\n".getBytes(StandardCharsets.US_ASCII);
    static final byte[] END = "HLINDEND".getBytes(StandardCharsets.US_ASCII);
    /** The layout of every section (graph, dominators, runtime names); raise it with any change. */
    static final int VERSION = 13;
    static final int HEADER_BYTES = 128;
    static final int TRAILER_BYTES = 32;
    static final int MAX_VARIANT_BYTES = 64;
    /**
     * Each block of a section has its own CRC: a read of a few values checks only the blocks it
     * touches, a read of a whole column checks them all.
     */
    static final int BLOCK_BYTES = 64 * 1024;

    /** Element types of a section. */
    static final byte BYTES = 1;
    static final byte INTS = 4;
    static final byte LONGS = 8;
    static final byte STRINGS = 's';
    static final byte DATA = 'd';

    private IndexFormat() {
    }

    static void writeHeader(ByteBuffer header, IndexKey key) {
        byte[] variant = key.variant().getBytes(StandardCharsets.UTF_8);
        if (variant.length > MAX_VARIANT_BYTES) {
            throw new IllegalArgumentException("variant too long: " + key.variant());
        }
        header.put(MAGIC).putInt(VERSION).putInt(0)
                .putLong(key.size()).putLong(key.mtimeNanos()).putLong(key.headHash()).putLong(key.tailHash())
                .putShort((short) variant.length).put(variant);
        while (header.position() < HEADER_BYTES) {
            header.put((byte) 0);
        }
    }

    /** The key in {@code header}; throws when the file is not an index of this version. */
    static IndexKey readHeader(ByteBuffer header) {
        byte[] magic = new byte[MAGIC.length];
        header.get(magic);
        if (!java.util.Arrays.equals(magic, MAGIC)) {
            throw new IndexException("corrupt: not a heaplens index");
        }
        int version = header.getInt();
        if (version != VERSION) {
            throw new IndexException("stale: written in format " + version + " by another heaplens version (now "
                    + VERSION + ")");
        }
        header.getInt();
        long size = header.getLong();
        long mtime = header.getLong();
        long head = header.getLong();
        long tail = header.getLong();
        int variantLength = header.getShort();
        if (variantLength < 0 || variantLength > MAX_VARIANT_BYTES) {
            throw new IndexException("corrupt: bad header");
        }
        byte[] variant = new byte[variantLength];
        header.get(variant);
        return new IndexKey(size, mtime, head, tail, new String(variant, StandardCharsets.UTF_8));
    }
}
