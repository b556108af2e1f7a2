package dev.heaplens.format.gclog;

import dev.heaplens.util.Swar;

import java.io.IOException;
import java.io.InputStream;

/**
 * Splits a stream into lines without decoding it: one reusable buffer, lines handed out as byte
 * ranges, so reading a large log allocates nothing per line. A last line without a line end is
 * handed out when it ends as a complete GC line does ({@link #completeEnd}); otherwise it was cut
 * while the log was written, and is reported by {@link #read}, not read. A line longer
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

    /**
     * Where a last line without a line end ends, \r and trailing spaces excluded, when it ends as a
     * complete event line does: a duration ("1.234ms", "0.002s", "12us"), a closing "]" (JDK 8's
     * "secs]") or ")" (ZGC's "5020M(5%)"; a pause cut before its time has none, and is not counted).
     * A line cut inside a figure ("1.23", "1.234m") does not, and is not read: its
     * figure would be wrong. Returns -1 for a cut line.
     */
    static int completeEnd(byte[] b, int from, int to) {
        while (to > from && (b[to - 1] == ' ' || b[to - 1] == '\r')) {
            to--;
        }
        if (to - from < 2) {
            return -1;
        }
        byte last = b[to - 1];
        byte before = b[to - 2];
        boolean duration = last == 's' && (Ascii.isDigit(before) || (before == 'm' || before == 'u' || before == 'n')
                && to - from >= 3 && Ascii.isDigit(b[to - 3]));
        return duration || last == ']' || last == ')' ? to : -1;
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
            int to = completeEnd(buf, start, end);
            if (to >= 0 && fits(start, to)) {
                sink.line(buf, start, to);
            } else {
                cut = new String(buf, start, Math.min(end - start, 120), java.nio.charset.StandardCharsets.UTF_8);
            }
            lines++;
        }
        return new Ending(lines, cut, overlong);
    }
}
