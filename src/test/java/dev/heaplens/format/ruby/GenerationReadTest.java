package dev.heaplens.format.ruby;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The identities read of leaks ({@link RubyLineParser.Field#GENERATION}: the generation alone of the
 * allocation info) against the read of all of it ({@link RubyLineParser.Field#ALLOCATION}, by the
 * key loop): the same lines accepted, the same address, type, class, generation and memsize, on
 * seeded random lines with and without allocation info, keys in Ruby's order or not, spaced as
 * Ruby spaces them or not, and bytes changed from just before the generation key on. Where
 * the damage before the key makes the full read refuse the line, the identities read, which
 * jumps over those bytes as the plainest read jumps over a line's middle, may still accept it:
 * then it gives what the full read gives once those bytes are repaired.
 */
class GenerationReadTest {
    private static final String[] FLAGS = {"", "\"wb_protected\":true", "\"wb_protected\":true, \"old\":true", "\"a}b\":true"};

    @Test
    void generationAloneAgreesWithAllOfTheAllocationInfo() {
        int withGeneration = 0;
        for (long seed = 0; seed < 20_000; seed++) {
            Random rnd = new Random(seed);
            StringBuilder b = new StringBuilder("{\"address\":\"0x7f00").append(Integer.toHexString(0x100000 + rnd.nextInt(1 << 20)))
                    .append("\", \"type\":\"").append(rnd.nextBoolean() ? "STRING" : "OBJECT").append("\", \"class\":\"0x7f0012345678\"");
            if (rnd.nextBoolean()) {
                b.append(", \"value\":\"v").append(rnd.nextInt(99)).append('"');
            }
            if (rnd.nextInt(5) == 0) {
                b.append(", \"references\":[\"0x7f0000000010\", \"0x7f0000000020\"]");
            }
            String generation = (rnd.nextInt(6) == 0 ? ",  \"generation\" : " : ", \"generation\":")
                    + (rnd.nextInt(8) == 0 ? "1" + "0".repeat(rnd.nextInt(22)) : rnd.nextInt(100_000));
            int shape = rnd.nextInt(5); // 0, 1: Ruby's order; 2: generation first; 3: no generation; 4: no allocation info
            if (shape == 2) {
                b.append(generation);
            }
            if (shape != 4) {
                b.append(", \"file\":\"app/models/user.rb\", \"line\":").append(rnd.nextInt(500));
                if (rnd.nextBoolean()) {
                    b.append(", \"method\":\"m").append(rnd.nextInt(9)).append('"');
                }
            }
            int corruptFrom = b.length();
            int generationKey = shape < 2 ? corruptFrom + generation.indexOf('"') : -1;
            if (shape < 2) {
                b.append(generation);
            }
            b.append(", \"memsize\":").append(rnd.nextInt(100_000));
            if (rnd.nextInt(4) != 0) {
                b.append(", \"flags\":{").append(FLAGS[rnd.nextInt(FLAGS.length)]).append('}');
            }
            b.append('}');
            byte[] line = b.toString().getBytes(StandardCharsets.US_ASCII);
            if (rnd.nextBoolean()) {
                for (int k = 1 + rnd.nextInt(3); k > 0; k--) {
                    int at = corruptFrom + rnd.nextInt(line.length - corruptFrom);
                    line[at] = (byte) " }{\",:9x\t".charAt(rnd.nextInt(9));
                }
            }
            int length = rnd.nextInt(10) == 0 ? corruptFrom + rnd.nextInt(line.length - corruptFrom + 1) : line.length;
            RubyRecord alone = new RubyRecord();
            RubyRecord all = new RubyRecord();
            boolean aloneOk = new RubyLineParser(Set.of(RubyLineParser.Field.GENERATION)).parse(line, 0, length, alone);
            RubyLineParser keyLoop = new RubyLineParser(Set.of(RubyLineParser.Field.ALLOCATION));
            keyLoop.fastTail = false;
            boolean allOk = keyLoop.parse(line, 0, length, all);
            String at = "seed " + seed + ": " + new String(line, 0, length, StandardCharsets.US_ASCII);
            if (aloneOk && !allOk && generationKey >= 0 && length == line.length) {
                // damage the identities read jumps over: the full read gives its answer once the bytes before the key are repaired
                System.arraycopy(b.toString().getBytes(StandardCharsets.US_ASCII), 0, line, 0, generationKey);
                allOk = keyLoop.parse(line, 0, length, all);
                at += " (repaired before the generation key)";
            }
            assertThat(aloneOk).as(at).isEqualTo(allOk);
            if (aloneOk) {
                assertThat(alone.address).as(at).isEqualTo(all.address);
                assertThat(alone.type).as(at).isEqualTo(all.type);
                assertThat(alone.classAddress).as(at).isEqualTo(all.classAddress);
                assertThat(alone.generation).as(at).isEqualTo(all.generation);
                assertThat(alone.memsize).as(at).isEqualTo(all.memsize);
                if (alone.generation >= 0) {
                    withGeneration++;
                }
            }
        }
        assertThat(withGeneration).isGreaterThan(3_000);
    }
}
