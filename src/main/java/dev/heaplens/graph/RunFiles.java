package dev.heaplens.graph;

import dev.heaplens.HeaplensException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * The sorted runs of an {@link ExternalAddressSort}: keys (8 B each) and their reading indices (4 B)
 * in two scratch files written and read through their channels, never mapped, so that closing them
 * gives their disk back at once (a mapping's would wait for the collector). Run {@code r} lies at
 * its objects' place, {@code r * runLength}.
 */
final class RunFiles implements AutoCloseable {
    /** Values read at a time from one run while merging. */
    static final int WINDOW = 1 << 13;

    private final Scratch scratch;
    private final FileChannel keys;
    private final FileChannel positions;
    private ByteBuffer buffer = ByteBuffer.allocate(0);

    RunFiles(Scratch scratch) {
        this.scratch = scratch;
        try {
            keys = scratch.newFile();
            positions = scratch.newFile();
        } catch (IOException e) {
            throw new HeaplensException("cannot make a scratch file to sort the addresses: " + e.getMessage());
        }
    }

    /** A sorted run of objects {@code from...}: its keys, and {@code perm} (null: in order already) for their positions. */
    void append(long[] runKeys, int[] perm, int from) {
        int count = runKeys.length;
        for (int at = 0; at < count; at += WINDOW) { // a window at a time: no second copy of the run
            int m = Math.min(WINDOW, count - at);
            ByteBuffer b = buffer(m * 8);
            b.asLongBuffer().put(runKeys, at, m);
            write(keys, b.limit(m * 8), (long) (from + at) * 8);
            b = buffer(m * 4);
            var ints = b.asIntBuffer();
            for (int i = at; i < at + m; i++) {
                ints.put(from + (perm == null ? i : perm[i]));
            }
            write(positions, b.limit(m * 4), (long) (from + at) * 4);
        }
        scratch.spilled(count * 12L);
    }

    /** {@code count} keys from object {@code from} into {@code to[0, count)}. */
    void keys(long from, long[] to, int count) {
        ByteBuffer b = read(keys, from * 8, count * 8);
        b.asLongBuffer().get(to, 0, count);
    }

    /** {@code count} reading indices from object {@code from} into {@code to[0, count)}. */
    void positions(long from, int[] to, int count) {
        ByteBuffer b = read(positions, from * 4, count * 4);
        b.asIntBuffer().get(to, 0, count);
    }

    private ByteBuffer buffer(int bytes) {
        if (buffer.capacity() < bytes) {
            buffer = ByteBuffer.allocate(bytes).order(ByteOrder.nativeOrder());
        }
        return buffer.clear().order(ByteOrder.nativeOrder());
    }

    private static void write(FileChannel file, ByteBuffer b, long at) {
        try {
            while (b.hasRemaining()) {
                at += file.write(b, at);
            }
        } catch (IOException e) {
            throw new HeaplensException("cannot write the addresses' runs to a scratch file: " + e.getMessage());
        }
    }

    private ByteBuffer read(FileChannel file, long at, int bytes) {
        ByteBuffer b = buffer(bytes).limit(bytes);
        try {
            while (b.hasRemaining()) {
                int got = file.read(b, at + b.position());
                if (got < 0) {
                    throw new HeaplensException("a scratch file of the addresses' runs ended early");
                }
            }
        } catch (IOException e) {
            throw new HeaplensException("cannot read the addresses' runs from a scratch file: " + e.getMessage());
        }
        return b.flip();
    }

    /** Closes both files: their disk is given back now. */
    @Override
    public void close() {
        try {
            keys.close();
            positions.close();
        } catch (IOException e) {
            // unlinked already: nothing is left behind either way
        }
    }
}
