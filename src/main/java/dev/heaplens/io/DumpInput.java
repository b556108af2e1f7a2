package dev.heaplens.io;

import dev.heaplens.HeaplensException;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.GZIPInputStream;

/**
 * A dump to read: a plain file (read in parallel ranges), a gzip file, or standard input
 * ({@code -}, itself possibly gzipped). Knows the dump's format from its first bytes.
 */
public final class DumpInput {
    private static final int HEAD_BYTES = 64 * 1024;
    private static final int GZIP_BUFFER = 256 * 1024;
    private static final String STDIN = "standard input";

    private final String name;
    private final Path path;
    private final boolean gzip;
    private final long size;
    private final DumpFormat format;
    private InputStream stdin;

    private DumpInput(String name, Path path, boolean gzip, long size, DumpFormat format, InputStream stdin) {
        this.name = name;
        this.path = path;
        this.gzip = gzip;
        this.size = size;
        this.format = format;
        this.stdin = stdin;
    }

    /** Opens {@code arg}, a path or {@code -} for standard input, and detects its format. */
    public static DumpInput open(String arg, InputStream standardInput) {
        if (arg.equals("-")) {
            return openStdin(standardInput);
        }
        Path path = Path.of(arg);
        if (Files.isDirectory(path)) {
            throw new HeaplensException(arg + ": is a directory, not a dump file");
        }
        try {
            long size = Files.size(path);
            boolean gzip = isGzip(path);
            byte[] head = new byte[HEAD_BYTES];
            int n;
            try (InputStream in = gzip ? gunzip(Files.newInputStream(path), arg) : Files.newInputStream(path)) {
                n = readFully(in, head, arg);
            }
            return new DumpInput(arg, path, gzip, size, DumpFormat.detect(head, n), null);
        } catch (java.io.EOFException e) {
            throw new HeaplensException(arg + ": not a valid gzip file: it ends inside the gzip header");
        } catch (NoSuchFileException e) {
            throw new HeaplensException(arg + ": no such file");
        } catch (IOException e) {
            throw new HeaplensException(arg + ": cannot read: " + e.getMessage());
        }
    }

    private static DumpInput openStdin(InputStream standardInput) {
        try {
            byte[] magic = new byte[2];
            int m = readFully(standardInput, magic, STDIN);
            InputStream raw = new SequenceInputStream(new ByteArrayInputStream(magic, 0, m), standardInput);
            boolean gzip = m == 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b;
            InputStream in = gzip ? gunzip(raw, STDIN) : raw;
            byte[] head = new byte[HEAD_BYTES];
            int n = readFully(in, head, STDIN);
            InputStream whole = new SequenceInputStream(new ByteArrayInputStream(head, 0, n), in);
            return new DumpInput(STDIN, null, gzip, -1, DumpFormat.detect(head, n), whole);
        } catch (java.io.EOFException e) {
            throw new HeaplensException(STDIN + ": not a valid gzip file: it ends inside the gzip header");
        } catch (IOException e) {
            throw new HeaplensException(STDIN + ": cannot read: " + e.getMessage());
        }
    }

    public String name() {
        return name;
    }

    public DumpFormat format() {
        return format;
    }

    /** Size on disk in bytes (compressed size for gzip), or -1 for standard input. */
    public long size() {
        return size;
    }

    public boolean isGzip() {
        return gzip;
    }

    /** True when the dump can be opened again (a file; standard input can be read once). */
    public boolean canReopen() {
        return path != null;
    }

    /** True when the dump is a plain file that can be read in parallel byte ranges. */
    public boolean isSplittable() {
        return path != null && !gzip;
    }

    public FileChannel openChannel() throws IOException {
        return FileChannel.open(path, StandardOpenOption.READ);
    }

    /** The whole decompressed dump as a stream; for standard input this can be called once. */
    public InputStream openStream() throws IOException {
        if (path == null) {
            InputStream in = stdin;
            stdin = null;
            if (in == null) {
                throw new IllegalStateException("standard input was already read");
            }
            return in;
        }
        InputStream file = Files.newInputStream(path);
        return gzip ? gunzip(file, name) : file;
    }

    /** Fails with a clear message unless this is a Ruby dump. */
    public DumpInput requireRuby() {
        if (format != DumpFormat.RUBY_JSON_LINES) {
            throw new HeaplensException(name + ": not a Ruby heap dump: the file is " + format.description());
        }
        return this;
    }

    private static boolean isGzip(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }

    private static InputStream gunzip(InputStream in, String name) throws IOException {
        try {
            return new GZIPInputStream(in, GZIP_BUFFER);
        } catch (java.io.EOFException e) {
            in.close();
            throw new HeaplensException(name + ": not a valid gzip file: it ends inside the gzip header");
        } catch (IOException e) {
            in.close();
            throw new HeaplensException(name + ": not a valid gzip file: " + e.getMessage());
        }
    }

    private static int readFully(InputStream in, byte[] into, String name) throws IOException {
        int n = 0;
        try {
            while (n < into.length) {
                int r = in.read(into, n, into.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
        } catch (java.io.EOFException | java.util.zip.ZipException e) {
            if (n == 0) {
                throw new HeaplensException(name + ": corrupt or truncated gzip data: " + e.getMessage());
            }
        }
        return n;
    }
}
