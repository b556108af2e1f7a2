package dev.heaplens.format.ruby;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The backward key searches that find where a line's allocation tail starts, against a byte
 * loop: {@link TailScanner#searchBack} (eight bytes a step) and {@link TailScanner#keyOfString}
 * (the value's opening quote first) return the last start of the key that ends at or before the
 * given position within the window, on lines crowded with quotes, keys and near misses.
 */
class SearchBackTest {
    private static final String[] PIECES = {"\"", "\"method\":", "\"file\":", "\"metho\":", "method", "\\\"", ":", "x",
            "/app/models/user.rb", "\"file\"", " ", "\"\"method\":"};

    @Test
    void searchesMatchAByteLoop() {
        RubyLineParser scanner = new RubyLineParser(Set.of(RubyLineParser.Field.ALLOCATION));
        for (long seed = 0; seed < 3_000; seed++) {
            Random rnd = new Random(seed);
            StringBuilder b = new StringBuilder();
            for (int i = rnd.nextInt(30); i > 0; i--) {
                b.append(PIECES[rnd.nextInt(PIECES.length)]);
            }
            byte[] line = b.toString().getBytes(StandardCharsets.US_ASCII);
            scanner.buf = line;
            scanner.lineStart = line.length == 0 ? 0 : rnd.nextInt(line.length);
            scanner.end = line.length;
            byte[] key = rnd.nextBoolean() ? TailScanner.METHOD_KEY : TailScanner.FILE_KEY;
            int window = 1 + rnd.nextInt(80);
            for (int p = scanner.lineStart; p < line.length; p++) {
                int expected = byteLoop(line, scanner.lineStart, p, key, window);
                String at = "seed " + seed + ", p " + p + ", window " + window + ": " + b;
                assertThat(scanner.searchBack(p, key, window)).as(at).isEqualTo(expected);
                if (line[p] == '"') { // keyOfString is asked at the closing quote of a value
                    assertThat(scanner.keyOfString(p, key, window)).as(at).isEqualTo(expected);
                }
            }
        }
    }

    private static int byteLoop(byte[] line, int lineStart, int p, byte[] key, int window) {
        int limit = Math.max(lineStart, p - window);
        for (int i = p - key.length + 1; i >= limit; i--) {
            boolean match = true;
            for (int j = 0; j < key.length && match; j++) {
                match = line[i + j] == key[j];
            }
            if (match) {
                return i;
            }
        }
        return -1;
    }
}
