package dev.heaplens.runtime;

import java.util.function.LongSupplier;

/**
 * What a read tells its caller while it runs: warnings (records skipped, a dump cut short),
 * notes (an old word taken for a new one) and progress. The command line prints them on stderr;
 * a web UI or a test collects them. Every runtime reports through this one interface.
 */
public interface ReadListener {
    /** Something about {@code dumpName} the results do not show: skipped records, a cut. */
    void warning(String dumpName, String message);

    /** Advice that does not concern the dump's contents (e.g. an old option word). */
    void note(String message);

    /**
     * A read of {@code label} starts: {@code done} counts bytes read so far, of {@code total}
     * (-1 when unknown). The read closes the returned handle when it ends.
     */
    Reading reading(String label, long total, LongSupplier done);

    /**
     * A read of {@code passes} passes over a file of {@code fileSize} bytes (-1 unknown):
     * {@code done} counts the bytes of every pass, which a listener may show pass by pass, each
     * of the file's size, so that the file is counted once.
     */
    default Reading reading(String label, long fileSize, int passes, LongSupplier done) {
        return reading(label, fileSize < 0 ? -1 : passes * fileSize, done);
    }

    /**
     * A phase of the work after the read starts (references, dominators, retained sizes):
     * {@code done} counts objects handled of {@code total} (-1 when not counted). Closed when it ends.
     */
    default Reading phase(String label, long total, LongSupplier done) {
        return () -> {
        };
    }

    /** The end of one read's progress. */
    interface Reading extends AutoCloseable {
        @Override
        void close();
    }

    /** Drops everything: for callers that do not show progress or warnings. */
    ReadListener QUIET = new ReadListener() {
        @Override
        public void warning(String dumpName, String message) {
        }

        @Override
        public void note(String message) {
        }

        @Override
        public Reading reading(String label, long total, LongSupplier done) {
            return () -> {
            };
        }
    };
}
