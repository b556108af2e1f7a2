package dev.heaplens.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The seed-001 query on a real Rails application's heap: scripts/fixtures/rails-app.rb boots a small
 * Rails app (eager loading on, a few requests served), dumps its heap and writes Ruby's own counts
 * beside it. The dump (about 40 MB) is made here, never committed. Oracles: Ruby's
 * {@code ObjectSpace.count_objects} and {@code count_objects_size} of the same process for the types,
 * and a brute-force pass over the dump's JSON lines (Jackson) for the arrays iseqs hold. Skipped,
 * saying so, where Rails is not installed ({@code apt-get install ruby-railties ruby-activerecord
 * ruby-sqlite3}; .ci/run installs them).
 */
class RailsDumpQueryTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    static Path dump;
    static JsonNode facts;

    @BeforeAll
    static void bootRailsAndDump() throws Exception {
        assumeTrue(railsInstalled(), "no Rails for the system ruby: apt-get install ruby-railties ruby-activerecord ruby-sqlite3");
        dump = dir.resolve("rails.json");
        Path factsFile = dir.resolve("rails.facts.json");
        Process ruby = new ProcessBuilder("ruby", Path.of("scripts/fixtures/rails-app.rb").toAbsolutePath().toString(),
                dump.toString(), factsFile.toString()).redirectErrorStream(true).start();
        String output = new String(ruby.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(ruby.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(ruby.exitValue()).as(output).isZero();
        facts = JSON.readTree(factsFile.toFile());
    }

    private static boolean railsInstalled() {
        try {
            Process p = new ProcessBuilder("ruby", "-e", "require 'rails'; require 'active_record'; require 'sqlite3'")
                    .redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (java.io.IOException e) {
            return false; // no ruby at all
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static List<String> rows(String query) {
        CliTestSupport.Result r = CliTestSupport.run("sql", dump.toString(), query, "--format", "csv");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return r.outLines().subList(1, r.outLines().size());
    }

    @Test
    void aRealRailsAppWasDumped() {
        assertThat(facts.get("rails_version").asText()).startsWith("6.");
        assertThat(facts.get("eager_load").asBoolean()).isTrue();
        assertThat(facts.get("count_objects").get("TOTAL").asLong() - facts.get("count_objects").get("FREE").asLong())
                .isGreaterThan(100_000);
    }

    @Test
    void objectsByTypeEqualRubysOwnCounts() {
        List<String> rows = rows(SqlCommandTest.BY_TYPE);
        long objects = 0;
        for (String row : rows) {
            String[] c = row.split(",");
            assertThat(c[1]).as(c[0]).isEqualTo(facts.get("count_objects").get("T_" + c[0]).asText());
            assertThat(c[2]).as(c[0]).isEqualTo(facts.get("count_objects_size").get("T_" + c[0]).asText());
            objects += Long.parseLong(c[1]);
        }
        assertThat(objects).isEqualTo(facts.get("count_objects").get("TOTAL").asLong() - facts.get("count_objects").get("FREE").asLong());
    }

    @Test
    void theSeedQueryIsWhatTheJsonLinesSay() throws Exception {
        Map<String, JsonNode> records = new HashMap<>();
        try (BufferedReader in = Files.newBufferedReader(dump, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                JsonNode node = JSON.readTree(line);
                if (node.has("address")) {
                    records.put(node.get("address").asText(), node);
                }
            }
        }
        Map<String, List<Long>> expected = SqlCommandTest.iseqArrays(records);
        assertThat(expected).containsKey("(hidden ARRAY)"); // the literal arrays
        assertThat(SqlCommandTest.byClass(rows(SqlCommandTest.MARK_ARRAYS))).isEqualTo(expected);
    }
}
