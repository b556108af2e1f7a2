package dev.heaplens.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.FutureTask;

/**
 * Lets a one-shot command write a dump's new index on a second thread while it works out and
 * prints its table, instead of before: on two cores the index's bytes, their checksums and the
 * {@code fsync} then cost no wall time of a first {@code top}. Only the writing moves: everything
 * the index keeps is worked out first on the command's thread, so both threads only read the heap.
 * Off unless a command opens the scope ({@link #during}); its close waits for every write, so the
 * index is whole before the process exits. Asking a heap for its index ({@link LoadedHeap}) waits
 * for its write too.
 */
public final class IndexWriteBehind implements AutoCloseable {
    private static final Object LOCK = new Object();
    private static int openScopes;
    private static final List<FutureTask<Void>> PENDING = new ArrayList<>();

    private IndexWriteBehind() {
    }

    /** A scope in which new indexes are written behind the command; {@code enabled} false: a scope that does nothing. */
    public static IndexWriteBehind during(boolean enabled) {
        if (enabled) {
            synchronized (LOCK) {
                openScopes++;
            }
        }
        return enabled ? new IndexWriteBehind() : null;
    }

    /** Whether a write may go behind the command now. */
    static boolean allowed() {
        synchronized (LOCK) {
            return openScopes > 0;
        }
    }

    /** Starts {@code write} on its own thread; the returned task is done once it is. */
    static FutureTask<Void> start(Runnable write) {
        FutureTask<Void> task = new FutureTask<>(write, null);
        synchronized (LOCK) {
            PENDING.add(task);
        }
        Thread thread = new Thread(task, "heaplens-index-writer");
        thread.start();
        return task;
    }

    /** Waits for {@code task}; what it threw is rethrown (a write's own failures are warnings, caught inside it). */
    static void await(FutureTask<Void> task) {
        WorkedOnce.awaited(task);
    }

    /** Waits for every write started in the scope, then closes it. */
    @Override
    public void close() {
        List<FutureTask<Void>> writes;
        synchronized (LOCK) {
            writes = new ArrayList<>(PENDING);
            PENDING.clear();
        }
        try {
            writes.forEach(IndexWriteBehind::await);
        } finally {
            synchronized (LOCK) {
                openScopes--;
            }
        }
    }
}
