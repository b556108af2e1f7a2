package dev.heaplens.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A UTF-8 print stream that remembers why writing failed. {@link PrintStream} swallows write
 * errors (a full disk, a closed pipe) and only sets a flag; {@link Main} checks it when the
 * command is done and fails with this reason instead of exiting 0 with the results lost.
 */
final class CheckedPrintStream extends PrintStream {
    private final Recorder recorder;

    CheckedPrintStream(OutputStream out, boolean autoFlush) {
        this(new Recorder(out), autoFlush);
    }

    private CheckedPrintStream(Recorder recorder, boolean autoFlush) {
        super(recorder, autoFlush, StandardCharsets.UTF_8);
        this.recorder = recorder;
    }

    /** The first write error's message, or null when none happened. */
    String failure() {
        IOException e = recorder.first;
        return e == null ? null : e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /** Passes writes through, keeping the first exception. */
    private static final class Recorder extends FilterOutputStream {
        IOException first;

        Recorder(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw remember(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw remember(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw remember(e);
            }
        }

        private IOException remember(IOException e) {
            if (first == null) {
                first = e;
            }
            return e;
        }
    }
}
