package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.analysis.suspects.probe.ConcurrentMapProbe;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child JVM keeps {@code ConcurrentHashMap}s ({@link ConcurrentMapProbe}): 1,000 with a table of
 * 1,024 holding 10; 50 with a table of 1,024 holding 500 put by four threads at once, three
 * quarters of their count or more in counter cells; and 100 near misses, tables of 256 holding 150, also put by four
 * threads, whose {@code baseCount} alone is under half the table. Its own {@code size()} (base
 * count plus cells) says which use less than half and what they leave unused; the finding counts
 * those maps and at most 50 more (the JDK's own: 28 on JDK 17), not the 100 near misses, and their
 * unused bytes to 1% (41 KB; without the cells' counts the 50 maps would waste 75 KB more); the
 * same through the index.
 */
class JvmConcurrentMapCapacityTest {
    private static final String MAP = "java.util.concurrent.ConcurrentHashMap";
    @TempDir
    static Path dir;
    private static Path dump;
    private static long childMaps;
    private static long childBytes;

    @BeforeAll
    static void keepAndDump() throws Exception {
        dump = dir.resolve("concurrent.hprof");
        String output = WasteFindings.dumpChild(ConcurrentMapProbe.class, dump, "128m",
                List.of("--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED"));
        for (String line : output.split("\n")) {
            String[] w = line.trim().split(" ");
            if (w.length == 4 && w[0].equals("unused") && w[1].equals(MAP)) {
                childMaps = Long.parseLong(w[2]);
                childBytes = Long.parseLong(w[3]);
            }
            if (w[0].equals("celled")) { // the child found the collisions it needs
                assertThat(Integer.parseInt(w[1])).as(line).isEqualTo(ConcurrentMapProbe.NEAR);
                assertThat(Integer.parseInt(w[2])).as(line).isEqualTo(ConcurrentMapProbe.SPARSE_CELLED);
            }
        }
        assertThat(output).contains("celled ");
    }

    @Test
    void concurrentMapsAreCountedWithTheirCounterCells() throws Exception {
        assertThat(childMaps).isEqualTo(ConcurrentMapProbe.SPARSE + ConcurrentMapProbe.SPARSE_CELLED);
        JsonNode f = WasteFindings.finding(dump, "unused-capacity", "--no-index");
        assertThat(WasteFindings.count(f, MAP)).isBetween(childMaps, childMaps + ConcurrentMapProbe.NEAR / 2);
        assertThat(f.get("bytes").asLong()).isBetween(childBytes, childBytes * 101 / 100);
        assertThat(WasteFindings.finding(dump, "unused-capacity")).isEqualTo(f); // writes the index
        assertThat(WasteFindings.finding(dump, "unused-capacity")).isEqualTo(f); // reads it
    }
}
