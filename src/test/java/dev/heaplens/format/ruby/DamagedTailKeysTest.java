package dev.heaplens.format.ruby;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A line whose {@code generation} or {@code method} key is damaged (misspelt, a stray byte in it,
 * its colon missing) is read alike by the read that jumps from the head to the tail (allocation
 * info without references: {@code histogram --by location}) and by the read that walks every key
 * (with references: the graph commands): both accept it or both refuse it, with the same file,
 * line, method, generation and memsize. The walk's answer is also checked against what the line
 * says: a damaged key loses its own value only, a missing colon makes the line malformed.
 */
class DamagedTailKeysTest {
    private static final Set<RubyLineParser.Field> JUMP = EnumSet.of(RubyLineParser.Field.ALLOCATION);
    private static final Set<RubyLineParser.Field> WALK = EnumSet.of(RubyLineParser.Field.ALLOCATION, RubyLineParser.Field.REFERENCES);

    /** Heads and middles Ruby writes before the allocation info: a string value, references, a number. */
    private static final String[] MIDDLES = {
            "{\"address\":\"0x7f0000001000\", \"type\":\"STRING\", \"class\":\"0x7f0000000100\", \"bytesize\":3, \"value\":\"abc\", "
                    + "\"encoding\":\"UTF-8\"",
            "{\"address\":\"0x7f0000001028\", \"type\":\"ARRAY\", \"class\":\"0x7f0000000200\", \"length\":2, "
                    + "\"references\":[\"0x7f0000000010\", \"0x7f0000000028\"]",
            "{\"address\":\"0x7f0000001050\", \"type\":\"OBJECT\", \"class\":\"0x7f0000000300\", \"ivars\":3"};

    private static final String[] ENDS = {"}", ", \"flags\":{\"wb_protected\":true, \"old\":true}}"};

    /** How a key is damaged: each turns {@code "key":} into something else. */
    private enum Damage {
        LETTER_DROPPED(true), LETTERS_SWAPPED(true), UPPER_CASE(true), STRAY_LETTER(true), STRAY_NUL(true),
        STRAY_HIGH_BYTE(true), SPACE_INSIDE(true), COLON_MISSING(false), COLON_AND_SPACE_MISSING(false), STRAY_BYTE_BEFORE_COLON(false);

        /** Whether the line is still well formed JSON (only the key's name changed). */
        final boolean wellFormed;

        Damage(boolean wellFormed) {
            this.wellFormed = wellFormed;
        }

        String apply(String key) {
            int mid = key.length() / 2;
            return switch (this) {
                case LETTER_DROPPED -> "\"" + key.substring(0, mid) + key.substring(mid + 1) + "\":";
                case LETTERS_SWAPPED -> "\"" + key.substring(0, mid) + key.charAt(mid + 1) + key.charAt(mid) + key.substring(mid + 2) + "\":";
                case UPPER_CASE -> "\"" + Character.toUpperCase(key.charAt(0)) + key.substring(1) + "\":";
                case STRAY_LETTER -> "\"" + key.substring(0, mid) + "x" + key.substring(mid) + "\":";
                case STRAY_NUL -> "\"" + key + "\u0000\":";
                case STRAY_HIGH_BYTE -> "\"\u00ff" + key + "\":";
                case SPACE_INSIDE -> "\"" + key + " \":";
                case COLON_MISSING -> "\"" + key + "\" ";
                case COLON_AND_SPACE_MISSING -> "\"" + key + "\"";
                case STRAY_BYTE_BEFORE_COLON -> "\"" + key + "\"x:";
            };
        }
    }

    private record Damaged(String text, String key, Damage damage, boolean hasMethod) {
    }

    private static List<Damaged> damagedLines() {
        List<Damaged> lines = new ArrayList<>();
        for (String middle : MIDDLES) {
            for (String end : ENDS) {
                for (Damage damage : Damage.values()) {
                    for (boolean hasMethod : new boolean[] {true, false}) {
                        String method = hasMethod ? ", \"method\":\"build_user\"" : "";
                        String generation = ", \"generation\":42";
                        String head = middle + ", \"file\":\"app/models/user.rb\", \"line\":17";
                        String tail = ", \"memsize\":40" + end;
                        lines.add(new Damaged(head + method + generation.replace("\"generation\":", damage.apply("generation")) + tail,
                                "generation", damage, hasMethod));
                        if (hasMethod) {
                            lines.add(new Damaged(head + method.replace("\"method\":", damage.apply("method")) + generation + tail,
                                    "method", damage, true));
                        }
                    }
                }
            }
        }
        return lines;
    }

