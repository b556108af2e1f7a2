package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport.Result;
import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.format.hprof.SelfDump;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code strings} on a dump of this test JVM holding known duplicate Strings. */
class HprofStringsTest {
    private static final int COPIES = 300;
    private static final int SHARING = 200;
    private static final int WIDE_COPIES = 50;
    static List<String> held;
    @TempDir
    static Path dir;
    private static Path dump;
    private static String latin;
    private static String wide;
    private static String shared;

    /** Contents made at run time, so no interned literal adds one more copy. */
    private static String text(String prefix) {
        return new StringBuilder(prefix).append('-').append(COPIES).toString();
    }

    @BeforeAll
    static void dumpThisJvm() throws IOException {
        latin = text("heaplens duplicate latin");
        wide = text("heaplens \u00e9\u2192\u00fc duplicate");
        shared = text("heaplens shared array");
        held = new ArrayList<>();
        for (int i = 0; i < COPIES; i++) {
            held.add(new String(latin.toCharArray())); // an array of its own each
        }
        for (int i = 0; i < WIDE_COPIES; i++) {
            held.add(new String(wide.toCharArray()));
        }
        String base = new String(shared.toCharArray());
        for (int i = 0; i < SHARING; i++) {
            held.add(new String(base)); // shares base's array
        }
        held.add(base);
        dump = dir.resolve("self.hprof");
        SelfDump.write(dump);
    }

    @AfterAll
    static void cleanUp() {
        held = null;
    }

    @Test
    void countsEachDuplicateAndWhatItWastes() throws IOException {
        assumeTrue(HprofGraphReader.read(HprofSource.of(dump)).layout().equals(HprofLayout.COMPRESSED_64),
                "sizes below are for compressed oops");
        Result r = run("strings", dump.toString(), "--top", "100000", "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        Map<String, JsonNode> byValue = new HashMap<>();
        json.get("rows").forEach(row -> byValue.put(row.get("value").asText(), row));
        long string = 24; // 12 header + value 4 + hash 4 + coder 1 + hashIsZero 1, aligned
        // each value is also held once by its static field, with an array of its own
        JsonNode l = byValue.get(latin);
        assertThat(l.get("strings").asLong()).isEqualTo(COPIES + 1);
        assertThat(l.get("arrays").asLong()).isEqualTo(COPIES + 1);
        assertThat(l.get("wastedBytes").asLong()).isEqualTo(COPIES * (string + align(16 + latin.length())));
        JsonNode w = byValue.get(wide);
        assertThat(w.get("strings").asLong()).isEqualTo(WIDE_COPIES + 1);
        assertThat(w.get("chars").asLong()).isEqualTo(wide.length());
        assertThat(w.get("wastedBytes").asLong()).isEqualTo(WIDE_COPIES * (string + align(16 + 2L * wide.length())));
        JsonNode s = byValue.get(shared);
        assertThat(s.get("strings").asLong()).isEqualTo(SHARING + 2); // the copies, base and the static
        assertThat(s.get("arrays").asLong()).isEqualTo(2); // base's (shared by the copies) and the static's
        assertThat(s.get("wastedBytes").asLong()).isEqualTo((SHARING + 1) * string + align(16 + shared.length()));

        assertThat(l.get("valueComplete").asBoolean()).isTrue();

        Result text = run("strings", dump.toString(), "--top", "3");
        assertThat(text.exitCode()).isZero();
        assertThat(text.outLines().get(1).trim().split("\\s+")).containsExactly("strings", "arrays", "wasted", "chars", "value");
    }

    /** Machine formats carry the value itself; only the table puts it in quotes (issue 27). */
    @Test
    void machineFormatsCarryTheValueNotItsRendering() throws IOException {
        Result tsv = run("strings", dump.toString(), "--top", "100000", "--format", "tsv");
        assertThat(tsv.outLines().get(0)).isEqualTo("strings\tarrays\twasted_bytes\tchars\tvalue\tvalue_complete");
        assertThat(tsv.outLines()).anyMatch(line -> line.endsWith("\t" + latin + "\ttrue"));
        Result csv = run("strings", dump.toString(), "--top", "100000", "--format", "csv");
        assertThat(csv.outLines()).anyMatch(line -> line.endsWith("," + wide + ",true"))
                .anyMatch(line -> line.endsWith("," + shared + ",true"));
        Result table = run("strings", dump.toString(), "--top", "100000");
        assertThat(table.out()).contains("\"" + latin + "\"");
    }

    @Test
    void refusesRubyDumps() {
        Result r = run("strings", "samples/rails-ish.json.gz");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).containsExactly("heaplens: samples/rails-ish.json.gz: strings reads JVM heap dumps; for a"
                + " Ruby dump, histogram --by location shows where String objects come from");
    }

    private static long align(long bytes) {
        return (bytes + 7) & -8L;
    }
}
