package dev.heaplens.util;

import dev.heaplens.HeaplensException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one way heaplens runs work on several threads. Task 0 runs on the calling thread, the
 * others on their own threads; {@link #run} returns only when all have ended. The failure
 * policy is the same everywhere: when any task fails, the whole run fails with the failure of
 * the lowest-numbered task that failed (for readers, the first problem in the file, as one
 * thread would have met it), and the caller never sees partial results.
 */
public final class Parallel {
    private Parallel() {
    }

    /** One of {@code count} tasks; {@code index} is 0..count-1. */
    @FunctionalInterface
    public interface Task {
        void run(int index) throws IOException;
    }

    /**
     * Runs {@code task} for every index in {@code 0..count-1}, each on its own thread (index 0
     * on this one), and waits for all of them.
     *
     * @param name names the threads ({@code name-1}, {@code name-2}...), for thread dumps
     * @throws IOException the lowest-numbered task's I/O failure, when that was its failure
     */
    public static void run(String name, int count, Task task) throws IOException {
        if (count <= 0) {
            return;
        }
        if (count == 1) {
            task.run(0);
            return;
        }
        Throwable[] failures = new Throwable[count];
        Thread[] threads = new Thread[count];
        for (int i = 1; i < count; i++) {
            int index = i;
            threads[i] = new Thread(() -> failures[index] = runCatching(task, index), name + "-" + i);
            threads[i].setDaemon(true); // a failed command exits without waiting for work it no longer needs
            threads[i].start();
        }
        failures[0] = runCatching(task, 0);
        for (int i = 1; i < count; i++) {
            try {
                threads[i].join();
            } catch (InterruptedException e) {
                for (Thread t : threads) {
                    if (t != null) {
                        t.interrupt();
                    }
                }
                Thread.currentThread().interrupt();
                throw new HeaplensException("interrupted while running " + name);
            }
        }
        for (Throwable failure : failures) {
            if (failure != null) {
                throw rethrow(failure);
            }
        }
    }

    /**
     * Runs tasks {@code 0..tasks-1} on up to {@code threads} threads, each thread taking the next
     * task not yet taken, so tasks start in order (parts of a file, read in file order). Once a
     * task fails, tasks after it that have not started are skipped, and the run fails with the
     * lowest-numbered task's failure: for parts of a file, the problem one thread reading the
     * whole file would have met first.
     */
    public static void inTurn(String name, int threads, int tasks, Task task) throws IOException {
        Throwable[] failures = new Throwable[tasks];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger firstFailed = new AtomicInteger(tasks);
        run(name, Math.min(threads, tasks), t -> {
            for (int i; (i = next.getAndIncrement()) < tasks && i < firstFailed.get(); ) {
                failures[i] = runCatching(task, i);
                if (failures[i] != null) {
                    firstFailed.accumulateAndGet(i, Math::min);
                }
            }
        });
        for (Throwable failure : failures) {
            if (failure != null) {
                throw rethrow(failure);
            }
        }
    }

    /** As {@link #inTurn(String, int, int, Task)}, for tasks that do no I/O. */
    public static void inTurnUnchecked(String name, int threads, int tasks, Task task) {
        try {
            inTurn(name, threads, tasks, task);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** As {@link #run(String, int, Task)}, for tasks that do no I/O. */
    public static void runUnchecked(String name, int count, Task task) {
        try {
            run(name, count, task);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Throwable runCatching(Task task, int index) {
        try {
            task.run(index);
            return null;
        } catch (Throwable t) { // every failure, Errors too: the run must not end with partial results
            return t;
        }
    }

    private static IOException rethrow(Throwable failure) throws IOException {
        if (failure instanceof IOException e) {
            throw e;
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(failure);
    }
}
