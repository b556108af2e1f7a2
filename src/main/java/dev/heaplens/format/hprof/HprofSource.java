package dev.heaplens.format.hprof;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** A dump that can be opened more than once (the graph reader reads its start, then all of it, or twice). */
public interface HprofSource {
    /** For messages. */
    String name();

    /** A new stream of the uncompressed dump from its first byte. */
    InputStream open() throws IOException;

    /** Bytes of the uncompressed dump, or -1 when unknown (gzip). */
    long size();

    /**
     * The plain file this dump is, which threads may read in parts at once ({@link #openAt}); null
     * when it can only be read from its first byte (gzip, or bytes held elsewhere).
     */
    default Path plainFile() {
        return null;
    }

    /** A new stream of the dump from byte {@code offset}; only when {@link #plainFile()} is not null. */
    default InputStream openAt(long offset) throws IOException {
        throw new UnsupportedOperationException("not a plain file: " + name());
    }

    /** A file, plain or gzip (detected by its magic bytes). */
    static HprofSource of(Path path) throws IOException {
        return of(path, path.toString());
    }

    /** As {@link #of(Path)}, named {@code name} in messages. */
    static HprofSource of(Path path, String name) throws IOException {
        boolean gzip;
        try (InputStream in = Files.newInputStream(path)) {
            gzip = in.read() == 0x1f && in.read() == 0x8b;
        }
        long size = gzip ? -1 : Files.size(path);
        return new HprofSource() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public InputStream open() throws IOException {
                InputStream raw = Files.newInputStream(path);
                return gzip ? new BufferedInputStream(new GZIPInputStream(raw, 64 * 1024), 256 * 1024) : raw;
            }

            @Override
            public long size() {
                return size;
            }

            @Override
            public Path plainFile() {
                return gzip ? null : path;
            }

            @Override
            public InputStream openAt(long offset) throws IOException {
                if (gzip) {
                    throw new UnsupportedOperationException("not a plain file: " + name);
                }
                return Channels.newInputStream(FileChannel.open(path).position(offset));
            }
        };
    }
}
