package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.analysis.suspects.probe.OneValueProbe;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child JVM keeps primitive arrays of one value ({@link OneValueProbe}): 2,000 {@code long[1000]}
 * all 0 and 1,000 {@code int[500]} all 7, beside as many near misses with one element different.
 * The finding counts at least what the program made and at most 1% more (the JDK's own zeroed
 * buffers), leaves the near misses out (they would double the counts), and is the same through the index.
 */
class JvmOneValueArraysTest {
    @TempDir
    static Path dir;
    private static Path dump;

    @BeforeAll
    static void keepAndDump() throws Exception {
        dump = dir.resolve("one-value.hprof");
        WasteFindings.dumpChild(OneValueProbe.class, dump, "128m");
    }

    private static JsonNode finding(String... extra) throws Exception {
        return WasteFindings.finding(dump, "one-value-arrays", extra);
    }

    @Test
    void theArraysOfOneValueAreCountedByClassAndValueAndTheNearMissesAreNot() throws Exception {
        JsonNode f = finding("--no-index");
        long zeros = count(f, "long[] all 0");
        long sevens = count(f, "int[] all 7");
        assertThat(zeros).isBetween((long) OneValueProbe.ZERO_LONGS, OneValueProbe.ZERO_LONGS * 101L / 100);
        assertThat(sevens).isBetween((long) OneValueProbe.SEVEN_INTS, OneValueProbe.SEVEN_INTS * 101L / 100);
        assertThat(f.get("classes").toString()).doesNotContain("int[] all 8").doesNotContain("long[] all 1 ");
        // a long[1000] is 16 + 8,000 bytes with this JVM's compressed layout
        assertThat(f.get("bytes").asLong()).isGreaterThanOrEqualTo(8016L * OneValueProbe.ZERO_LONGS + 2016L * OneValueProbe.SEVEN_INTS);
        assertThat(f.get("text").asText()).contains("hold one value in every element");
        assertThat(finding()).isEqualTo(f); // writes the index
        assertThat(finding()).isEqualTo(f); // reads it
    }

    private static long count(JsonNode finding, String key) {
        return WasteFindings.count(finding, key);
    }
}
