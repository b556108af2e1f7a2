package dev.heaplens.format.rubygc;

import java.io.IOException;
import java.io.Reader;

/**
 * Lines of a text, as {@link java.io.BufferedReader#readLine} gives them (ended by \n, \r\n or
 * \r), but none longer than {@link #LONGEST}: a longer one is not a GC.stat line (a hostile or
 * binary file) and comes back as {@link #OVERLONG}, its chars dropped as they are read, so memory
 * stays bounded whatever the file holds.
 */
final class BoundedLines {
    /** A GC.stat hash with stat_heap as one JSON line is a few KB. */
    static final int LONGEST = 1 << 20;
    /** What {@link #next} returns for a line longer than {@link #LONGEST}; compare by identity. */
    static final String OVERLONG = new String("(a line longer than 1 MB)");

    private final Reader reader;
    private final char[] buf = new char[1 << 16];
    private int pos;
    private int end;
    private boolean skipNewline; // the last line ended with \r: a \n right after it belongs to it
    private final StringBuilder line = new StringBuilder();

    BoundedLines(Reader reader) {
        this.reader = reader;
    }

    /** The next line without its line end, {@link #OVERLONG}, or null at the end of the text. */
    String next() throws IOException {
        line.setLength(0);
        boolean overlong = false;
        boolean any = false;
        while (true) {
            if (pos == end) {
                end = reader.read(buf, 0, buf.length);
                pos = 0;
                if (end <= 0) {
                    end = 0;
                    return any ? (overlong ? OVERLONG : line.toString()) : null;
                }
            }
            if (skipNewline) {
                skipNewline = false;
                if (buf[pos] == '\n') {
                    pos++;
                    continue;
                }
            }
            any = true;
            int start = pos;
            while (pos < end && buf[pos] != '\n' && buf[pos] != '\r') {
                pos++;
            }
            if (!overlong) {
                if (line.length() + (pos - start) > LONGEST) {
                    overlong = true;
                    line.setLength(0);
                } else {
                    line.append(buf, start, pos - start);
                }
            }
            if (pos < end) { // a line end
                skipNewline = buf[pos] == '\r';
                pos++;
                return overlong ? OVERLONG : line.toString();
            }
        }
    }
}
