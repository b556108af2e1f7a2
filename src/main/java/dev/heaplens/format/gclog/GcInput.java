package dev.heaplens.format.gclog;

import dev.heaplens.io.DumpInput;
import dev.heaplens.io.ReadAheadInputStream;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * One GC data file (plain or gzip, or standard input), opened by the one opener of every input
 * ({@link DumpInput}: the same refusals as a dump's), with its first bytes read to tell what it is.
 */
public final class GcInput {
    static final int HEAD_BYTES = 64 * 1024;

    private final DumpInput input;
    final byte[] head;
    final int headLength;
    final GcFileKind kind;

    private GcInput(DumpInput input) {
        this.input = input;
        this.head = input.head(HEAD_BYTES);
        this.headLength = head.length;
        this.kind = GcFileKind.detect(head, headLength);
    }

    /** The file at {@code path}. */
    public static GcInput open(String path) {
        return open(path, InputStream.nullInputStream());
    }

    /** The file {@code arg}, or {@code standardInput} for {@code -}. */
    public static GcInput open(String arg, InputStream standardInput) {
        return new GcInput(DumpInput.open(arg, standardInput, "a GC log"));
    }

    public String name() {
        return input.name();
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
        return input.isSplittable() ? Path.of(input.name()) : null;
    }

    /** The file's size on disk, or -1 when it cannot be told (standard input, a pipe). */
    long size() {
        return input.size();
    }

    /** The whole (decompressed) content; gzip is inflated on a second thread. Standard input: once. */
    public InputStream openStream() throws IOException {
        InputStream in = input.openStream();
        return input.isGzip() ? new ReadAheadInputStream(in) : in;
    }
}
