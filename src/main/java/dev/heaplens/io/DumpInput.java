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
 * The one opener of every input (a heap dump, a GC log, a GC.stat series): a plain file (read in
 * parallel ranges), a gzip file, or standard input ({@code -}, itself possibly gzipped), or a pipe
 * or FIFO given by path (read once, like standard input). Keeps its first bytes, and knows the
 * dump's format from them; a GC reader tells its own kinds from the same bytes ({@link #head}).
 */
public final class DumpInput {
    private static final int GZIP_BUFFER = 256 * 1024;
    private static final String STDIN = "standard input";

    private final String name;
    private final Path path;
    private final boolean gzip;
    private final long size;
    private final DumpFormat format;
    private final Head head;
    private InputStream stdin;

    private DumpInput(String name, Path path, boolean gzip, long size, Head head, InputStream stdin) {
        this.name = name;
        this.path = path;
        this.gzip = gzip;
        this.size = size;
        this.format = head.format();
        this.head = head;
        this.stdin = stdin;
    }

    /** Opens {@code arg}, a path or {@code -} for standard input, and detects its format. */
    public static DumpInput open(String arg, InputStream standardInput) {
        return open(arg, standardInput, "a dump file");
    }

    /**
     * As {@link #open(String, InputStream)}; {@code what} names what was expected where a directory
     * is given ("a dump file", "a GC log"), the one word of the refusals that differs by input.
     */
    public static DumpInput open(String arg, InputStream standardInput, String what) {
        if (arg.equals("-")) {
            return openOnce(STDIN, standardInput);
        }
        if (arg.isEmpty()) {
            throw new HeaplensException("the dump path is empty: name a dump file, or - for standard input");
        }
        Path path = Path.of(arg);
        if (Files.isDirectory(path)) {
            throw new HeaplensException(arg + ": is a directory, not " + what);
        }
        try {
            if (Files.exists(path) && !Files.isRegularFile(path)) {
                // A pipe, a FIFO, <(...): it can be read once, so the head is kept and read on from.
                return openOnce(arg, new java.io.FileInputStream(path.toFile())); // its available() works on a pipe
            }
            long size = Files.size(path);
            boolean gzip = isGzip(path);
            Head head;
            try (InputStream in = gzip ? gunzip(Files.newInputStream(path), arg) : Files.newInputStream(path)) {
                head = Head.read(in, arg);
            }
            return new DumpInput(arg, path, gzip, size, head, null);
        } catch (java.io.EOFException e) {
            throw new HeaplensException(arg + ": not a valid gzip file: it ends inside the gzip header");
        } catch (NoSuchFileException e) {
            throw new HeaplensException(arg + ": no such file");
        } catch (IOException e) {
            throw new HeaplensException(arg + ": cannot read: " + e.getMessage());
        }
    }

    /** A stream that cannot be opened again: its head is read once, kept, and replayed before the rest. */
    private static DumpInput openOnce(String name, InputStream source) {
        try {
            byte[] magic = new byte[2];
            int m = Head.readFully(source, magic, magic.length, name);
            InputStream raw = new SequenceInputStream(new ByteArrayInputStream(magic, 0, m), source);
            boolean gzip = m == 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b;
            InputStream in = gzip ? gunzip(raw, name) : raw;
            Head head = Head.read(in, name);
            InputStream whole = new SequenceInputStream(new ByteArrayInputStream(head.bytes(), 0, head.length()), in);
            return new DumpInput(name, null, gzip, -1, head, whole);
        } catch (java.io.EOFException e) {
            throw new HeaplensException(name + ": not a valid gzip file: it ends inside the gzip header");
        } catch (IOException e) {
            throw new HeaplensException(name + ": cannot read: " + e.getMessage());
        }
    }

    public String name() {
        return name;
    }

    public DumpFormat format() {
        return format;
    }

    /** The first (decompressed) bytes, up to {@code max}: what a reader tells its input's kind from. */
    public byte[] head(int max) {
        return java.util.Arrays.copyOf(head.bytes(), Math.min(max, head.length()));
    }

    /** Size on disk in bytes (compressed size for gzip), or -1 for standard input, a pipe or a FIFO. */
    public long size() {
        return size;
    }

    public boolean isGzip() {
        return gzip;
    }

    /** True when the dump can be opened again (a regular file; standard input or a pipe can be read once). */
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
        if (format.isAnotherCommandsInput()) {
            throw new HeaplensException(name + ": this is " + format.description());
        }
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
}
