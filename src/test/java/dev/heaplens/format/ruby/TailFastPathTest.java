package dev.heaplens.format.ruby;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The histogram read takes the usual type value a word at a time, finds the usual tail walking back
 * with word compares, and finishes the usual tail ({@code "memsize":N, "flags":{...}}}) without the key
 * loop. Against the key loop itself (the fast tail switched off): the same lines accepted, the
 * same memsize, on seeded random tails and on the same tails with bytes changed near the end
 * (spaces, braces, quotes, digits, a cut line). Once with a new parser a line, once with one
 * parser for all lines, whose kept flags objects ({@link KnownFlags}) then meet damaged copies.
 */
class TailFastPathTest {
    private static final String[] FLAGS = {"", "\"wb_protected\":true", "\"wb_protected\":true, \"old\":true, \"marked\":true",
            "\"a}b\":true", "\"x\\\"\":1", "\"wb_protected\":true, \"old\":true", "\"wb_protected\":true, \"old\":tru\"",
            "\"wb_protected\":true, \"o{d\":true", "\"wb_protected\":true, \"old\":true}, \"x\":{"};

    /** Type names Ruby writes, and near misses: a name cut or grown, lower case, a NUL, nine bytes, an escape. */
    private static final String[] TYPES = {"STRING", "OBJECT", "RATIONAL", "NIL", "IMEMO", "ICLASS", "STRIN", "STRINGS",
            "string", "STRING\u0000\u0000", "RATIONALS", "RATIONA", "ST\\u0052ING", "", "A", "ROOT"};

    @Test
    void fastTailAgreesWithTheKeyLoop() {
        assertThat(agreeOnRandomLines(null)).isGreaterThan(3_000); // about half the type names are real ones
    }

    @Test
    void aParserThatKeepsTheFlagsItAcceptedAgreesWithTheKeyLoop() {
        RubyLineParser shared = new RubyLineParser(Set.of());
        assertThat(agreeOnRandomLines(shared)).isGreaterThan(3_000);
        // the kept objects were used: a line with a known flags object is recognised without a search
        byte[] line = ("{\"address\":\"0x7f0010000000\", \"type\":\"STRING\", \"class\":\"0x7f0012345678\", "
                + "\"memsize\":40, \"flags\":{\"wb_protected\":true}}").getBytes(StandardCharsets.US_ASCII);
        assertThat(shared.parse(line, 0, line.length, new RubyRecord())).isTrue();
        assertThat(shared.knownFlagsOpen).isEqualTo(line.length - 2 - "{\"wb_protected\":true".length());
    }

    /** Lines from seeds 0 to 19,999 through {@code fast} (null: a new parser a line) and the key loop; how many were accepted. */
    private static int agreeOnRandomLines(RubyLineParser fast) {
        int accepted = 0;
        for (long seed = 0; seed < 20_000; seed++) {
            Random rnd = new Random(seed);
            StringBuilder b = new StringBuilder("{\"address\":\"0x7f00").append(Integer.toHexString(0x100000 + rnd.nextInt(1 << 20)))
                    .append("\", \"type\":\"").append(TYPES[rnd.nextInt(TYPES.length)]).append("\", \"class\":\"0x7f0012345678\"");
            if (rnd.nextBoolean()) {
                b.append(", \"value\":\"v").append(rnd.nextInt(99)).append('"');
            }
            b.append(rnd.nextInt(6) == 0 ? ",  \"memsize\" : " : ", \"memsize\":").append(rnd.nextInt(4) == 0 ? "1" + "0".repeat(rnd.nextInt(22)) : rnd.nextInt(100_000));
            if (rnd.nextInt(4) != 0) {
                b.append(", \"flags\":{").append(FLAGS[rnd.nextInt(FLAGS.length)]).append('}');
            }
            b.append('}').append(rnd.nextInt(5) == 0 ? "  " : "");
            byte[] line = b.toString().getBytes(StandardCharsets.US_ASCII);
            if (rnd.nextBoolean()) {
                int k = 1 + rnd.nextInt(3);
                for (int i = 0; i < k; i++) {
                    int at = Math.max(0, line.length - 1 - rnd.nextInt(Math.min(line.length, 45)));
                    line[at] = (byte) " }{\",:9x\t".charAt(rnd.nextInt(9));
                }
            }
            int length = rnd.nextInt(10) == 0 ? rnd.nextInt(line.length + 1) : line.length;
            if (compare(fast != null ? fast : new RubyLineParser(Set.of()), line, length, seed)) {
                accepted++;
            }
        }
        return accepted;
    }

    private static boolean compare(RubyLineParser parser, byte[] line, int length, long seed) {
        RubyRecord fast = new RubyRecord();
        RubyRecord loop = new RubyRecord();
        boolean fastOk = parser.parse(line, 0, length, fast);
        RubyLineParser keyLoop = new RubyLineParser(Set.of());
        keyLoop.fastTail = false;
        boolean loopOk = keyLoop.parse(line, 0, length, loop);
        String at = "seed " + seed + ": " + new String(line, 0, length, StandardCharsets.US_ASCII);
        assertThat(fastOk).as(at).isEqualTo(loopOk);
        if (fastOk) {
            assertThat(fast.memsize).as(at).isEqualTo(loop.memsize);
            assertThat(fast.type).as(at).isEqualTo(loop.type);
            assertThat(fast.classAddress).as(at).isEqualTo(loop.classAddress);
            assertThat(fast.hasFlag(RubyRecord.HAS_FLAGS)).as(at).isEqualTo(loop.hasFlag(RubyRecord.HAS_FLAGS));
        }
        return fastOk;
    }
}
