package dev.heaplens.cli;

import dev.heaplens.report.Sizes;

import java.io.PrintStream;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Shows how far a long read or phase is, on one rewritten stderr line, while stderr is a terminal:
 * bytes read of the file's size, or objects handled of the heap's, or, uncounted, the time taken.
 */
final class Progress implements AutoCloseable {
    private static final long INTERVAL_MS = 250;
    private static final long QUIET_MS = 700;

    private final Thread thread;
    private final PrintStream err;
    private volatile boolean done;
    private boolean shown;

    private final boolean bytes;

    private Progress(PrintStream err, Supplier<String> label, long total, LongSupplier counter, boolean bytes) {
        this.err = err;
        this.bytes = bytes;
        this.thread = new Thread(() -> loop(label, total, counter), "heaplens-progress");
        thread.setDaemon(true);
    }

    /** Starts showing progress, or does nothing when {@code enabled} is false. */
    static Progress start(boolean enabled, PrintStream err, String label, long total, LongSupplier counter) {
        return start(enabled, err, () -> label, total, counter, true);
    }

    /** As {@link #start}, over {@code passes} passes of a file of {@code fileSize} bytes: each pass shown of the file's size. */
    static Progress startPasses(boolean enabled, PrintStream err, String label, long fileSize, int passes,
                                LongSupplier counter) {
        LongSupplier inPass = () -> counter.getAsLong() - (pass(counter.getAsLong(), fileSize, passes) - 1) * fileSize;
        return start(enabled, err, () -> label + " (pass " + pass(counter.getAsLong(), fileSize, passes) + " of " + passes + ")",
                fileSize, inPass, true);
    }

    /** The pass (1..passes) a read of {@code read} bytes over all passes is in. */
    static long pass(long read, long fileSize, int passes) {
        return Math.max(1, Math.min(passes, read / fileSize + 1));
    }

    /** As {@link #start}, counting objects rather than bytes; a {@code total} of -1 shows the time taken. */
    static Progress startCounting(boolean enabled, PrintStream err, String label, long total, LongSupplier counter) {
        return start(enabled, err, () -> label, total, counter, false);
    }

    private static Progress start(boolean enabled, PrintStream err, Supplier<String> label, long total, LongSupplier counter,
                                  boolean bytes) {
        Progress p = new Progress(err, label, total, counter, bytes);
        if (enabled) {
            p.thread.start();
        }
        return p;
    }

    private void loop(Supplier<String> label, long total, LongSupplier counter) {
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
            String text = text(label.get(), total, read, System.currentTimeMillis() - started);
            synchronized (this) {
                if (!done) {
                    err.print("\r" + text + "\u001b[K");
                    err.flush();
                    shown = true;
                }
            }
        }
    }

    /** The line shown: never more than the whole, never past 100%. */
    String text(String label, long total, long read, long elapsedMs) {
        if (total > 0) {
            int percent = (int) Math.min(100, read * 100 / total);
            // a phase's count is of passes over the objects, not of objects: its share alone is shown
            return bytes ? label + ": " + Sizes.bytes(read) + " of " + Sizes.bytes(total) + " (" + percent + "%)"
                    : label + " (" + percent + "%)";
        }
        return bytes ? label + ": " + Sizes.bytes(read) : label + " (" + elapsedMs / 1000 + " s)";
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
