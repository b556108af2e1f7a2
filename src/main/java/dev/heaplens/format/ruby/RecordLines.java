package dev.heaplens.format.ruby;

import dev.heaplens.HeaplensException;
import dev.heaplens.io.DumpInput;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Fetches the record lines of a few objects again, by the byte offsets the reader noted: with
 * positional reads from a plain file, or one more pass over a gzip stream.
 */
public final class RecordLines {
    /** Longer lines are cut: a report shows the start of a 10 MB array, not all of it. */
    public static final int MAX_LINE = 64 * 1024;

    private RecordLines() {
    }

    /** The lines starting at {@code positions} (offsets in the decompressed dump). */
    public static Map<Long, String> fetch(DumpInput input, long[] positions) {
        long[] sorted = Arrays.stream(positions).filter(p -> p >= 0).distinct().sorted().toArray();
        Map<Long, String> lines = new HashMap<>();
        if (sorted.length == 0) {
            return lines;
        }
        try {
            if (input.isSplittable()) {
                try (FileChannel ch = input.openChannel()) {
                    for (long p : sorted) {
                        lines.put(p, readLine(ch, p));
                    }
                }
            } else {
                try (InputStream in = input.openStream()) {
                    readFromStream(in, sorted, lines);
                }
            }
        } catch (IOException e) {
            throw new HeaplensException(input.name() + ": cannot read it again: " + e.getMessage());
        }
        return lines;
    }

    private static String readLine(FileChannel ch, long position) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(MAX_LINE);
        ch.read(buf, position);
        int n = buf.position();
        int end = 0;
        while (end < n && buf.get(end) != '\n') {
            end++;
        }
        return new String(buf.array(), 0, end, StandardCharsets.UTF_8);
    }

    private static void readFromStream(InputStream in, long[] sorted, Map<Long, String> lines) throws IOException {
        InputStream buffered = new java.io.BufferedInputStream(in, 1 << 16);
        long offset = 0;
        for (long p : sorted) {
            long skip = p - offset;
            while (skip > 0) {
                long s = buffered.skip(skip);
                if (s <= 0) {
                    return;
                }
                skip -= s;
                offset += s;
            }
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int b;
            while ((b = buffered.read()) >= 0) {
                offset++;
                if (b == '\n') {
                    break;
                }
                if (line.size() < MAX_LINE) {
                    line.write(b);
                }
            }
            lines.put(p, line.toString(StandardCharsets.UTF_8));
        }
    }

    /**
     * The decoded string after {@code key} (as {@code "value":"}), or null when the line has none;
     * a string the line cuts short (a line past {@link #MAX_LINE}) ends without its closing quote,
     * which {@link #closes} tells.
     */
    public static String stringField(String line, String key) {
        int at = line.indexOf(key);
        if (at < 0) {
            return null;
        }
        int start = at + key.length();
        int end = Math.min(stringEnd(line, start), line.length());
        byte[] raw = line.substring(start, end).getBytes(StandardCharsets.UTF_8);
        return JsonText.decode(raw, 0, raw.length, true);
    }

    /** Whether the string after {@code key} ends with its closing quote on this line. */
    public static boolean closes(String line, String key) {
        int at = line.indexOf(key);
        return at >= 0 && stringEnd(line, at + key.length()) < line.length();
    }

    /** Where the JSON string starting at {@code start} ends (its closing quote), or past the line's end. */
    private static int stringEnd(String line, int start) {
        int p = start;
        while (p < line.length() && line.charAt(p) != '"') {
            p += line.charAt(p) == '\\' ? 2 : 1;
        }
        return p;
    }

    /** The digits after {@code key} (as {@code "length":}), or null. */
    public static String numberField(String line, String key) {
        int at = line.indexOf(key);
        if (at < 0) {
            return null;
        }
        int p = at + key.length();
        int start = p;
        while (p < line.length() && Character.isDigit(line.charAt(p))) {
            p++;
        }
        return p > start ? line.substring(start, p) : null;
    }
}
