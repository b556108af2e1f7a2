package dev.heaplens.cli;

import dev.heaplens.report.Sizes;

import java.io.PrintStream;
import java.util.function.LongSupplier;

/** Shows how far a long read is, on one rewritten stderr line, while stderr is a terminal. */
final class Progress implements AutoCloseable {
    private static final long INTERVAL_MS = 250;
    private static final long QUIET_MS = 700;

    private final Thread thread;
    private final PrintStream err;
    private volatile boolean done;
    private boolean shown;

    private Progress(PrintStream err, String label, long total, LongSupplier counter) {
        this.err = err;
        this.thread = new Thread(() -> loop(label, total, counter), "heaplens-progress");
        thread.setDaemon(true);
    }

    /** Starts showing progress, or does nothing when {@code enabled} is false. */
    static Progress start(boolean enabled, PrintStream err, String label, long total, LongSupplier counter) {
        Progress p = new Progress(err, label, total, counter);
        if (enabled) {
            p.thread.start();
        }
        return p;
    }

    private void loop(String label, long total, LongSupplier counter) {
        long started = System.currentTimeMillis();
        while (!done) {
            try {
                Thread.sleep(INTERVAL_MS);
            } catch (InterruptedException e) {
                return;
            }
            if (done || System.currentTimeMillis() - started < QUIET_MS) {
                continue;
            }
            // a counter may run past the size it was given (a second pass, a gzip's estimate):
            // never more than the whole, never past 100%
            long read = total > 0 ? Math.min(total, counter.getAsLong()) : counter.getAsLong();
            String text = total > 0
                    ? String.format("%s: %s of %s (%d%%)", label, Sizes.bytes(read), Sizes.bytes(total), Math.min(100, read * 100 / total))
                    : String.format("%s: %s", label, Sizes.bytes(read));
            synchronized (this) {
                if (!done) {
                    err.print("\r" + text + "\u001b[K");
                    err.flush();
                    shown = true;
                }
            }
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            done = true;
            if (shown) {
                err.print("\r\u001b[K");
                err.flush();
            }
        }
        thread.interrupt();
    }
}
