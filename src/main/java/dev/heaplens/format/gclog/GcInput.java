package dev.heaplens.format.gclog;

import dev.heaplens.HeaplensException;
import dev.heaplens.io.ReadAheadInputStream;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** One GC data file (plain or gzip), with its first bytes read to tell what it is. */
public final class GcInput {
    static final int HEAD_BYTES = 64 * 1024;

    private final String name;
    private final Path path;
    private final boolean gzip;
    final byte[] head;
    final int headLength;
    final GcFileKind kind;

    private GcInput(String name, Path path, boolean gzip, byte[] head, int headLength) {
        this.name = name;
        this.path = path;
        this.gzip = gzip;
        this.head = head;
        this.headLength = headLength;
        this.kind = GcFileKind.detect(head, headLength);
    }

    public static GcInput open(String arg) {
        Path path = Path.of(arg);
        if (Files.isDirectory(path)) {
            throw new HeaplensException(arg + ": is a directory, not a GC log");
        }
        try {
            boolean gzip;
            try (InputStream in = Files.newInputStream(path)) {
                gzip = in.read() == 0x1f && in.read() == 0x8b;
            }
            byte[] head = new byte[HEAD_BYTES];
            int n = 0;
            try (InputStream in = stream(path, gzip, arg, false)) {
                while (n < head.length) {
                    int r = in.read(head, n, head.length - n);
                    if (r < 0) {
                        break;
                    }
                    n += r;
                }
            } catch (java.io.EOFException | java.util.zip.ZipException e) {
                if (n == 0) {
                    throw new HeaplensException(arg + ": corrupt or truncated gzip data: " + e.getMessage());
                }
            }
            return new GcInput(arg, path, gzip, head, n);
        } catch (NoSuchFileException e) {
            throw new HeaplensException(arg + ": no such file");
        } catch (IOException e) {
            throw new HeaplensException(arg + ": cannot read: " + e.getMessage());
        }
    }

    public String name() {
        return name;
    }

    public GcFileKind kind() {
        return kind;
    }

    /** True when the file holds a JVM's first GC lines ("Using G1"...): it starts a run rather than continue one. */
    public boolean startsRun() {
        if (kind == GcFileKind.OPENJ9_XML) {
            return Ascii.indexOf(head, 0, headLength, "<initialized") >= 0;
        }
        Decorators deco = new Decorators();
        int start = 0;
        while (start < headLength) {
            int end = start;
            while (end < headLength && head[end] != '\n') {
                end++;
            }
            if (deco.parse(head, start, end) && Ascii.startsWith(head, deco.messageStart, end, "Using ")) {
                return true;
            }
            start = end + 1;
        }
        return false;
    }

    /** The file itself when it is plain text (so it can be read in parts), else null. */
    Path plainFile() {
        return gzip ? null : path;
    }

    /** The file's size on disk, or -1 when it cannot be told. */
    long size() {
        try {
            return Files.size(path);
        } catch (IOException e) {
            return -1;
        }
    }

    /** The whole (decompressed) content; gzip is inflated on a second thread. */
    public InputStream openStream() throws IOException {
        return stream(path, gzip, name, true);
    }

    private static InputStream stream(Path path, boolean gzip, String name, boolean readAhead) throws IOException {
        InputStream file = Files.newInputStream(path);
        if (!gzip) {
            return file;
        }
        try {
            InputStream in = new GZIPInputStream(file, 1 << 16);
            return readAhead ? new ReadAheadInputStream(in) : in;
        } catch (IOException e) {
            file.close();
            throw new HeaplensException(name + ": not a valid gzip file: " + e.getMessage());
        }
    }
}
