package dev.heaplens.format.ruby;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The graph read (references and allocation fields, addresses decoded eight hex digits at a
 * time) against Jackson, a full JSON parser, on seeded random lines shaped as Ruby writes them,
 * whose middles hold what could mislead a parser that jumps or scans a word at a time: strings
 * with brackets, quotes, escapes and key-like text, nested arrays and objects; and on the same
 * lines with bytes changed: whatever the parser accepts it reads as Jackson does.
 */
class GraphLineParseOracleTest {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final String[] TYPES = {"OBJECT", "STRING", "ARRAY", "HASH", "STRUCT", "FLOAT", "IMEMO", "DATA", "CLASS"};
    private static final String[] TRICKY = {"a]b", "[x", "\\\"references\\\":[", "\\\\", "}", "{", "\\u00e9", "\\\"", "\"memsize\":1", ", ", ""};

    @Test
    void readsReferencesAsAFullJsonParse() throws Exception {
        int accepted = 0;
        int mutatedAccepted = 0;
        for (long seed = 0; seed < 4000; seed++) {
            Random rnd = new Random(seed);
            String line = line(rnd);
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            if (check(bytes, seed, true)) {
                accepted++;
            }
            byte[] mutated = bytes.clone();
            for (int k = 0, n = 1 + rnd.nextInt(3); k < n; k++) {
                mutated[rnd.nextInt(mutated.length)] = (byte) "[]{}\",:0x \\a9".charAt(rnd.nextInt(13));
            }
            if (check(mutated, seed, false)) {
                mutatedAccepted++;
            }
        }
        assertThat(accepted).isGreaterThan(3000); // the rest hold a raw quote, as old dumps did: not JSON
        assertThat(mutatedAccepted).isGreaterThan(100); // the mutated lines do reach the comparison
    }

    /** Whether the line parsed both ways and was compared; an unmutated line must parse. */
    private static boolean check(byte[] bytes, long seed, boolean wellFormed) throws Exception {
        JsonNode node;
        try {
            node = JSON.readTree(bytes);
        } catch (Exception e) {
            return false; // not JSON: nothing to compare with
        }
        if (node == null || !node.isObject() || !node.path("type").isTextual()) {
            return false;
        }
        RubyLineParser parser = new RubyLineParser(EnumSet.of(RubyLineParser.Field.REFERENCES, RubyLineParser.Field.ALLOCATION));
        RubyRecord r = new RubyRecord();
        boolean ok = parser.parse(bytes, 0, bytes.length, r);
        String at = "seed " + seed + ": " + new String(bytes, StandardCharsets.UTF_8);
        if (wellFormed) {
            assertThat(ok).as(at + " -> " + parser.error()).isTrue();
        }
        if (!ok || node.has("references") && !node.get("references").isArray()) {
            return false;
        }
        List<Long> expected = new ArrayList<>();
        for (JsonNode ref : node.path("references")) {
            if (!ref.isTextual()) {
                return false;
            }
            expected.add(Long.parseUnsignedLong(ref.asText().substring(2), 16));
        }
        List<Long> got = new ArrayList<>();
        for (int i = 0; i < r.referenceCount; i++) {
            got.add(r.references[i]);
        }
        assertThat(got).as(at).isEqualTo(expected);
        assertThat(r.memsize).as(at).isEqualTo(node.path("memsize").asLong(0));
        assertThat(r.generation).as(at).isEqualTo(node.has("generation") ? node.get("generation").asLong() : -1);
        return true;
    }

    private static String address(Random rnd) {
        return "\"0x" + Long.toHexString(0x7f00_0000_0000L + 8L * rnd.nextInt(1 << 24)) + "\"";
    }

    private static String line(Random rnd) {
        String type = TYPES[rnd.nextInt(TYPES.length)];
        StringBuilder b = new StringBuilder("{\"address\":").append(address(rnd)).append(", \"type\":\"").append(type).append('"');
        switch (type) {
            case "IMEMO" -> b.append(", \"imemo_type\":\"iseq\"");
            case "DATA" -> b.append(", \"class\":").append(address(rnd)).append(", \"struct\":\"proc\"");
            case "CLASS" -> b.append(", \"class\":").append(address(rnd)).append(", \"name\":\"Foo\"");
            default -> b.append(", \"class\":").append(address(rnd));
        }
        for (int k = 0, n = rnd.nextInt(4); k < n; k++) {
            switch (rnd.nextInt(4)) {
                case 0 -> b.append(", \"value\":\"").append(TRICKY[rnd.nextInt(TRICKY.length)]).append(TRICKY[rnd.nextInt(TRICKY.length)]).append('"');
                case 1 -> b.append(", \"length\":").append(rnd.nextInt(1000));
                case 2 -> b.append(", \"embedded\":true");
                default -> b.append(", \"extra\":[[1, \"]\"], {\"k\":\"[\"}]");
            }
        }
        if (rnd.nextInt(4) != 0) {
            b.append(", \"references\":[");
            for (int i = 0, n = rnd.nextInt(6); i < n; i++) {
                b.append(i > 0 ? ", " : "").append(address(rnd));
            }
            b.append(']');
        }
        if (rnd.nextBoolean()) {
            b.append(", \"file\":\"app/").append(TRICKY[rnd.nextInt(TRICKY.length)]).append(".rb\", \"line\":").append(rnd.nextInt(500));
            if (rnd.nextBoolean()) {
                b.append(", \"method\":\"m\"");
            }
            b.append(", \"generation\":").append(rnd.nextInt(90));
        }
        if (rnd.nextInt(8) != 0) {
            b.append(", \"memsize\":").append(rnd.nextInt(5000));
        }
        if (rnd.nextBoolean()) {
            b.append(", \"flags\":{\"wb_protected\":true, \"old\":true}");
        }
        return b.append('}').toString();
    }
}
