package dev.heaplens.runtime;

import dev.heaplens.format.hprof.HprofSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/** An HPROF source that counts the bytes its streams deliver, over all passes, for progress. */
final class ProgressSource implements HprofSource {
    private final HprofSource source;
    private final AtomicLong read = new AtomicLong();

    ProgressSource(HprofSource source) {
        this.source = source;
    }

    long bytesRead() {
        return read.get();
    }

    @Override
    public String name() {
        return source.name();
    }

    @Override
    public long size() {
        return source.size();
    }

    @Override
    public InputStream open() throws IOException {
        return new CountingInputStream(source.open(), read);
    }

    @Override
    public Path plainFile() {
        return source.plainFile();
    }

    @Override
    public InputStream openAt(long offset) throws IOException {
        return new CountingInputStream(source.openAt(offset), read);
    }
}
