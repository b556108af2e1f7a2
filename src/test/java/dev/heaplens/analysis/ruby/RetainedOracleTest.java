package dev.heaplens.analysis.ruby;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.format.ruby.RubyDumpReader;
import dev.heaplens.format.ruby.RubyGraphReader;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.EdgeFilter;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.io.DumpInput;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The oracle is real Ruby: scripts/fixtures/retained/make-retained.rb computed, in the process
 * that took the dump, the exact set of objects each chosen object retains (reachable from the
 * roots, but not once that object is skipped), and checked it against the dump's own graph.
 */
class RetainedOracleTest {
    private static final Path DIR = Path.of("src/test/resources/fixtures/retained");
    private static RubyHeap heap;
    private static Dominators dominators;
    private static JsonNode golden;

    @BeforeAll
    static void load() throws IOException {
        heap = new RubyHeap(RubyGraphReader.read(DumpInput.open(DIR.resolve("retained.json.gz").toString(), InputStream.nullInputStream()),
                RubyDumpReader.Options.defaults()));
        dominators = Dominators.compute(heap.graph());
        golden = new ObjectMapper().readTree(DIR.resolve("retained.golden.json").toFile());
    }

    @Test
    void retainedSizeAndCountEqualWhatRubyMeasured() {
        JsonNode objects = golden.has("objects") ? golden.get("objects") : golden.get("retained");
        assertThat(objects).isNotNull();
        assertThat(objects.size()).isGreaterThanOrEqualTo(5);
        for (JsonNode g : objects) {
            long o = heap.graph().objectOf(Long.parseUnsignedLong(g.get("address").asText().substring(2), 16));
            assertThat(o).as(g.get("name").asText()).isGreaterThanOrEqualTo(0);
            assertThat(dominators.retainedCount(o)).as(g.get("name").asText() + " count").isEqualTo(g.get("retainedCount").asInt());
            assertThat(dominators.retainedSize(o)).as(g.get("name").asText() + " bytes").isEqualTo(g.get("retainedMemsize").asLong());
            assertThat(heap.className(o)).as(g.get("name").asText() + " class").isEqualTo(g.get("class").asText());
        }
    }

    @Test
    void rightAfterAFullGcEveryObjectIsReachableOnceClassPointersCount() {
        // rails_ish was dumped right after GC.start: everything in it is live. The dump leaves an
        // object's class out of its references; without that edge 2,216 objects (singleton
        // classes and their method entries) would look unreachable.
        RubyHeap railsIsh = new RubyHeap(RubyGraphReader.read(DumpInput.open(Fixtures.dump("rails_ish").toString(), InputStream.nullInputStream()),
                RubyDumpReader.Options.defaults()));
        Dominators d = Dominators.compute(railsIsh.graph());
        assertThat(d.unreachableCount()).isZero();
        assertThat(railsIsh.graph().danglingReferences()).isZero();
    }

    @Test
    void everyPrintedPathIsARealChainFromARoot() {
        HeapGraph g = heap.graph();
        JsonNode objects = golden.has("objects") ? golden.get("objects") : golden.get("retained");
        for (JsonNode gold : objects) {
            long target = g.objectOf(Long.parseUnsignedLong(gold.get("address").asText().substring(2), 16));
            List<RootPaths.Path> paths = new java.util.ArrayList<>(RootPaths.shortest(g, EdgeFilter.ALL, target, 5));
            assertThat(paths).isNotEmpty();
            RootPaths.Path fromTree = RootPaths.tree(g, EdgeFilter.ALL).pathTo(target);
            assertThat(fromTree.objects()).as("the tree's path is a shortest one").hasSameSizeAs(paths.get(0).objects());
            paths.add(fromTree);
            for (RootPaths.Path p : paths) {
                long[] chain = p.objects();
                assertThat(chain[chain.length - 1]).isEqualTo(target);
                boolean rootHoldsFirst = false;
                for (int r = 0; r < g.rootCount(); r++) {
                    rootHoldsFirst |= g.rootTarget(r) == chain[0] && g.rootCategory(r).equals(p.rootCategory());
                }
                assertThat(rootHoldsFirst).as("root " + p.rootCategory() + " holds the first object").isTrue();
                for (int i = 0; i + 1 < chain.length; i++) {
                    assertThat(references(g, chain[i], chain[i + 1])).as("step " + i + " is a reference").isTrue();
                }
            }
        }
    }

    private static boolean references(HeapGraph g, long from, long to) {
        for (long i = g.outStart(from); i < g.outEnd(from); i++) {
            if (g.target(i) == to) {
                return true;
            }
        }
        return false;
    }
}
