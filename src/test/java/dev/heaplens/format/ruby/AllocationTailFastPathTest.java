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
 * method names, nulls, Ruby's spacing and other spacing) and on the same lines with bytes changed
 * in the tail or cut short.
 */
class AllocationTailFastPathTest {
    private static final Set<RubyLineParser.Field> GRAPH = Set.of(RubyLineParser.Field.REFERENCES, RubyLineParser.Field.ALLOCATION);
    private static final String[] FILES = {"/app/models/user.rb", "/a\\\"b.rb", "null", "", "/x/\\u00e9.rb", "/gems/rack-3.0.8/lib/rack.rb"};
    private static final String[] METHODS = {"initialize", "new", "", "m\\u00ff\u0000\", \"x", "a\\\\b", "null", "call\"}"};
    private static final String[] FLAGS = {"", "\"wb_protected\":true", "\"wb_protected\":true, \"old\":true, \"marked\":true",
            "\"a}b\":true"};

    @Test
    void fastAllocationTailAgreesWithTheKeyLoop() {
        int accepted = 0;
        for (long seed = 0; seed < 30_000; seed++) {
            Random rnd = new Random(seed);
            StringBuilder b = new StringBuilder("{\"address\":\"0x7f00").append(Integer.toHexString(0x100000 + rnd.nextInt(1 << 20)))
                    .append("\", \"type\":\"ARRAY\", \"class\":\"0x7f0012345678\", \"length\":2");
            if (rnd.nextBoolean()) {
                b.append(", \"references\":[\"0x7f0000000010\", \"0x7f0000000028\"]");
            }
            String file = FILES[rnd.nextInt(FILES.length)];
            b.append(rnd.nextInt(8) == 0 ? ", \"file\": " : ", \"file\":").append(file.equals("null") ? "null" : "\"" + file + "\"");
            b.append(rnd.nextInt(10) == 0 ? ",\"line\":" : ", \"line\":")
                    .append(rnd.nextInt(10) == 0 ? "null" : rnd.nextInt(8) == 0 ? "1" + "0".repeat(rnd.nextInt(22)) : rnd.nextInt(5000));
            if (rnd.nextBoolean()) {
                String method = METHODS[rnd.nextInt(METHODS.length)];
                b.append(", \"method\":").append(method.equals("null") ? "null" : "\"" + method + "\"");
            }
            if (rnd.nextInt(4) != 0) {
                b.append(", \"generation\":").append(rnd.nextInt(8) == 0 ? "1" + "0".repeat(rnd.nextInt(22)) : rnd.nextInt(100));
            }
            b.append(", \"memsize\":").append(rnd.nextInt(6) == 0 ? "1" + "0".repeat(rnd.nextInt(16)) : rnd.nextInt(100_000));
            if (rnd.nextInt(4) != 0) {
                b.append(", \"flags\":{").append(FLAGS[rnd.nextInt(FLAGS.length)]).append('}');
            }
            if (rnd.nextInt(12) == 0) {
                b.append(", \"extra\":1");
            }
            b.append('}').append(rnd.nextInt(8) == 0 ? " " : "");
            byte[] line = b.toString().getBytes(StandardCharsets.UTF_8);
            if (rnd.nextBoolean()) {
                int tail = b.indexOf("\"file\"");
                for (int i = 0, k = 1 + rnd.nextInt(3); i < k; i++) {
                    int at = tail + rnd.nextInt(line.length - tail);
                    line[at] = (byte) " }{\",:9x\t\\".charAt(rnd.nextInt(10));
                }
            }
            int length = rnd.nextInt(10) == 0 ? rnd.nextInt(line.length + 1) : line.length;
            if (compare(line, length, seed)) {
                accepted++;
            }
        }
        assertThat(accepted).isGreaterThan(6_000);
    }

    private static boolean compare(byte[] line, int length, long seed) {
        RubyRecord fast = new RubyRecord();
        RubyRecord loop = new RubyRecord();
        boolean fastOk = new RubyLineParser(GRAPH).parse(line, 0, length, fast);
        RubyLineParser keyLoop = new RubyLineParser(GRAPH);
        keyLoop.fastTail = false;
        boolean loopOk = keyLoop.parse(line, 0, length, loop);
        String at = "seed " + seed + ": " + new String(line, 0, length, StandardCharsets.UTF_8);
        assertThat(fastOk).as(at).isEqualTo(loopOk);
        if (fastOk) {
            assertThat(fast.memsize).as(at).isEqualTo(loop.memsize);
            assertThat(fast.line).as(at).isEqualTo(loop.line);
            assertThat(fast.generation).as(at).isEqualTo(loop.generation);
            assertThat(fast.flags).as(at).isEqualTo(loop.flags);
            assertRange(at + " file", fast.file, loop.file);
            assertRange(at + " method", fast.method, loop.method);
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
