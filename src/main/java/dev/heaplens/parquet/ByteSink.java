package dev.heaplens.parquet;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable byte buffer with the little-endian and varint writes Parquet pages and Thrift need. */
final class ByteSink {
    private byte[] bytes;
    private int size;

    ByteSink(int capacity) {
        bytes = new byte[Math.max(16, capacity)];
    }

    int size() {
        return size;
    }

    byte[] array() {
        return bytes;
    }

    void reset() {
        size = 0;
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            long wanted = Math.max((long) bytes.length * 2, (long) size + more);
            if (wanted > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("a Parquet page would pass 2 GB");
            }
            bytes = Arrays.copyOf(bytes, (int) wanted);
        }
    }

    /** Makes room for {@code len} bytes and counts them written: the caller fills {@link #array()} from the offset returned. */
    int reserve(int len) {
        ensure(len);
        int at = size;
        size += len;
        return at;
    }

    /** Forgets the bytes past {@code newSize}. */
    void truncate(int newSize) {
        if (newSize < 0 || newSize > size) {
            throw new IllegalArgumentException("truncate to " + newSize + " of " + size);
        }
        size = newSize;
    }

    /** This buffer as a stream to write into. */
    OutputStream asStream() {
        return new OutputStream() {
            @Override
            public void write(int b) {
                ByteSink.this.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                ByteSink.this.write(b, off, len);
            }
        };
    }

    void write(int b) {
        ensure(1);
        bytes[size++] = (byte) b;
    }

    void write(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, bytes, size, len);
        size += len;
    }

    void write(ByteSink other) {
        write(other.bytes, 0, other.size);
    }

    void writeIntLE(int v) {
        ensure(4);
        bytes[size] = (byte) v;
        bytes[size + 1] = (byte) (v >>> 8);
        bytes[size + 2] = (byte) (v >>> 16);
        bytes[size + 3] = (byte) (v >>> 24);
        size += 4;
    }

    void writeLongLE(long v) {
        ensure(8);
        for (int i = 0; i < 8; i++) {
            bytes[size + i] = (byte) (v >>> (8 * i));
        }
        size += 8;
    }

    /** Unsigned LEB128, as Thrift's compact protocol and Parquet's RLE run headers write lengths. */
    void writeVarint(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        bytes[size++] = (byte) v;
    }

    /** A PLAIN byte array: 4-byte little-endian length, then the bytes. */
    void writeLengthPrefixed(byte[] b) {
        writeIntLE(b.length);
        write(b, 0, b.length);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
