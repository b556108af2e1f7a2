package dev.heaplens.web;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.graph.Dominators;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dominator tree's children of one class ({@code dominators?class=}), counted and paged in one
 * pass: every page size gives, page after page, the node's children whose immediate dominator it is
 * (brute force over every object) of that class, in the order of the unfiltered listing.
 */
class ChildrenOfOneClassTest {
    @Test
    void pagesOfOneClassAreTheNodesChildrenOfThatClassInOrder() {
        try (Workspace w = WebFixtures.workspace(List.of(Path.of("samples/rails-ish.json.gz")), List.of())) {
            ServedDump d = w.dumps.get(0);
            Api api = new Api(w);
            List<String> nodes = new ArrayList<>(List.of(""));
            WebFixtures.ask(api, "top", "size", "3").get("objects").get("rows").forEach(r -> nodes.add(r.get("address").asText()));
            int checked = 0;
            for (String node : nodes) {
                long parent = node.isEmpty() ? Dominators.SUPER_ROOT : d.heap.objectAt(node);
                List<JsonNode> all = listing(api, node, null, Params.MAX_PAGE);
                Set<String> bruteForce = new LinkedHashSet<>();
                for (long o = 0; o < d.graph.objectCount(); o++) {
                    if (d.dominators.isReachable(o) && d.dominators.immediateDominator(o) == parent) {
                        bruteForce.add("0x" + Long.toHexString(d.graph.address(o)));
                    }
                }
                assertThat(all.stream().map(r -> r.get("address").asText()).toList()).containsExactlyInAnyOrderElementsOf(bruteForce);
                Set<String> classes = new LinkedHashSet<>();
                all.forEach(r -> classes.add(r.get("class").asText()));
                for (String cls : classes.stream().limit(8).toList()) {
                    List<String> expected = all.stream().filter(r -> r.get("class").asText().equals(cls))
                            .map(r -> r.get("address").asText()).toList();
                    for (int size : new int[] {1, 2, 7, Params.MAX_PAGE}) {
                        if (expected.size() / size > 10) {
                            continue; // a few pages each: a page is a pass over the node's children
                        }
                        List<JsonNode> paged = listing(api, node, cls, size);
                        assertThat(paged.stream().map(r -> r.get("address").asText()).toList()).as(node + " " + cls + " by " + size)
                                .isEqualTo(expected);
                        checked++;
                    }
                }
            }
            assertThat(checked).isGreaterThan(20);
        }
    }

    /** Every row of a node's children (of class {@code only} when given), page by page; each page says the total. */
    private static List<JsonNode> listing(Api api, String node, String only, int size) {
        List<JsonNode> rows = new ArrayList<>();
        for (long page = 0; ; page++) {
            Map<String, String> params = new java.util.TreeMap<>(Map.of("page", Long.toString(page), "size", Integer.toString(size)));
            if (!node.isEmpty()) {
                params.put("address", node);
            }
            if (only != null) {
                params.put("class", only);
            }
            JsonNode objects = WebFixtures.parse(api.answer("dominators", params)).get("objects");
            objects.get("rows").forEach(rows::add);
            if (objects.get("rows").size() < size) {
                assertThat(objects.get("total").asLong()).isEqualTo(rows.size());
                return rows;
            }
        }
    }
}
