package dev.heaplens.mcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * The stdio transport's messages: UTF-8 lines (a \r before the \n dropped, blank lines skipped).
 * A line over {@link #MAX_CHARS} is read to its end without being kept and comes back as
 * {@link #TOO_LONG}, so a client cannot make the server hold an unbounded line.
 */
final class MessageLines {
    static final int MAX_CHARS = 1 << 20;
    /** Stands for a line that was too long (compared by identity). */
    static final String TOO_LONG = new String("(too long)");

    private final BufferedReader reader;
    private final StringBuilder line = new StringBuilder();

    MessageLines(InputStream in) {
        this.reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    /** The next message, {@link #TOO_LONG}, or null at the end of the stream. */
    String next() throws IOException {
        while (true) {
            line.setLength(0);
            boolean tooLong = false;
            int c;
            while ((c = reader.read()) >= 0 && c != '\n') {
                if (line.length() < MAX_CHARS) {
                    line.append((char) c);
                } else {
                    tooLong = true;
                }
            }
            if (c < 0 && line.length() == 0 && !tooLong) {
                return null;
            }
            if (tooLong) {
                return TOO_LONG;
            }
            if (line.length() > 0 && line.charAt(line.length() - 1) == '\r') {
                line.setLength(line.length() - 1);
            }
            if (!line.toString().isBlank()) {
                return line.toString();
            }
            if (c < 0) {
                return null;
            }
        }
    }
}
