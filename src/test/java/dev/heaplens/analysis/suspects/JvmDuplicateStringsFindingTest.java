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
 * A child JVM keeps 50,000 copies of a Latin-1 String and 5,000 of a UTF-16 one, each with its own
 * array, beside 20,000 distinct Strings ({@link DuplicateStringsProbe}). suspects' finding (from the
 * graph's Strings, reading only their arrays) must agree with {@code heaplens strings} (two passes
 * over every record) on the totals and the top values, and count what the program made (at most 1%
 * more: the JDK's own copies), the same through the index.
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
        for (int i = 0; i < f.get("values").size(); i++) {
            JsonNode v = f.get("values").get(i);
            assertThat(v.get("value").asText()).isEqualTo(groups.get(i).get("value").asText());
            assertThat(v.get("objects").asLong()).isEqualTo(groups.get(i).get("strings").asLong());
            assertThat(v.get("wastedBytes").asLong()).isEqualTo(groups.get(i).get("wastedBytes").asLong());
        }
        JsonNode top = f.get("values").get(0);
        assertThat(top.get("value").asText()).isEqualTo(DuplicateStringsProbe.VALUE);
        assertThat(top.get("objects").asLong()).isBetween((long) DuplicateStringsProbe.COPIES,
                DuplicateStringsProbe.COPIES * 101L / 100);
        assertThat(f.get("values").toString()).contains(DuplicateStringsProbe.WIDE_VALUE).doesNotContain("unique-");
        assertThat(finding()).isEqualTo(f); // writes the index
        assertThat(finding()).isEqualTo(f); // reads it
    }
}