    @Test
    void theJumpingReadAndTheKeyWalkAgreeOnLinesWithADamagedTailKey() {
        List<String> disagreements = new ArrayList<>();
        for (Damaged d : damagedLines()) {
            byte[] line = d.text().getBytes(StandardCharsets.ISO_8859_1);
            RubyRecord walked = new RubyRecord();
            RubyLineParser walk = new RubyLineParser(WALK);
            boolean walkOk = walk.parse(line, 0, line.length, walked);
            assertWalkReadsWhatTheLineSays(d, walkOk, walked, walk.error());
            for (boolean fast : new boolean[] {true, false}) {
                RubyRecord jumped = new RubyRecord();
                RubyLineParser jump = new RubyLineParser(JUMP);
                jump.fastTail = fast;
                boolean jumpOk = jump.parse(line, 0, line.length, jumped);
                String difference = difference(jumpOk, jumped, walkOk, walked);
                if (difference != null) {
                    disagreements.add(d.key() + " " + d.damage() + (fast ? "" : " (fast tail off)") + ": " + difference + " in " + d.text());
                }
            }
        }
        assertThat(disagreements).isEmpty();
    }

    /**
     * Lines without allocation info whose last value before memsize is a number: Ruby's counts
     * (passed by at once), a count under another name, and numbers spaced otherwise, each read
     * alike by both reads, with no allocation info.
     */
    @Test
    void linesWithoutAllocationInfoEndingInANumberAreReadAlike() {
        String head = "{\"address\":\"0x7f0000001050\", \"type\":\"OBJECT\", \"class\":\"0x7f0000000300\"";
        String[] numbers = {", \"ivars\":3", ", \"length\":0", ", \"size\":12", ", \"edges\":1", ", \"fd\":7", ", \"slot_count\":40",
                ", \"bytesize\":5, \"capacity\":24", ",\"ivars\":3", ", \"ivars\" : 3", ", \"xlength\":2", ", \"a\":1, \"b\":2"};
        for (String number : numbers) {
            for (String end : ENDS) {
                byte[] line = (head + number + ", \"memsize\":40" + end).getBytes(StandardCharsets.US_ASCII);
                RubyRecord walked = new RubyRecord();
                assertThat(new RubyLineParser(WALK).parse(line, 0, line.length, walked)).isTrue();
                assertThat(walked.file.isPresent()).isFalse();
                RubyRecord jumped = new RubyRecord();
                assertThat(new RubyLineParser(JUMP).parse(line, 0, line.length, jumped)).isTrue();
                assertThat(describe(jumped)).as(number).isEqualTo(describe(walked));
            }
        }
    }

    /** The oracle for the walk: the damaged key's value is lost, nothing else; a broken colon is a malformed line. */
    private static void assertWalkReadsWhatTheLineSays(Damaged d, boolean ok, RubyRecord r, String error) {
        String at = d.key() + " " + d.damage() + ": " + d.text();
        assertThat(ok).as(at + " " + error).isEqualTo(d.damage().wellFormed);
        if (!ok) {
            return;
        }
        assertThat(text(r, r.file)).as(at).isEqualTo("app/models/user.rb");
        assertThat(r.line).as(at).isEqualTo(17);
        assertThat(r.memsize).as(at).isEqualTo(40);
        assertThat(r.generation).as(at).isEqualTo(d.key().equals("generation") ? -1 : 42);
        assertThat(text(r, r.method)).as(at).isEqualTo(d.key().equals("method") || !d.hasMethod() ? null : "build_user");
    }

    private static String difference(boolean jumpOk, RubyRecord jumped, boolean walkOk, RubyRecord walked) {
        if (jumpOk != walkOk) {
            return "accepted " + jumpOk + " by the jump, " + walkOk + " by the walk";
        }
        if (!jumpOk) {
            return null;
        }
        String jumpedRecord = describe(jumped);
        String walkedRecord = describe(walked);
        return jumpedRecord.equals(walkedRecord) ? null : "jump read " + jumpedRecord + ", walk read " + walkedRecord;
    }

    private static String describe(RubyRecord r) {
        return "file=" + text(r, r.file) + " line=" + r.line + " method=" + text(r, r.method) + " generation=" + r.generation
                + " memsize=" + r.memsize + " type=" + r.type + " class=" + Long.toHexString(r.classAddress)
                + " flags=" + r.hasFlag(RubyRecord.HAS_FLAGS);
    }

    private static String text(RubyRecord r, RubyRecord.ByteRange range) {
        return range.isPresent() ? JsonText.decode(r.buf, range.start, range.end, range.escaped) : null;
    }
}
