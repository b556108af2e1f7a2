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
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A real Ruby process as oracle for {@code objects.method}, {@code objects.length} and
 * {@code export --values}: scripts/fixtures/export/known-values.rb holds known arrays, hashes and
 * strings allocated by known methods, dumps its heap with allocation tracing on, and writes what
 * Ruby itself says of each (Array#length, Hash#size, String#bytesize, the contents). The whole
 * dump, parsed line by line by Jackson, is the oracle for every other object.
 */
class ExportRubyValuesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    static Path dump;
    static Path out;
    static JsonNode facts;

    @BeforeAll
    static void dumpAndExport() throws Exception {
        assumeTrue(onPath("ruby"), "no ruby on PATH");
        dump = dir.resolve("known.json");
        Path factsFile = dir.resolve("known.facts.json");
        Process ruby = new ProcessBuilder("ruby", Path.of("scripts/fixtures/export/known-values.rb").toAbsolutePath().toString(),
                dump.toString(), factsFile.toString()).redirectErrorStream(true).start();
        String output = new String(ruby.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(ruby.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(ruby.exitValue()).as(output).isZero();
        facts = JSON.readTree(factsFile.toFile());
        out = dir.resolve("tables");
        CliTestSupport.Result r = CliTestSupport.run("export", dump.toString(), "--parquet", out.toString(), "--values", "--no-index");
        assertThat(r.exitCode()).as(r.toString()).isZero();
    }

    @Test
    void knownObjectsHaveRubysLengthsAndMethods() throws Exception {
        for (JsonNode fact : facts) {
            List<List<String>> rows = ExportedTables.query("SELECT type, length, method FROM " + ExportedTables.table(out, "objects")
                    + " WHERE address = " + Long.parseLong(fact.get("address").asText().substring(2), 16));
            assertThat(rows).as(fact.toString()).containsExactly(List.of(fact.get("type").asText(),
                    fact.get("length").asText(), fact.get("method").asText()));
        }
    }

    /** Every object's length and method against the dump's own lines, by type and by method. */
    @Test
    void everyObjectsLengthAndMethodAreTheDumps() throws Exception {
        Map<String, List<Long>> lengths = new TreeMap<>();
        Map<String, List<Long>> methods = new TreeMap<>();
        try (BufferedReader in = Files.newBufferedReader(dump, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                JsonNode r = JSON.readTree(line);
                String type = r.get("type").asText();
                if (type.equals("ROOT") || type.equals("SHAPE")) {
                    continue;
                }
                String key = switch (type) {
                    case "ARRAY" -> "length";
                    case "HASH" -> "size";
                    case "STRING" -> "bytesize";
                    default -> null;
                };
                JsonNode length = key == null ? null : r.get(key);
                add(lengths, type, length == null ? 0 : 1, length == null ? 0 : length.asLong());
                if (r.has("method")) {
                    add(methods, r.get("method").asText(), 1, 0);
                }
            }
        }
        lengths.entrySet().removeIf(e -> e.getValue().get(0) == 0);
        assertThat(ExportedTables.countsAndBytes("SELECT type, count(length), sum(length) FROM "
                + ExportedTables.table(out, "objects") + " WHERE length IS NOT NULL GROUP BY type")).isEqualTo(lengths);
        assertThat(ExportedTables.countsAndBytes("SELECT method, count(*), 0 FROM "
                + ExportedTables.table(out, "objects") + " WHERE method IS NOT NULL GROUP BY method")).isEqualTo(methods);
    }

    /** string_values holds exactly the STRING lines' values, decoded; Ruby's known strings among them. */
    @Test
    void stringValuesAreTheDumpsAndRubysOwn() throws Exception {
        Map<String, List<Long>> expected = new TreeMap<>();
        try (BufferedReader in = Files.newBufferedReader(dump, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                JsonNode r = JSON.readTree(line);
                if (r.get("type").asText().equals("STRING") && r.has("value")) {
                    add(expected, r.get("address").asText(), 1, r.get("value").asText().hashCode());
                }
            }
        }
        Map<String, List<Long>> exported = new TreeMap<>();
        for (List<String> row : ExportedTables.query("SELECT '0x' || lower(hex(address)), value FROM "
                + ExportedTables.table(out, ValueTables.STRINGS))) {
            add(exported, row.get(0), 1, row.get(1).hashCode());
        }
        assertThat(exported).isEqualTo(expected);
        int known = 0;
        for (JsonNode fact : facts) {
            if (fact.has("value") && fact.get("value").asText().chars().allMatch(c -> c < 128)) {
                String address = fact.get("address").asText();
                assertThat(ExportedTables.query("SELECT value FROM " + ExportedTables.table(out, ValueTables.STRINGS)
                        + " WHERE address = " + Long.parseLong(address.substring(2), 16)))
                        .as(address).containsExactly(List.of(fact.get("value").asText()));
                known++;
            }
        }
        assertThat(known).isEqualTo(3); // Ruby 3.1 dumps no value for the one string with non-ASCII characters
    }

    /** Exported again without --values, the dump's contents are gone from the directory. */
    @Test
    void withoutValuesAnEarlierExportsContentsAreRemoved() throws Exception {
        Path again = dir.resolve("again");
        assertThat(CliTestSupport.run("export", dump.toString(), "--parquet", again.toString(), "--values", "--no-index").exitCode()).isZero();
        assertThat(Files.list(again.resolve(ValueTables.STRINGS)).count()).isEqualTo(1);
        CliTestSupport.Result r = CliTestSupport.run("export", dump.toString(), "--parquet", again.toString(), "--no-index");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.err()).doesNotContain("string values");
        assertThat(Files.list(again.resolve(ValueTables.STRINGS)).count()).isZero();
    }

    private static void add(Map<String, List<Long>> map, String key, long count, long sum) {
        List<Long> was = map.getOrDefault(key, List.of(0L, 0L));
        map.put(key, List.of(was.get(0) + count, was.get(1) + sum));
    }

    private static boolean onPath(String command) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, command))) {
                return true;
            }
        }
        return false;
    }
}
