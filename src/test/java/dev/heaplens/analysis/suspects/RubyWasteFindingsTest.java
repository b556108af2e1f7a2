package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Ruby program keeps known waste (scripts/fixtures/suspects/make-waste.rb): 3,000 empty
 * arrays, 2,000 empty hashes and 100 cleared ones, 200 arrays with 400 of 1,000 slots in use, 300
 * strings of 3 bytes with a capacity of 1,000, 4,000 copies of an ASCII string and 1,000 of a
 * non-ASCII one, beside near misses (one-element arrays and hashes, arrays and strings with 600 of
 * 1,000 in use, distinct strings). The oracle is the program's own: its allocation sites, and
 * what ObjectSpace.each_object and memsize_of counted in the same process just before the dump.
 * each_object does not show Ruby's hidden internal objects, which the dump has: counts may pass
 * it by a handful, never fall short of it.
 */
class RubyWasteFindingsTest {
    private static final Path FIXTURES = Path.of("src/test/resources/fixtures/suspects");
    @TempDir
    static Path dir;
    private static Path dump;
    private static JsonNode golden;

    @BeforeAll
    static void copy() throws Exception {
        dump = dir.resolve("waste.json.gz"); // its index is written beside it, not among the fixtures
        Files.copy(FIXTURES.resolve("waste.json.gz"), dump);
        golden = new ObjectMapper().readTree(FIXTURES.resolve("waste.golden.json").toFile());
    }

    private static JsonNode finding(String check, String... extra) throws Exception {
        return WasteFindings.finding(dump, check, extra);
    }

    private static long made(String what) {
        return golden.get("made").get(what).asLong();
    }

    private static long ruby(String what) {
        return golden.get("eachObject").get(what).asLong();
    }

    @Test
    void emptyArraysAndHashesAreWhatRubyCountedAtTheirSites() throws Exception {
        JsonNode f = finding("empty-collections", "--no-index");
        long arrays = WasteFindings.count(f, "Array");
        long hashes = WasteFindings.count(f, "Hash");
        assertThat(arrays).isBetween(ruby("emptyArrays"), ruby("emptyArrays") + 10);
        assertThat(hashes).isBetween(ruby("emptyHashes"), ruby("emptyHashes") + 10);
        assertThat(f.get("objects").asLong()).isEqualTo(arrays + hashes);
        // what they cost is their memsize: at least what memsize_of gave the ones each_object shows
        assertThat(f.get("bytes").asLong()).isBetween(ruby("emptyArrayBytes") + ruby("emptyHashBytes"),
                ruby("emptyArrayBytes") + ruby("emptyHashBytes") + 10 * 3424);
        JsonNode sites = golden.get("sites");
        assertThat(site(f, sites.get("emptyArrays").asText()).get("counts").get("Array").asLong()).isEqualTo(made("emptyArrays"));
        assertThat(site(f, sites.get("emptyHashes").asText()).get("counts").get("Hash").asLong()).isEqualTo(made("emptyHashes"));
        JsonNode cleared = site(f, sites.get("clearedHashes").asText());
        assertThat(cleared.get("objects").asLong()).isEqualTo(made("clearedHashes"));
        assertThat(cleared.get("bytes").asLong()).isGreaterThan(made("clearedHashes") * 40 * 10); // a cleared one keeps its table
        assertThat(f.get("text").asText()).contains("arrays and hashes are empty");
        assertSameThroughTheIndex("empty-collections", f);
    }

    @Test
    void arraysAndStringsUsingLessThanHalfTheirCapacityAreCountedAndTheNearMissesAreNot() throws Exception {
        JsonNode f = finding("unused-capacity", "--no-index");
        JsonNode sites = golden.get("sites");
        JsonNode arrays = site(f, sites.get("sparseArrays").asText());
        assertThat(arrays.get("objects").asLong()).isEqualTo(made("sparseArrays"));
        assertThat(arrays.get("bytes").asLong()).isEqualTo(made("sparseArrays") * golden.get("sparseArrayUnusedBytes").asLong());
        JsonNode strings = site(f, sites.get("sparseStrings").asText());
        assertThat(strings.get("objects").asLong()).isEqualTo(made("sparseStrings"));
        assertThat(strings.get("bytes").asLong()).isEqualTo(made("sparseStrings") * golden.get("sparseStringUnusedBytes").asLong());
        for (JsonNode near : golden.get("nearMisses")) {
            f.get("sites").forEach(s -> assertThat(s.get("location").asText()).isNotEqualTo(near.asText()));
        }
        // Ruby's own arrays with less than half in use are few; its own strings with a capacity none here
        assertThat(WasteFindings.count(f, "Array")).isBetween(made("sparseArrays"), made("sparseArrays") + 10);
        assertThat(WasteFindings.count(f, "String")).isBetween(made("sparseStrings"), made("sparseStrings") + 10);
        assertThat(f.get("text").asText()).contains("shared arrays").contains("cannot be judged");
        assertSameThroughTheIndex("unused-capacity", f);
    }

    @Test
    void duplicateStringsAreWhatRubyGroupedLessTheStringsTheDumpGivesNoValue() throws Exception {
        JsonNode f = finding("duplicate-strings", "--no-index");
        JsonNode top = f.get("values").get(0);
        assertThat(top.get("value").asText()).isEqualTo(golden.get("eachObject").get("topValue").asText());
        assertThat(top.get("objects").asLong()).isEqualTo(ruby("topCopies"));
        JsonNode copies = null;
        for (JsonNode v : f.get("values")) {
            copies = v.get("value").asText().equals("duplicated-value") ? v : copies;
        }
        assertThat(copies).as("the copied value").isNotNull();
        assertThat(copies.get("objects").asLong()).isBetween(made("copies"), made("copies") + 1); // + the literal itself
        assertThat(copies.get("wastedBytes").asLong()).isEqualTo((copies.get("objects").asLong() - 1) * 40);
        // Ruby grouped shared strings too, which the dump writes no value for: a few fewer here, never more
        assertThat(f.get("objects").asLong()).isBetween(ruby("duplicateStrings") * 99 / 100, ruby("duplicateStrings"));
        assertThat(f.get("bytes").asLong()).isBetween(ruby("wastedBytes") * 99 / 100, ruby("wastedBytes"));
        // the non-ASCII copies are not compared, and the text says so with their number
        assertThat(f.toString()).doesNotContain("dup\\u00e9").doesNotContain("dupé");
        assertThat(f.get("text").asText()).contains("ASCII strings only").containsPattern("1,0\\d\\d strings without one");
        assertSameThroughTheIndex("duplicate-strings", f);
    }

    private static void assertSameThroughTheIndex(String check, JsonNode f) throws Exception {
        assertThat(finding(check)).isEqualTo(f); // writes the index, or reads it
        assertThat(finding(check)).isEqualTo(f); // reads it
    }

    private static JsonNode site(JsonNode finding, String location) {
        for (JsonNode s : finding.get("sites")) {
            if (s.get("location").asText().equals(location)) {
                return s;
            }
        }
        throw new AssertionError("no site " + location + " in " + finding);
    }
}
