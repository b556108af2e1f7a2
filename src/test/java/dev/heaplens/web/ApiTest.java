package dev.heaplens.web;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.cli.CliTestSupport;
import dev.heaplens.io.DumpInput;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.ReadListener;
import dev.heaplens.runtime.ReadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.heaplens.web.WebFixtures.ask;
import static dev.heaplens.web.WebFixtures.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The JSON API on a heap with known answers, both runtimes, against independent oracles. */
class ApiTest {
    @TempDir
    Path dir;

    private final WebFixtures f = new WebFixtures();
    private final WebFixtures.Oracle oracle = f.new Oracle();

    private Api api(WebFixtures.Kind kind) {
        return new Api(WebFixtures.workspace(List.of(f.write(dir, kind)), List.of()));
    }

    @ParameterizedTest
    @EnumSource(WebFixtures.Kind.class)
    void histogramIsTheStreamingHistogramOfTheDump(WebFixtures.Kind kind) {
        Path dump = f.write(dir, kind);
        DumpInput input = DumpInput.open(dump.toString(), System.in);
        Histogram streamed = HeapRuntime.of(input, new ReadOptions(false, 1, null), ReadListener.QUIET).histogram(input, GroupBy.CLASS);
        JsonNode h = ask(new Api(WebFixtures.workspace(List.of(dump), List.of())), "histogram", "by", "class", "size", "500");
        assertThat(h.get("totalCount").asLong()).isEqualTo(streamed.totalCount());
        assertThat(h.get("totalBytes").asLong()).isEqualTo(streamed.totalBytes());
        Map<String, List<Long>> shown = new HashMap<>();
        h.get("page").get("rows").forEach(r -> shown.put(r.get("key").asText(), List.of(r.get("count").asLong(), r.get("bytes").asLong())));
        Map<String, List<Long>> expected = new HashMap<>();
        streamed.groups().forEach(g -> expected.put(g.key(), List.of(g.count(), g.bytes())));
        assertThat(shown).isEqualTo(expected);
    }

