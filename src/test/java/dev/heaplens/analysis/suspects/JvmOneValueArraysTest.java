package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.analysis.suspects.probe.OneValueProbe;
import dev.heaplens.cli.CliTestSupport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                OneValueProbe.class.getName(), dump.toString()).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes());
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(output).isZero();
    }

    private static JsonNode finding(String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("suspects", dump.toString(), "--format", "json"));
        args.addAll(List.of(extra));
        CliTestSupport.Result r = CliTestSupport.run(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        for (JsonNode f : new ObjectMapper().readTree(r.out()).get("findings")) {
            if (f.get("check").asText().equals("one-value-arrays")) {
                return f;
            }
        }
        throw new AssertionError("no one-value-arrays finding in " + r.out());
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

    /** The count in the classes list, {@code "long[] all 0 (2,003, 16.0 MB)"}. */
    private static long count(JsonNode finding, String key) {
        for (JsonNode c : finding.get("classes")) {
            String s = c.asText();
            if (s.startsWith(key + " (")) {
                return Long.parseLong(s.substring(key.length() + 2).split(", ")[0].replace(",", ""));
            }
        }
        throw new AssertionError(key + " not in " + finding.get("classes"));
    }
}
