package dev.heaplens.analysis.ruby;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.format.ruby.ReadResult;
import dev.heaplens.format.ruby.RubyType;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The oracle is Ruby itself: each fixture was dumped by a real Ruby process that measured
 * ObjectSpace.count_objects, count_objects_size and count_imemo_objects right before (and
 * after, equal) the dump. heaplens must reproduce those figures exactly, whatever the reading
 * path (one gzip stream, or a plain file split over several threads).
 */
class RealDumpGoldenTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"tiny", "basic", "rails_ish", "broken_lines"})
    void countsAndSizesPerTypeEqualRubysOwn(String fixture) {
        JsonNode golden = Fixtures.golden(fixture);
        assertThat(golden.get("agree").asBoolean()).as("fixture snapshots agree").isTrue();
        JsonNode counts = golden.get("before").get("count_objects");
        JsonNode sizes = golden.get("before").get("count_objects_size");

        RubySummary gz = summarize(Fixtures.dump(fixture), 1, 1);
        RubySummary split = summarize(Fixtures.plainCopy(fixture, tmp), 3, 64 * 1024);

        for (RubySummary s : new RubySummary[] {gz, split}) {
            assertThat(s.input().malformed()).isZero();
            assertThat(s.input().truncatedLastLine()).isNull();
            assertThat(byType(s, true)).isEqualTo(expectedByType(counts));
            assertThat(byType(s, false)).isEqualTo(expectedByType(sizes));
            assertThat(s.objects()).isEqualTo(counts.get("TOTAL").asLong() - counts.get("FREE").asLong());
            assertThat(s.bytes()).isEqualTo(sizes.get("TOTAL").asLong());
            assertThat(s.roots()).extracting(RubySummary.Row::label)
                    .containsExactlyInAnyOrder("vm", "machine_context", "global_list", "global_tbl");
        }
        assertThat(split).usingRecursiveComparison().ignoringFields("input").isEqualTo(gz);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tiny", "basic", "rails_ish", "broken_lines"})
    void imemoKindsEqualCountImemoObjects(String fixture) {
        JsonNode imemo = Fixtures.golden(fixture).get("before").get("count_imemo_objects");
        RubySummary s = summarize(Fixtures.dump(fixture), 1, 1);
        Map<String, Long> expected = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = imemo.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            expected.put(e.getKey().replaceFirst("^imemo_", ""), e.getValue().asLong());
        }
        Map<String, Long> actual = new HashMap<>();
        s.imemo().forEach(r -> actual.put(r.label(), r.count()));
        assertThat(actual).isEqualTo(expected);
    }

    @org.junit.jupiter.api.Test
    void referenceCountsMatchAnIndependentJsonParser() throws java.io.IOException {
        // rails_ish parses as plain JSON (the quirky lines are in broken_lines): Jackson counts.
        long references = 0;
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(
                new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(Fixtures.dump("rails_ish"))),
                java.nio.charset.StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                JsonNode node = json.readTree(line);
                if (!node.get("type").asText().equals("ROOT")) {
                    references += node.path("references").size();
                }
            }
        }
        assertThat(summarize(Fixtures.dump("rails_ish"), 1, 1).references()).isEqualTo(references);
    }

    @ParameterizedTest
    @ValueSource(strings = {"basic", "rails_ish"})
    void everyGroupingAddsUpToTheSameTotals(String fixture) {
        RubySummary s = summarize(Fixtures.dump(fixture), 1, 1);
        // Every Ruby key but imemo, which counts IMEMO objects only.
        for (GroupBy by : List.of(GroupBy.TYPE, GroupBy.CLASS, GroupBy.LOCATION, GroupBy.FILE, GroupBy.GEM,
                GroupBy.METHOD, GroupBy.GENERATION)) {
            Histogram h = histogram(Fixtures.dump(fixture), by);
            assertThat(h.totalCount()).as(by.label()).isEqualTo(s.objects());
            assertThat(h.totalBytes()).as(by.label()).isEqualTo(s.bytes());
            assertThat(h.groups().stream().mapToLong(Histogram.Group::count).sum()).isEqualTo(s.objects());
            assertThat(h.groups().stream().mapToLong(Histogram.Group::bytes).sum()).isEqualTo(s.bytes());
        }
    }

    @org.junit.jupiter.api.Test
    void instancesOfTheWorkloadsClassesAreCountedUnderTheirNames() {
        // basic.rb builds 300 Person, 200 Address, 100 Order, 50 Point and 20 instances of an
        // anonymous class; its singleton-method object is an instance of Object.
        Map<String, Long> byClass = new HashMap<>();
        histogram(Fixtures.dump("basic"), GroupBy.CLASS).groups().forEach(g -> byClass.put(g.key(), g.count()));
        assertThat(byClass).containsEntry("Person", 300L).containsEntry("Address", 200L)
                .containsEntry("Order", 100L).containsEntry("Point", 50L).containsEntry("Point3", 1L);
        assertThat(byClass.entrySet()).filteredOn(e -> e.getKey().matches("#<Class:0x[0-9a-f]{16}>") && e.getValue() == 20L)
                .hasSize(1);
        assertThat(byClass.keySet()).noneMatch(k -> k.startsWith("#<unknown"));
    }

    @org.junit.jupiter.api.Test
    void allocationSitesOfTheWorkloadAreFound() {
        Map<String, Long> byLocation = new HashMap<>();
        histogram(Fixtures.dump("basic"), GroupBy.LOCATION).groups().forEach(g -> byLocation.put(g.key(), g.count()));
        // Person.new runs 300 times on line 32 of basic.rb (the workload's `people = ...` line)
        assertThat(byLocation.entrySet()).anyMatch(e -> e.getKey().startsWith("basic.rb:") && e.getValue() >= 300);
        Map<String, Long> byGem = new HashMap<>();
        histogram(Fixtures.dump("basic"), GroupBy.GEM).groups().forEach(g -> byGem.put(g.key(), g.count()));
        assertThat(byGem).containsKeys("app", "(no allocation info)");
    }

    static RubySummary summarize(Path file, int threads, long minChunk) {
        ReadResult<RubySummarySink> read = Fixtures.read(file, RubySummarySink.FIELDS, threads, minChunk, RubySummarySink::new);
        return RubySummary.of(RubySummary.Input.of(file.toString(), read), read.sinks());
    }

    static Histogram histogram(Path file, GroupBy by) {
        return HistogramSink.histogram(Fixtures.read(file, HistogramSink.fields(by), 1, 1, () -> new HistogramSink(by)).sinks());
    }

    private static Map<String, Long> byType(RubySummary s, boolean counts) {
        Map<String, Long> map = new HashMap<>();
        s.types().forEach(r -> map.put(RubyType.valueOf(r.label()).countObjectsKey(), counts ? r.count() : r.bytes()));
        return map;
    }

    private static Map<String, Long> expectedByType(JsonNode golden) {
        Map<String, Long> map = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = golden.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().startsWith("T_") && e.getValue().asLong() != 0) {
                map.put(e.getKey(), e.getValue().asLong());
            }
        }
        return map;
    }
}
