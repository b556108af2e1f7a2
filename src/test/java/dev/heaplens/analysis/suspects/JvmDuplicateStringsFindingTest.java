package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.analysis.suspects.probe.DuplicateStringsProbe;
import dev.heaplens.cli.CliTestSupport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child JVM keeps duplicate strings of known counts ({@link DuplicateStringsProbe}): Latin-1 and
 * UTF-16 copies with their own arrays, {@code new String(s)} copies sharing one array, and near
 * misses one character off. suspects' finding (from the graph's Strings, their arrays read once)
 * must be what {@code heaplens strings} (two passes over every record) reports, count the copies
 * the program made (at most 1% more: the JDK's own), cost the shared copies their String alone,
 * leave the near misses out, and be the same through the index.
 */
class JvmDuplicateStringsFindingTest {
    @TempDir
    static Path dir;
    private static Path dump;

    @BeforeAll
    static void keepAndDump() throws Exception {
        dump = dir.resolve("strings.hprof");
        WasteFindings.dumpChild(DuplicateStringsProbe.class, dump, "64m");
    }

    private static JsonNode run(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--format", "json"));
        CliTestSupport.Result r = CliTestSupport.run(all.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    private static JsonNode finding(String... extra) throws Exception {
        return WasteFindings.finding(dump, "duplicate-strings", extra);
    }

    @Test
    void theFindingIsWhatStringsReportsAndCountsTheCopiesTheProgramMade() throws Exception {
        JsonNode f = finding("--no-index");
        JsonNode strings = run("strings", dump.toString(), "--top", "5");
        assertThat(f.get("bytes").asLong()).isEqualTo(strings.get("wastedBytes").asLong());
        assertThat(f.get("objects").asLong()).isEqualTo(strings.get("duplicateStrings").asLong());
        JsonNode groups = strings.get("rows");
        assertThat(f.get("values")).hasSize(5);
        for (int i = 0; i < f.get("values").size(); i++) {
            JsonNode v = f.get("values").get(i);
            assertThat(v.get("value").asText()).isEqualTo(groups.get(i).get("value").asText());
            assertThat(v.get("objects").asLong()).isEqualTo(groups.get(i).get("strings").asLong());
            assertThat(v.get("wastedBytes").asLong()).isEqualTo(groups.get(i).get("wastedBytes").asLong());
        }
        JsonNode top = value(f, DuplicateStringsProbe.VALUE); // the near misses would add 2,000
        assertThat(top.get("objects").asLong()).isBetween((long) DuplicateStringsProbe.COPIES,
                DuplicateStringsProbe.COPIES * 101L / 100);
        JsonNode wide = value(f, DuplicateStringsProbe.WIDE_VALUE);
        assertThat(wide.get("objects").asLong()).isBetween((long) DuplicateStringsProbe.WIDE_COPIES,
                DuplicateStringsProbe.WIDE_COPIES * 101L / 100);
        JsonNode session = sessionValue(f);
        assertThat(session.get("objects").asLong()).isEqualTo(DuplicateStringsProbe.SHARED + 1L);
        // one array for all: each copy costs its String alone, 24 bytes with this JVM's compressed layout
        assertThat(session.get("wastedBytes").asLong()).isEqualTo(24L * DuplicateStringsProbe.SHARED);
        assertThat(f.get("values").toString()).doesNotContain("unique-");
        assertThat(finding()).isEqualTo(f); // writes the index
        assertThat(finding()).isEqualTo(f); // reads it
    }

    private static JsonNode value(JsonNode finding, String value) {
        for (JsonNode v : finding.get("values")) {
            if (v.get("value").asText().equals(value)) {
                return v;
            }
        }
        throw new AssertionError(value + " not in " + finding.get("values"));
    }

    private static JsonNode sessionValue(JsonNode finding) {
        for (JsonNode v : finding.get("values")) {
            if (v.get("value").asText().startsWith(DuplicateStringsProbe.SESSION_PREFIX)) {
                return v;
            }
        }
        throw new AssertionError("no session id in " + finding.get("values"));
    }
}
