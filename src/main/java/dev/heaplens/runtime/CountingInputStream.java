package dev.heaplens.runtime;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicLong;

/** Adds the bytes read through it to a counter (progress, or how much of a file a sample took). */
final class CountingInputStream extends FilterInputStream {
    private final AtomicLong count;

    CountingInputStream(InputStream in, AtomicLong count) {
        super(in);
        this.count = count;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count.incrementAndGet();
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            count.addAndGet(n);
        }
        return n;
    }
}
