package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport.Result;
import dev.heaplens.testheap.TestHeap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * JVM leaks (issue 27): the sample path goes through what keeps most of the group, not to its
 * first object wherever that is; --sort retained lists the groups by what they retain in C.
 * A hand-built heap: one leaked Leaf, the first, held by an old Lock; 50 more held by an old
 * Cache through 50 leaked Nodes; a leaked Blob of 816 B held alone.
 */
class LeakSamplePathTest {
    private static final int HELD = 50;

    @TempDir
    Path dir;

    private Path[] dumps() {
        TestHeap heap = new TestHeap();
        TestHeap.Cls lock = heap.cls("Lock", 1, 0);
        TestHeap.Cls cache = heap.cls("Cache", HELD + 1, 0);
        TestHeap.Cls node = heap.cls("Node", 1, 0);
        TestHeap.Cls leaf = heap.cls("Leaf", 0, 1);
        TestHeap.Cls blob = heap.cls("Blob", 0, 200);
        long leafByLock = heap.object(leaf); // the group's first object
        long lockObject = heap.object(lock);
        long cacheObject = heap.object(cache);
        Set<Long> leaked = new HashSet<>(List.of(leafByLock));
        List<Long> nodes = new ArrayList<>();
        for (int i = 0; i < HELD; i++) {
            long n = heap.object(node);
            long l = heap.object(leaf);
            heap.refs(n, l);
            nodes.add(n);
            leaked.add(n);
            leaked.add(l);
        }
        long big = heap.object(blob);
        leaked.add(big);
        nodes.add(big);
        heap.refs(lockObject, leafByLock).refs(cacheObject, nodes.stream().mapToLong(Long::longValue).toArray())
                .root(lockObject).root(cacheObject);
        Path a = heap.without(leaked).writeHprof(dir.resolve("a.hprof"));
        Path b = heap.writeHprof(dir.resolve("b.hprof"));
        Path c = heap.writeHprof(dir.resolve("c.hprof"));
        return new Path[] {a, b, c};
    }

    private static JsonNode leaks(Path[] d, String... more) throws IOException {
        List<String> args = new ArrayList<>(List.of("leaks", d[0].toString(), d[1].toString(), d[2].toString(),
                "--format", "json", "--top", "10"));
        args.addAll(List.of(more));
        Result r = run(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    private static JsonNode row(JsonNode leaks, String key) {
        for (JsonNode row : leaks.get("rows")) {
            if (row.get("key").asText().equals(key)) {
                return row;
            }
        }
        throw new AssertionError("no group " + key + " in " + leaks);
    }

    @Test
    void theSamplePathGoesThroughWhatKeepsMostOfTheGroup() throws IOException {
        JsonNode leaf = row(leaks(dumps()), "Leaf");
        assertThat(leaf.get("count").asLong()).isEqualTo(HELD + 1);
        List<String> classes = new ArrayList<>();
        leaf.get("samplePath").get("steps").forEach(s -> classes.add(s.get("class").asText()));
        assertThat(classes).containsExactly("Cache", "Node", "Leaf"); // a shortest path to a Leaf the Cache keeps
    }

    @Test
    void sortRetainedListsTheGroupsByWhatTheyRetain() throws IOException {
        Path[] d = dumps();
        JsonNode byBytes = leaks(d);
        JsonNode byRetained = leaks(d, "--sort", "retained");
        List<Long> retained = new ArrayList<>();
        byRetained.get("rows").forEach(r -> retained.add(r.get("retainedBytes").asLong()));
        assertThat(retained).isSortedAccordingTo((x, y) -> Long.compare(y, x));
        // Nodes keep their Leaves: they retain more than they weigh, and more than the Blob
        assertThat(byRetained.get("rows").get(0).get("key").asText()).isEqualTo("Node");
        assertThat(byBytes.get("rows").get(0).get("key").asText()).isEqualTo("Blob");
        assertThat(row(byRetained, "Node").get("retainedBytes").asLong())
                .isEqualTo(row(byBytes, "Node").get("bytes").asLong() + row(byBytes, "Leaf").get("bytes").asLong()
                        - new TestHeap.Cls("Leaf", 0, 0, 1).instanceSize()); // all Leaves but the Lock's
    }

    @Test
    void sortRetainedWithoutRetainedSizesIsAUsageError() {
        Path[] d = dumps();
        Result r = run("leaks", d[0].toString(), d[1].toString(), d[2].toString(), "--no-retained", "--sort", "retained");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).containsExactly(
                "heaplens: --sort retained needs the retained sizes that --no-retained leaves out");
    }
}
