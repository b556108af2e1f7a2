package dev.heaplens.util;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The word-at-a-time searches against plain byte loops, on random data of every alignment. */
class SwarTest {
    @Test
    void searchesAgreeWithByteLoops() {
        Random random = new Random(42);
        for (int round = 0; round < 5000; round++) {
            byte[] buf = new byte[random.nextInt(80)];
            // near misses of the targets too: a high bit more (0x8a for '\n') or a low bit other (0x0b)
            String alphabet = "ab\"]{}\n\u0080\u008a\u000b\u0081";
            for (int i = 0; i < buf.length; i++) {
                buf[i] = (byte) alphabet.charAt(random.nextInt(alphabet.length()));
            }
            int from = buf.length == 0 ? 0 : random.nextInt(buf.length);
            int to = from + (buf.length == from ? 0 : random.nextInt(buf.length - from + 1));
            for (byte target : new byte[] {'"', ']', '{', '\n', (byte) 0x80}) {
                assertThat(Swar.indexOf(buf, from, to, target)).as("seed round %d", round).isEqualTo(first(buf, from, to, target));
                assertThat(Swar.lastIndexOf(buf, from, to, target)).as("seed round %d", round).isEqualTo(last(buf, from, to, target));
                int[] count = new int[1];
                int at = Swar.indexOfCounting(buf, from, to, target, (byte) '"', count);
                assertThat(at).isEqualTo(first(buf, from, to, target));
                int end = at < 0 ? to : at;
                assertThat(count[0]).isEqualTo(occurrences(buf, from, end, (byte) '"'));
                if (from + 8 <= buf.length) {
                    int inWord = first(buf, from, from + 8, target);
                    assertThat(Swar.firstIndexIn(Swar.word(buf, from), target)).isEqualTo(inWord < 0 ? 8 : inWord - from);
                }
            }
        }
    }

    private static int first(byte[] b, int from, int to, byte t) {
        for (int i = from; i < to; i++) {
            if (b[i] == t) {
                return i;
            }
        }
        return -1;
    }

    private static int last(byte[] b, int from, int to, byte t) {
        for (int i = to - 1; i >= from; i--) {
            if (b[i] == t) {
                return i;
            }
        }
        return -1;
    }

    private static int occurrences(byte[] b, int from, int to, byte t) {
        int n = 0;
        for (int i = from; i < to; i++) {
            n += b[i] == t ? 1 : 0;
        }
        return n;
    }

    /** Hex digits eight at a time against Character.digit, on words of hex, near-hex and non-ASCII bytes. */
    @Test
    void hexDigitsAndValuesAgreeWithCharacterDigit() {
        Random random = new Random(7);
        String alphabet = "0123456789abcdefABCDEF/:@G`gxX\"\u0000\u00ff\u00b0\u00c6";
        for (int round = 0; round < 200_000; round++) {
            byte[] b = new byte[8];
            for (int i = 0; i < 8; i++) {
                b[i] = random.nextInt(4) == 0 ? (byte) random.nextInt(256)
                        : (byte) alphabet.charAt(random.nextInt(random.nextBoolean() ? 22 : alphabet.length()));
            }
            long word = Swar.word(b, 0);
            int n = 0;
            while (n < 8 && (b[n] & 0xff) < 0x80 && Character.digit((char) b[n], 16) >= 0) {
                n++;
            }
            assertThat(Swar.hexDigits(word)).as("round %d", round).isEqualTo(n);
            if (n > 0) {
                assertThat(Swar.hexValue(word, n)).as("round %d", round)
                        .isEqualTo(Long.parseLong(new String(b, 0, n, java.nio.charset.StandardCharsets.ISO_8859_1), 16));
            }
        }
        assertThat(Swar.wordOf("{\"addres")).isEqualTo(Swar.word("{\"address\":".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0));
    }
}
