package dev.heaplens.io;

import dev.heaplens.HeaplensException;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.ZipException;

/**
 * The first bytes of a (decompressed) dump, enough to tell its format: {@link #HEAD_BYTES} after
 * any leading blank lines, of which up to {@link #MAX_BLANK_PREFIX} are read past.
 */
record Head(byte[] bytes, int length, DumpFormat format) {
    static final int HEAD_BYTES = 64 * 1024;
    static final int MAX_BLANK_PREFIX = 16 * 1024 * 1024;

    static Head read(InputStream in, String name) throws IOException {
        byte[] buf = new byte[HEAD_BYTES];
        int n = 0;
        int firstText = -1;
        while (true) {
            int r = readFully(in, buf, n, buf.length, name);
            boolean ended = r < buf.length;
            for (int i = n; firstText < 0 && i < r; i++) {
                if (!DumpFormat.isSpace(buf[i])) {
                    firstText = i;
                }
            }
            n = r;
            if (ended || firstText >= 0 || buf.length >= MAX_BLANK_PREFIX + HEAD_BYTES) {
                break;
            }
            buf = Arrays.copyOf(buf, buf.length * 2); // blank lines so far: read on to the first text
        }
        if (firstText < 0 && n == buf.length) {
            throw new HeaplensException(name + ": the first " + n + " bytes are blank lines: not a heap dump");
        }
        int from = Math.max(0, firstText);
        int upTo = Math.min(n, from + HEAD_BYTES);
        DumpFormat format = DumpFormat.detect(Arrays.copyOfRange(buf, from, upTo), upTo - from);
        return new Head(buf, n, format);
    }

    /** Reads until {@code into} is filled up to {@code limit} or the input ends; returns the count. */
    static int readFully(InputStream in, byte[] into, int limit, String name) throws IOException {
        return readFully(in, into, 0, limit, name);
    }

    private static int readFully(InputStream in, byte[] into, int from, int limit, String name) throws IOException {
        int n = from;
        try {
            while (n < limit) {
                int r = in.read(into, n, limit - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
        } catch (EOFException e) {
            if (n == 0) {
                throw new HeaplensException(name + ": truncated gzip data: it ends before any data (" + e.getMessage() + ")");
            }
        } catch (ZipException e) {
            throw new HeaplensException(name + ": corrupt gzip data" + (n > 0 ? " after " + n + " decompressed bytes" : "")
                    + " (" + e.getMessage() + "): not read");
        }
        return n;
    }
}
