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
import java.util.List;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/** JVM summary answers "what fills my heap" first: the biggest classes with their shares (issue 27). */
class JvmSummaryClassesTest {
    @TempDir
    Path dir;

    private static JsonNode json(String... args) throws IOException {
        Result r = run(args);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    /** A heap of {@code big} Blobs and {@code small} Cells reachable from a root, and {@code lost} Cells none reaches. */
    private Path heap(int big, int small, int lost) {
        TestHeap heap = new TestHeap();
        TestHeap.Cls holder = heap.cls("Holder", big + small, 0);
        TestHeap.Cls blob = heap.cls("Blob", 0, 60);
        TestHeap.Cls cell = heap.cls("Cell", 0, 1);
        long root = heap.object(holder);
        List<Long> held = new ArrayList<>();
        for (int i = 0; i < big; i++) {
            held.add(heap.object(blob));
        }
        for (int i = 0; i < small; i++) {
            held.add(heap.object(cell));
        }
        for (int i = 0; i < lost; i++) {
            heap.object(cell);
        }
        heap.refs(root, held.stream().mapToLong(Long::longValue).toArray()).root(root);
        return heap.writeHprof(dir.resolve("heap.hprof"));
    }

    @Test
    void biggestClassesAreTheHistogramsTopRowsWithShares() throws IOException {
        Path dump = heap(40, 300, 2);
        JsonNode summary = json("summary", dump.toString(), "--format", "json");
        JsonNode histogram = json("histogram", dump.toString(), "--by", "class", "--format", "json");
        JsonNode biggest = summary.get("biggestClasses");
        assertThat(biggest.size()).isEqualTo(Math.min(15, histogram.get("total").get("groups").asInt()));
        for (int i = 0; i < biggest.size(); i++) {
            JsonNode row = histogram.get("groups").get(i);
            assertThat(biggest.get(i).get("name").asText()).isEqualTo(row.get("key").asText());
            assertThat(biggest.get(i).get("count").asLong()).isEqualTo(row.get("count").asLong());
            assertThat(biggest.get(i).get("bytes").asLong()).isEqualTo(row.get("bytes").asLong());
        }
        // brute force: 40 Blobs of 12 + 60 * 4 bytes, the biggest class
        assertThat(biggest.get(0).get("name").asText()).isEqualTo("Blob");
        assertThat(biggest.get(0).get("bytes").asLong()).isEqualTo(40 * new TestHeap.Cls("Blob", 0, 0, 60).instanceSize());

        Result text = run("summary", dump.toString());
        long bytes = summary.get("bytes").asLong();
        String share = String.format(java.util.Locale.ROOT, "%.1f%%", 100.0 * biggest.get(0).get("bytes").asLong() / bytes);
        assertThat(text.out()).contains("Biggest classes (shallow bytes)");
        assertThat(text.outLines()).anyMatch(line -> line.matches("\\s+40\\s+\\S+%\\s+\\S+ \\S?B\\s+" + share.replace(".", "\\.")
                + "\\s+Blob"));
        assertThat(text.out().indexOf("Biggest classes")).isLessThan(text.out().indexOf("Kinds"));
    }

    @Test
    void aFewUnreachableObjectsAreOneLineAndARealShareIsATable() throws IOException {
        Result few = run("summary", heap(40, 300, 2).toString());
        assertThat(few.out()).contains("Unreachable objects: 2 objects, 32 B (")
                .contains("by class: summary --format json (unreachableByClass)")
                .doesNotContain("Unreachable objects by class");
        Result many = run("summary", heap(1, 10, 3000).toString());
        assertThat(many.out()).contains("Unreachable objects by class").doesNotContain("Unreachable objects: ");
    }
}
