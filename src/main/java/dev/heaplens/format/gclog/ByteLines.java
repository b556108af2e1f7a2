package dev.heaplens.format.gclog;

import dev.heaplens.util.Swar;

import java.io.IOException;
import java.io.InputStream;

/**
 * Splits a stream into lines without decoding it: one reusable buffer, lines handed out as byte
 * ranges, so reading a large log allocates nothing per line. A last line without a line end is
 * not handed out but reported by {@link #read} (a log cut while it was written). A line longer
 * than {@link #LONGEST_LINE} is not a GC log line (a hostile or binary file): it is counted and
 * dropped, and memory stays at one buffer whatever the file holds.
 */
public final class ByteLines {
    /** The longest line handed out, line end excluded: GC log lines are a few hundred bytes. */
    public static final int LONGEST_LINE = 1 << 20;

    /** Whether the line {@code [from, to)} (line end excluded) is handed out. */
    static boolean fits(int from, int to) {
        return to - from <= LONGEST_LINE;
    }

    private ByteLines() {
    }

    /** What reading found besides the lines: their count, a cut last line, lines dropped as too long. */
    public record Ending(long lines, String cutLastLine, long overlongLines) {
    }

    public static Ending read(InputStream in, LineSink sink) throws IOException {
        byte[] buf = new byte[LONGEST_LINE + 2]; // the longest line with \r\n
        int start = 0;
        int end = 0;
        long lines = 0;
        long overlong = 0;
        boolean dropping = false; // inside a line longer than the buffer, whose bytes are dropped
        while (true) {
            if (end == buf.length) {
                if (start > 0) {
                    System.arraycopy(buf, start, buf, 0, end - start);
                    end -= start;
                    start = 0;
                } else { // one line fills the buffer
                    dropping = true;
                    end = 0;
                }
            }
            int n = in.read(buf, end, buf.length - end);
            if (n < 0) {
                break;
            }
            int scan = end;
            end += n;
            for (int i; (i = Swar.indexOf(buf, scan, end, (byte) '\n')) >= 0; scan = i + 1) {
                int to = i > start && buf[i - 1] == '\r' ? i - 1 : i;
                if (dropping || !fits(start, to)) {
                    dropping = false;
                    overlong++;
                } else {
                    sink.line(buf, start, to);
                }
                lines++;
                start = i + 1;
            }
            if (start == end) {
                start = 0;
                end = 0;
            }
        }
        String cut = null;
        if (dropping) {
            overlong++;
            lines++;
        } else if (end > start) {
            cut = new String(buf, start, Math.min(end - start, 120), java.nio.charset.StandardCharsets.UTF_8);
            lines++;
        }
        return new Ending(lines, cut, overlong);
    }
}
