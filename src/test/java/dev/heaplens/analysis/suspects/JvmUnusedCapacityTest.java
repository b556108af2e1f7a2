package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.analysis.suspects.probe.CapacityProbe;
import dev.heaplens.cli.CliTestSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child JVM keeps collections that use less than half of their capacity ({@link CapacityProbe}):
 * 2,000 ArrayLists of 1,000 holding 10, 1,000 HashMaps of 4,096 holding 3, 1,000 HashSets of 1,000
 * holding 2, 1,000 ArrayDeques of 500 holding 5, 1,000 StringBuilders of 2,000 holding 20 and
 * 1,000 Hashtables of 4,096 holding 3,
 * beside as many near misses at least half full. It works out by reflection what its own leave
 * unused; the finding counts, per class, at least those collections and fewer than half the near
 * misses more (the JDK's own small maps), and their unused bytes to 1%; the same through the index.
 */
class JvmUnusedCapacityTest {
    @TempDir
    static Path dir;
    private static Path dump;
    /** Class -> {collections, unused bytes}, as the child worked them out. */
    private static final Map<String, long[]> CHILD = new HashMap<>();

    @BeforeAll
    static void keepAndDump() throws Exception {
        dump = dir.resolve("capacity.hprof");
        String output = WasteFindings.dumpChild(CapacityProbe.class, dump, "128m", List.of(
                "--add-opens", "java.base/java.util=ALL-UNNAMED", "--add-opens", "java.base/java.lang=ALL-UNNAMED"));
        for (String line : output.split("\n")) {
            String[] w = line.trim().split(" ");
            if (w.length == 4 && w[0].equals("unused")) {
                CHILD.put(w[1], new long[] {Long.parseLong(w[2]), Long.parseLong(w[3])});
            }
        }
    }

    private static JsonNode finding(String... extra) throws Exception {
        return WasteFindings.finding(dump, "unused-capacity", extra);
    }

    @Test
    void theCollectionsUnderHalfFullAreCountedWithTheirUnusedBytesAndTheNearMissesAreNot() throws Exception {
        assertThat(CHILD.get("java.util.ArrayList")[0]).isEqualTo(CapacityProbe.LISTS); // the child's own check
        assertThat(CHILD.get("java.util.HashMap")[0]).isEqualTo(CapacityProbe.MAPS + CapacityProbe.SETS);
        assertThat(CHILD.get("java.util.ArrayDeque")[0]).isEqualTo(CapacityProbe.DEQUES);
        assertThat(CHILD.get("java.lang.StringBuilder")[0]).isEqualTo(CapacityProbe.BUILDERS);
        assertThat(CHILD.get("java.util.Hashtable")[0]).isEqualTo(CapacityProbe.TABLES);
        JsonNode f = finding("--no-index");
        long childBytes = 0;
        // the near misses of each class, which would count if the half-full rule did not hold
        Map<String, Long> near = Map.of("java.util.ArrayList", (long) CapacityProbe.LISTS, "java.util.HashMap",
                (long) CapacityProbe.MAPS, "java.util.ArrayDeque", (long) CapacityProbe.DEQUES, "java.lang.StringBuilder",
                (long) CapacityProbe.BUILDERS, "java.util.Hashtable", (long) CapacityProbe.TABLES);
        for (Map.Entry<String, long[]> e : CHILD.entrySet()) {
            long made = e.getValue()[0];
            // the JDK's own small maps count too (a few hundred), but fewer than the near misses would add
            assertThat(WasteFindings.count(f, e.getKey())).as(e.getKey()).isBetween(made, made + near.get(e.getKey()) / 2);
            childBytes += e.getValue()[1];
        }
        assertThat(f.get("bytes").asLong()).isBetween(childBytes, childBytes * 101 / 100);
        assertThat(f.get("text").asText()).contains("use less than half of their capacity");
        assertThat(finding()).isEqualTo(f); // writes the index
        assertThat(finding()).isEqualTo(f); // reads it
    }

    /**
     * The first suspects on an index another command wrote works the checks out from it, the arrays'
     * lengths read where that index is mapped: the same finding as the dump read in the heap.
     */
    @Test
    void anIndexTopWroteGivesTheSameFindingFromItsMappedLengths(@TempDir Path other) throws Exception {
        Path copy = Files.copy(dump, other.resolve("capacity.hprof"));
        assertThat(CliTestSupport.run("top", copy.toString()).exitCode()).isZero();
        assertThat(WasteFindings.finding(copy, "unused-capacity")).isEqualTo(finding("--no-index"));
    }
}
