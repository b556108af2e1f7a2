package dev.heaplens.format.ruby;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The graph read (references and allocation info) finishes the usual allocation tail, from
 * {@code "file"} to the end, without the key loop. Against the key loop itself (the fast paths
 * switched off): the same lines accepted, with the same file, line, method, generation, memsize,
 * flags and references, on seeded random tails (method or generation missing, escaped and garbled
 * method names, damaged method and generation keys, nulls, Ruby's spacing and other spacing) and
 * on the same lines with bytes changed in the tail or cut short. The lines shaped as Ruby writes
 * them but for damaged keys are also read by the read that jumps from the head to the tail
 * (allocation info without references), which must give the key loop's answer.
 */
class AllocationTailFastPathTest {
    private static final Set<RubyLineParser.Field> GRAPH = Set.of(RubyLineParser.Field.REFERENCES, RubyLineParser.Field.ALLOCATION);
    private static final String[] FILES = {"/app/models/user.rb", "/a\\\"b.rb", "null", "", "/x/\\u00e9.rb", "/gems/rack-3.0.8/lib/rack.rb"};
    private static final String[] METHODS = {"initialize", "new", "", "m\\u00ff\u0000\", \"x", "a\\\\b", "null", "call\"}"};
    private static final Set<RubyLineParser.Field> JUMP = Set.of(RubyLineParser.Field.ALLOCATION);
    /** {@code "key":} damaged: misspelt, a stray byte inside or after the name, the colon missing. */
    private static final String[][] DAMAGED_KEYS = {
            {"\"generaton\":", "\"genxeration\":", "\"generation\u0000\":", "\"Generation\":", "\"generation\" ", "\"generation\"x:"},
            {"\"metod\":", "\"metxhod\":", "\"\u00ffmethod\":", "\"method \":", "\"method\"", "\"method\" :"}};
    private static final String[] FLAGS = {"", "\"wb_protected\":true", "\"wb_protected\":true, \"old\":true, \"marked\":true",
            "\"a}b\":true"};

    /**
     * The fast reads of every line: one parser each, as a reading thread has, so that the flags
     * objects it accepted ({@link KnownFlags}) meet the later lines, damaged ones included.
     */
    private final RubyLineParser graphParser = new RubyLineParser(GRAPH);
    private final RubyLineParser jumpParser = new RubyLineParser(JUMP);

    @Test
    void fastAllocationTailAgreesWithTheKeyLoop() {
        int accepted = 0;
        int jumpsCompared = 0;
        for (long seed = 0; seed < 30_000; seed++) {
            Random rnd = new Random(seed);
            boolean rubyShaped = true; // as Ruby writes lines but for damaged keys: no nulls, no absurd numbers, generation written
            StringBuilder b = new StringBuilder("{\"address\":\"0x7f00").append(Integer.toHexString(0x100000 + rnd.nextInt(1 << 20)))
                    .append("\", \"type\":\"ARRAY\", \"class\":\"0x7f0012345678\", \"length\":2");
            if (rnd.nextBoolean()) {
                b.append(", \"references\":[\"0x7f0000000010\", \"0x7f0000000028\"]");
            }
            String file = FILES[rnd.nextInt(FILES.length)];
            b.append(rnd.nextInt(8) == 0 ? ", \"file\": " : ", \"file\":").append(file.equals("null") ? "null" : "\"" + file + "\"");
            int line = rnd.nextInt(10) == 0 ? -1 : rnd.nextInt(8) == 0 ? -2 : rnd.nextInt(5000);
            b.append(rnd.nextInt(10) == 0 ? ",\"line\":" : ", \"line\":")
                    .append(line == -1 ? "null" : line == -2 ? "1" + "0".repeat(rnd.nextInt(22)) : String.valueOf(line));
            rubyShaped &= line >= 0 && !file.equals("null");
            // which key is damaged: 0 method, 1 generation, else none
            int damaged = rnd.nextInt(4);
            String[] damages = damaged < 2 ? DAMAGED_KEYS[1 - damaged] : null;
            String damage = damages == null ? null : damages[rnd.nextInt(damages.length)];
            if (rnd.nextBoolean()) {
                String method = METHODS[rnd.nextInt(METHODS.length)];
                b.append(", ").append(damaged == 0 ? damage : "\"method\":").append(method.equals("null") ? "null" : "\"" + method + "\"");
                // the key loop finds the end of a name garbled with raw quotes from the generation key: with that key damaged, it refuses
                // the line, while the jump, finding no generation, reads it without allocation info (left as it is)
                rubyShaped &= !method.equals("null") && !(damaged == 1 && method.indexOf('"') >= 0);
            }
            if (rnd.nextInt(4) != 0) {
                long generation = rnd.nextInt(8) == 0 ? -1 : rnd.nextInt(100);
                b.append(", ").append(damaged == 1 ? damage : "\"generation\":")
                        .append(generation < 0 ? "1" + "0".repeat(rnd.nextInt(22)) : String.valueOf(generation));
                rubyShaped &= generation >= 0;
            } else {
                rubyShaped = false;
            }
            boolean hugeMemsize = rnd.nextInt(6) == 0;
            b.append(", \"memsize\":").append(hugeMemsize ? "1" + "0".repeat(rnd.nextInt(16)) : rnd.nextInt(100_000));
            rubyShaped &= !hugeMemsize;
            if (rnd.nextInt(4) != 0) {
                b.append(", \"flags\":{").append(FLAGS[rnd.nextInt(FLAGS.length)]).append('}');
            }
            if (rnd.nextInt(12) == 0) {
                b.append(", \"extra\":1");
                rubyShaped = false;
            }
            b.append('}').append(rnd.nextInt(8) == 0 ? " " : "");
            byte[] bytes = b.toString().getBytes(StandardCharsets.UTF_8);
            if (rnd.nextBoolean()) {
                rubyShaped = false;
                int tail = b.indexOf("\"file\"");
                for (int i = 0, k = 1 + rnd.nextInt(3); i < k; i++) {
                    int at = tail + rnd.nextInt(bytes.length - tail);
                    bytes[at] = (byte) " }{\",:9x\t\\".charAt(rnd.nextInt(10));
                }
            }
            int length = rnd.nextInt(10) == 0 ? rnd.nextInt(bytes.length + 1) : bytes.length;
            if (compare(bytes, length, seed)) {
                accepted++;
            }
            if (rubyShaped && length == bytes.length) {
                compareJump(bytes, seed);
                jumpsCompared++;
            }
        }
        assertThat(accepted).isGreaterThan(6_000);
        assertThat(jumpsCompared).isGreaterThan(3_000);
    }

    /** The read that jumps from the head to the tail against the key loop. */
    private void compareJump(byte[] line, long seed) {
        RubyRecord jumped = new RubyRecord();
        RubyRecord walked = new RubyRecord();
        boolean jumpOk = jumpParser.parse(line, 0, line.length, jumped);
        RubyLineParser keyLoop = new RubyLineParser(GRAPH);
        keyLoop.fastTail = false;
        boolean walkOk = keyLoop.parse(line, 0, line.length, walked);
        String at = "seed " + seed + " (jump): " + new String(line, StandardCharsets.UTF_8);
        assertThat(jumpOk).as(at).isEqualTo(walkOk);
        if (jumpOk) {
            assertSameTail(at, jumped, walked);
        }
    }

    /** The fields a line's tail gives: memsize, allocation site, generation and flags. */
    private static void assertSameTail(String at, RubyRecord r, RubyRecord expected) {
        assertThat(r.memsize).as(at).isEqualTo(expected.memsize);
        assertThat(r.line).as(at).isEqualTo(expected.line);
        assertThat(r.generation).as(at).isEqualTo(expected.generation);
        assertThat(r.flags).as(at).isEqualTo(expected.flags);
        assertRange(at + " file", r.file, expected.file);
        assertRange(at + " method", r.method, expected.method);
    }

    private boolean compare(byte[] line, int length, long seed) {
        RubyRecord fast = new RubyRecord();
        RubyRecord loop = new RubyRecord();
        boolean fastOk = graphParser.parse(line, 0, length, fast);
        RubyLineParser keyLoop = new RubyLineParser(GRAPH);
        keyLoop.fastTail = false;
        boolean loopOk = keyLoop.parse(line, 0, length, loop);
        String at = "seed " + seed + ": " + new String(line, 0, length, StandardCharsets.UTF_8);
        assertThat(fastOk).as(at).isEqualTo(loopOk);
        if (fastOk) {
            assertSameTail(at, fast, loop);
            assertThat(fast.referenceCount).as(at).isEqualTo(loop.referenceCount);
            for (int i = 0; i < fast.referenceCount; i++) {
                assertThat(fast.references[i]).as(at).isEqualTo(loop.references[i]);
            }
        }
        return fastOk;
    }

    private static void assertRange(String at, RubyRecord.ByteRange a, RubyRecord.ByteRange b) {
        assertThat(a.isPresent()).as(at).isEqualTo(b.isPresent());
        if (a.isPresent()) {
            assertThat(a.start).as(at).isEqualTo(b.start);
            assertThat(a.end).as(at).isEqualTo(b.end);
            assertThat(a.escaped).as(at).isEqualTo(b.escaped);
        }
    }
}