    @ParameterizedTest
    @EnumSource(WebFixtures.Kind.class)
    void histogramSortsFiltersAndPages(WebFixtures.Kind kind) {
        Api api = api(kind);
        JsonNode byCount = ask(api, "histogram", "by", "class", "sort", "count", "size", "2", "page", "0");
        JsonNode rows = byCount.get("page").get("rows");
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).get("count").asLong()).isGreaterThanOrEqualTo(rows.get(1).get("count").asLong());
        long most = 0;
        for (JsonNode r : ask(api, "histogram", "by", "class", "size", "500").get("page").get("rows")) {
            most = Math.max(most, r.get("count").asLong());
        }
        assertThat(rows.get(0).get("count").asLong()).isEqualTo(most);
        JsonNode filtered = ask(api, "histogram", "by", "class", "q", "NODE");
        assertThat(filtered.get("page").get("matched").asLong()).isEqualTo(1);
        assertThat(filtered.get("page").get("matchedCount").asLong()).isEqualTo(2);
        JsonNode byName = ask(api, "histogram", "by", "class", "sort", "name", "dir", "asc", "size", "500");
        List<String> names = new ArrayList<>();
        byName.get("page").get("rows").forEach(r -> names.add(r.get("key").asText()));
        assertThat(names).isSorted();
        assertThatThrownBy(() -> ask(api, "histogram", "size", "501")).isInstanceOf(ApiException.class).hasMessageContaining("size");
        assertThatThrownBy(() -> ask(api, "histogram", "page", "-1")).isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> ask(api, "nope")).isInstanceOf(ApiException.class).extracting(e -> ((ApiException) e).status).isEqualTo(404);
    }

    @ParameterizedTest
    @EnumSource(WebFixtures.Kind.class)
    void topRetainersHaveTheBruteForceRetainedSizesInOrder(WebFixtures.Kind kind) {
        JsonNode top = ask(api(kind), "top", "size", "500");
        long previous = Long.MAX_VALUE;
        int instances = 0;
        for (JsonNode r : top.get("objects").get("rows")) {
            assertThat(r.get("retained").asLong()).isLessThanOrEqualTo(previous);
            previous = r.get("retained").asLong();
            long address = Long.parseUnsignedLong(r.get("address").asText().substring(2), 16);
            if (oracle.addresses.contains(address)) {
                instances++;
                assertThat(r.get("retained").asLong()).as(r.toString()).isEqualTo(oracle.retained(address));
            }
        }
        assertThat(instances).isEqualTo(7); // every reachable instance; the orphan is not listed
    }

    @ParameterizedTest
    @EnumSource(WebFixtures.Kind.class)
    void objectPageHasSizesDominatorsNeighboursAndItsPath(WebFixtures.Kind kind) {
        JsonNode o = ask(api(kind), "object", "address", hex(f.shared));
        assertThat(o.get("object").get("retained").asLong()).isEqualTo(oracle.retained(f.shared));
        assertThat(o.get("dominators").get(0).get("address").asText()).isEqualTo(hex(oracle.immediateDominator(f.shared)));
        List<String> referrers = new ArrayList<>();
        o.get("referrers").get("rows").forEach(r -> referrers.add(r.get("object").get("address").asText()));
        assertThat(referrers).containsExactlyInAnyOrder(hex(f.n1), hex(f.n2));
        JsonNode steps = o.get("path").get("steps");
        assertThat(steps).hasSize(3); // holder, a node, shared: the shortest chain
        assertThat(steps.get(0).get("object").get("address").asText()).isEqualTo(hex(f.holder));
        assertThat(steps.get(2).get("object").get("address").asText()).isEqualTo(hex(f.shared));
        if (kind == WebFixtures.Kind.HPROF) {
            String via = steps.get(2).get("via").asText();
            assertThat(via).isEqualTo(steps.get(1).get("object").get("address").asText().equals(hex(f.n1)) ? "r1" : "r0");
        }
        JsonNode orphan = ask(api(kind), "object", "address", hex(f.orphan));
        assertThat(orphan.get("path").isNull()).isTrue();
        assertThat(orphan.get("object").get("reachable").asBoolean()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(WebFixtures.Kind.class)
    void dominatorChildrenAreTheOraclesLargestFirst(WebFixtures.Kind kind) {
        Api api = api(kind);
        JsonNode children = ask(api, "dominators", "address", hex(f.holder), "size", "500");
        List<String> shown = new ArrayList<>();
        long previous = Long.MAX_VALUE;
        for (JsonNode r : children.get("objects").get("rows")) {
            shown.add(r.get("address").asText());
            assertThat(r.get("retained").asLong()).isLessThanOrEqualTo(previous);
            previous = r.get("retained").asLong();
        }
        List<String> expected = new ArrayList<>();
        for (long a : oracle.addresses) {
            if (oracle.retention.isReachable(oracle.addresses.indexOf(a)) && oracle.immediateDominator(a) == f.holder) {
                expected.add(hex(a));
            }
        }
        assertThat(shown).containsExactlyInAnyOrderElementsOf(expected).contains(hex(f.shared), hex(f.big));
        JsonNode grouped = ask(api, "dominators", "address", hex(f.holder), "group", "class");
        long sum = 0;
        for (JsonNode g : grouped.get("groups").get("rows")) {
            sum += g.get("retained").asLong();
        }
        assertThat(sum).isEqualTo(oracle.retained(f.holder) - f.heap.size(f.holder));
        JsonNode leaves = ask(api, "dominators", "address", hex(f.holder), "class", "Leaf");
        assertThat(leaves.get("objects").get("total").asInt()).isEqualTo(1); // shared; the others sit under n1, n2
    }

    @ParameterizedTest
    @EnumSource(WebFixtures.Kind.class)
    void classPageListsItsObjectsLargestRetainedFirstAndUnreachableLast(WebFixtures.Kind kind) {
        Api api = api(kind);
        JsonNode leaves = ask(api, "class", "name", "Leaf");
        assertThat(leaves.get("count").asLong()).isEqualTo(4);
        List<String> addresses = new ArrayList<>();
        leaves.get("objects").get("rows").forEach(r -> addresses.add(r.get("address").asText()));
        assertThat(addresses).containsExactlyInAnyOrder(hex(f.leafA), hex(f.leafB), hex(f.shared), hex(f.orphan));
        assertThat(addresses.get(3)).isEqualTo(hex(f.orphan));
        JsonNode unreachable = ask(api, "unreachable", "by", "class");
        assertThat(unreachable.get("unreachableBytes").asLong()).isEqualTo(f.heap.size(f.orphan));
        assertThat(unreachable.get("page").get("rows").get(0).get("key").asText()).isEqualTo("Leaf");
        JsonNode merged = ask(api, "merged", "name", "Leaf");
        assertThat(merged.get("unreached").asInt()).isEqualTo(1);
        assertThat(merged.get("tree").get("objects").asInt()).isEqualTo(3);
        assertThatThrownBy(() -> ask(api, "class", "name", "NoSuchClass")).isInstanceOf(ApiException.class);
    }

    @ParameterizedTest
    @EnumSource(WebFixtures.Kind.class)
    void overviewTotalsAreTheGraphs(WebFixtures.Kind kind) {
        JsonNode o = ask(api(kind), "overview");
        long instanceBytes = oracle.addresses.stream().mapToLong(f.heap::size).sum();
        assertThat(o.get("unreachableCount").asLong()).isEqualTo(1);
        assertThat(o.get("bytes").asLong()).isEqualTo(o.get("reachableBytes").asLong() + o.get("unreachableBytes").asLong());
        assertThat(o.get("bytes").asLong()).isGreaterThanOrEqualTo(instanceBytes);
        assertThat(o.get("topRetainers").get("rows").get(0).get("retained").asLong())
                .isGreaterThanOrEqualTo(oracle.retained(f.holder));
    }

    @Test
    void overviewNamesTheLayoutSummaryNames() throws Exception {
        Path dump = f.write(dir, WebFixtures.Kind.HPROF);
        JsonNode o = ask(new Api(WebFixtures.workspace(List.of(dump), List.of())), "overview");
        JsonNode layout = WebFixtures.parse(CliTestSupport.run("summary", dump.toString(), "--format", "json").out()).get("layout");
        Map<String, String> facts = new HashMap<>();
        o.get("facts").forEach(fact -> facts.put(fact.get("label").asText(), fact.get("value").asText()));
        assertThat(facts.get("field layout")).isEqualTo(layout.get("jvm").asText());
        assertThat(facts.get("layout")).contains("object header " + layout.get("headerBytes").asInt() + " B")
                .contains("references " + layout.get("referenceBytes").asInt() + " B").contains(layout.get("how").asText());
        JsonNode ruby = ask(api(WebFixtures.Kind.RUBY), "overview");
        assertThat(ruby.get("facts")).isEmpty();
    }
}
