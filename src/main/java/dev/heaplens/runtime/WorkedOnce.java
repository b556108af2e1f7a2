package dev.heaplens.runtime;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * A value worked out once, by whichever thread asks for it first; a thread asking while it is
 * worked out waits for it. It lets a command's thread and the index writer behind it share
 * suspects' inputs: the command works them out while the writer writes the graph's sections,
 * then the writer stores them. What the work threw is thrown again to every thread that asks.
 */
final class WorkedOnce<T> {
    private final FutureTask<T> task;

    WorkedOnce(Callable<T> work) {
        this.task = new FutureTask<>(work);
    }

    /** The value: worked out now when no thread has begun it, else waited for. */
    T get() {
        task.run(); // does nothing when begun or done
        return awaited(task);
    }

    /**
     * What {@code task} gave, once done, waited for through interrupts (kept for the caller to
     * see); what it threw is thrown again as itself, an Error or a RuntimeException.
     */
    static <V> V awaited(FutureTask<V> task) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
