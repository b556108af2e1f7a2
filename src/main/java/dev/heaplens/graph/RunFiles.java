package dev.heaplens.graph;

import dev.heaplens.HeaplensException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * The sorted runs of an {@link ExternalAddressSort}: keys (8 B each) and their reading indices (4 B,
 * or 8 where the graph numbers past an int: {@link MappedIds#wide}) in two scratch files written and
 * read through their channels, never mapped, so that closing them gives their disk back at once (a
 * mapping's would wait for the collector). Run {@code r} lies at its objects' place, {@code r * runLength}.
 */
final class RunFiles implements AutoCloseable {
    /** Values read at a time from one run while merging. */
    static final int WINDOW = 1 << 13;

    private final Scratch scratch;
    private final FileChannel keys;
    private final FileChannel positions;
    /** Bytes a reading index takes: 4, or 8 in a wide graph. */
    private final int positionBytes;
    private ByteBuffer buffer = ByteBuffer.allocate(0);
    private int[] narrow = new int[0];
    /** Bytes written to both files: the scratch's live disk until they are closed. */
    private long written;

    /** With reading indices in 8 bytes when {@code wide}, else in 4. */
    RunFiles(Scratch scratch, boolean wide) {
        this.scratch = scratch;
        this.positionBytes = wide ? 8 : 4;
        try {
            keys = scratch.newFile();
            positions = scratch.newFile();
        } catch (IOException e) {
            throw new HeaplensException("cannot make a scratch file to sort the addresses: " + e.getMessage());
        }
    }

    /** A sorted run of objects {@code from...}: its keys, and {@code perm} (null: in order already) for their positions. */
    void append(long[] runKeys, int[] perm, long from) {
        int count = runKeys.length;
        for (int at = 0; at < count; at += WINDOW) { // a window at a time: no second copy of the run
            int m = Math.min(WINDOW, count - at);
            ByteBuffer b = buffer(m * 8);
            b.asLongBuffer().put(runKeys, at, m);
            write(keys, b.limit(m * 8), (from + at) * 8);
            b = buffer(m * positionBytes);
            if (positionBytes == 4) {
                var ints = b.asIntBuffer();
                for (int i = at; i < at + m; i++) {
                    ints.put((int) (from + (perm == null ? i : perm[i])));
                }
            } else {
                var longs = b.asLongBuffer();
                for (int i = at; i < at + m; i++) {
                    longs.put(from + (perm == null ? i : perm[i]));
                }
            }
            write(positions, b.limit(m * positionBytes), (from + at) * positionBytes);
        }
        long bytes = count * (8L + positionBytes);
        scratch.spilled(bytes);
        written += bytes;
    }

    /** {@code count} keys from object {@code from} into {@code to[0, count)}. */
    void keys(long from, long[] to, int count) {
        ByteBuffer b = read(keys, from * 8, count * 8);
        b.asLongBuffer().get(to, 0, count);
    }

    /** {@code count} reading indices from object {@code from} into {@code to[0, count)}. */
    void positions(long from, long[] to, int count) {
        ByteBuffer b = read(positions, from * positionBytes, count * positionBytes);
        if (positionBytes == 8) {
            b.asLongBuffer().get(to, 0, count);
            return;
        }
        if (narrow.length < count) {
            narrow = new int[count];
        }
        b.asIntBuffer().get(narrow, 0, count); // in bulk, then widened: a call per value costs more
        for (int i = 0; i < count; i++) {
            to[i] = narrow[i];
        }
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
        scratch.unspilled(written);
    }
}
