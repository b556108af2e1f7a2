package dev.heaplens.format.rubygc;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** BoundedLines against BufferedReader.readLine (the oracle) on every kind of line end, and its bound. */
class BoundedLinesTest {
    /** Hands out at most {@code most} chars a read, so that line ends fall across reads. */
    private static Reader trickling(String text, int most) {
        return new Reader() {
            private int pos;

            @Override
            public int read(char[] cbuf, int off, int len) {
                if (pos == text.length()) {
                    return -1;
                }
                int n = Math.min(Math.min(len, most), text.length() - pos);
                text.getChars(pos, pos + n, cbuf, off);
                pos += n;
                return n;
            }

            @Override
            public void close() {
            }
        };
    }

    private static List<String> lines(Reader reader) throws IOException {
        BoundedLines lines = new BoundedLines(reader);
        List<String> out = new ArrayList<>();
        for (String line; (line = lines.next()) != null; ) {
            out.add(line == BoundedLines.OVERLONG ? "OVERLONG" : line);
        }
        return out;
    }

    private static List<String> oracle(String text) throws IOException {
        return new BufferedReader(new StringReader(text)).lines().toList();
    }

    @Test
    void linesAreReadLineSLinesWhereverTheReadsEnd() throws IOException {
        Random random = new Random(5);
        String[] ends = {"\n", "\r\n", "\r"};
        for (int round = 0; round < 200; round++) {
            StringBuilder text = new StringBuilder();
            int count = random.nextInt(12);
            for (int i = 0; i < count; i++) {
                text.append("x".repeat(random.nextInt(5))).append(ends[random.nextInt(3)]);
            }
            if (random.nextBoolean()) {
                text.append("last");
            }
            String t = text.toString();
            for (int most : new int[] {1, 2, 3, 1 << 16}) {
                assertThat(lines(trickling(t, most))).as("%s in reads of %d", t.replace("\r", "\\r").replace("\n", "\\n"), most)
                        .isEqualTo(oracle(t));
            }
        }
    }

    @Test
    void aLineOverTheBoundComesBackAsOverlongAndTheNextLinesAsThey() throws IOException {
        String longest = "a".repeat(BoundedLines.LONGEST);
        String over = "b".repeat(BoundedLines.LONGEST + 1);
        String text = "first\n" + longest + "\r\n" + over + "\nafter\n" + over;
        assertThat(lines(trickling(text, 70_000))).containsExactly("first", longest, "OVERLONG", "after", "OVERLONG");
    }
}
