package dev.heaplens.format.ruby;

import java.lang.ref.SoftReference;
import java.util.ArrayDeque;

/**
 * Read buffers passed from one read to the next. A reading thread's buffer grows to hold the
 * longest line it meets (an array of a million elements is a line of 18 MB); a command that reads
 * several dumps (leaks reads three) would otherwise grow a new one for each, doubling from 4 MB,
 * and leave the old ones as garbage. Buffers above {@link #MOST_KEPT} are not kept: a long-lived
 * process (serve) holds no more than that per reading thread. They are held softly: between two
 * reads the collector may take them back rather than run out of heap (the dominator tree, computed
 * after the read, would otherwise share the heap with about 40 MB of idle buffers).
 */
public final class ReadBuffers {
    static final int MOST_KEPT = 64 * 1024 * 1024;
    private final ArrayDeque<SoftReference<byte[]>> free = new ArrayDeque<>();

    /** A buffer given back earlier (and not taken back by the collector since), or null. */
    synchronized byte[] take() {
        for (SoftReference<byte[]> held = free.pollFirst(); held != null; held = free.pollFirst()) {
            byte[] buffer = held.get();
            if (buffer != null) {
                return buffer;
            }
        }
        return null;
    }

    synchronized void giveBack(byte[] buffer) {
        if (buffer != null && buffer.length <= MOST_KEPT) {
            free.addFirst(new SoftReference<>(buffer));
        }
    }
}
