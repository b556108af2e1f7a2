package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport.Result;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The oracle is one real Ruby process (scripts/fixtures/leak/make-leak.rb): it took dump A,
 * leaked 4,500 records (each a LeakRecord with a name String and an Array of three Strings)
 * among plenty of garbage, took B, evicted 700 of them and leaked 1,200 more, took C. It
 * recorded how many of the records leaked between A and B are alive in C (3,800), where they
 * were allocated, and ObjectSpace.each_object(K).count / memsize_of_all(K) before each dump.
 * About 3,700 objects of C sit in slots that held other objects in A.
 */
class LeakFixtureTest {
    private static final Path DIR = Path.of("src/test/resources/fixtures/leak");
    private static JsonNode golden;

    @BeforeAll
    static void load() throws IOException {
        golden = new ObjectMapper().readTree(DIR.resolve("leak.golden.json").toFile());
    }

    private static String dump(String name) {
        return DIR.resolve(name + ".json.gz").toString();
    }

    @Test
    void everySamplePathObjectRetainsWhatTheDominatorTreeOfObjectSays() throws IOException {
        // leaks finds these without a dominator tree; object reads them off C's.
        JsonNode json = new ObjectMapper().readTree(run("leaks", dump("a"), dump("b"), dump("c"), "--format", "json").out());
        int steps = 0;
        for (JsonNode row : json.get("rows")) {
            for (JsonNode step : row.get("samplePath").get("steps")) {
                String address = step.get("address").asText();
                JsonNode object = new ObjectMapper().readTree(run("object", dump("c"), address, "--format", "json").out());
                assertThat(step.get("retainedSize").asLong()).as(address).isEqualTo(object.get("retainedSize").asLong());
                assertThat(step.get("retainedCount").asLong()).as(address).isEqualTo(object.get("retainedCount").asLong());
                steps++;
            }
        }
        assertThat(steps).isGreaterThan(10);
    }

    @Test
    void leaksFindsExactlyTheRecordsStillAliveAtTheirAllocationSite() throws IOException {
        Result r = run("leaks", dump("a"), dump("b"), dump("c"), "--by", "location", "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.get("identity").asText()).isEqualTo("address_and_generation");
        JsonNode expected = golden.get("expected");
        assertThat(json.get("count").asLong()).isEqualTo(expected.get("leak_record_objects_in_b_not_a_alive_in_c").asLong());
        Map<String, Long> byLocation = new HashMap<>();
        json.get("rows").forEach(row -> byLocation.put(row.get("key").asText(), row.get("count").asLong()));
        JsonNode site = golden.get("sites").get("leak_record");
        long records = expected.get("leak_records_in_b_not_a_alive_in_c").asLong();
        assertThat(byLocation).containsEntry(site.get("file").asText() + ":" + site.get("line").asInt(), records);
        for (String part : new String[] {"name_string", "items_array", "item_string_a", "item_string_b", "item_string_c"}) {
            JsonNode s = golden.get("sites").get(part);
            assertThat(byLocation).containsEntry(s.get("file").asText() + ":" + s.get("line").asInt(), records);
        }
        assertThat(byLocation).hasSize(6);
    }

    @Test
    void leaksByClassCountsTheRecordsAndTheirPartsAndShowsHowTheyAreHeld() throws IOException {
        JsonNode json = new ObjectMapper().readTree(run("leaks", dump("a"), dump("b"), dump("c"),
                "--by", "class", "--format", "json").out());
        Map<String, JsonNode> rows = new HashMap<>();
        json.get("rows").forEach(row -> rows.put(row.get("key").asText(), row));
        assertThat(rows.get("LeakRecord").get("count").asLong()).isEqualTo(3800);
        assertThat(rows.get("String").get("count").asLong()).isEqualTo(4 * 3800);
        assertThat(rows.get("Array").get("count").asLong()).isEqualTo(3800);
        // the records retain their strings and arrays: all 22,800 leaked objects
        assertThat(rows.get("LeakRecord").get("retainedBytes").asLong()).isEqualTo(json.get("bytes").asLong());
        JsonNode path = rows.get("LeakRecord").get("samplePath");
        JsonNode steps = path.get("steps");
        assertThat(steps.get(steps.size() - 1).get("class").asText()).isEqualTo("LeakRecord");
    }

    @ParameterizedTest
    @CsvSource({"a,b", "b,c", "a,c"})
    void diffPerClassEqualsWhatRubyCounted(String from, String to) throws IOException {
        Result r = run("diff", dump(from), dump(to), "--by", "class", "--top", "0", "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        Map<String, JsonNode> rows = new HashMap<>();
        new ObjectMapper().readTree(r.out()).get("groups").forEach(row -> rows.put(row.get("key").asText(), row));
        for (String klass : new String[] {"LeakRecord", "String", "Array", "Hash"}) {
            JsonNode before = golden.get("dumps").get(from).get("before").get("classes").get(klass);
            JsonNode after = golden.get("dumps").get(to).get("before").get("classes").get(klass);
            JsonNode row = rows.get(klass);
            assertThat(row.get("countBefore").asLong()).as(klass).isEqualTo(before.get("exact_class_count").asLong());
            assertThat(row.get("bytesBefore").asLong()).as(klass).isEqualTo(before.get("exact_class_memsize").asLong());
            assertThat(row.get("countAfter").asLong()).as(klass).isEqualTo(after.get("exact_class_count").asLong());
            assertThat(row.get("bytesAfter").asLong()).as(klass).isEqualTo(after.get("exact_class_memsize").asLong());
            assertThat(row.get("countDelta").asLong()).as(klass)
                    .isEqualTo(after.get("exact_class_count").asLong() - before.get("exact_class_count").asLong());
        }
    }
}
