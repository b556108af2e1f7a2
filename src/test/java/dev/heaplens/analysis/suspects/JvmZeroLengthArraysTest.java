package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.analysis.suspects.probe.ZeroLengthArraysProbe;
import dev.heaplens.cli.CliTestSupport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child JVM keeps 150,000 empty byte arrays, 50,000 empty Object arrays and 40,000 int arrays of
 * one element: the zero-length-arrays finding counts at least the arrays the program made of
 * each class and at most 1% more (the JDK's own), leaves the one-element arrays out, and its bytes
 * are the arrays' headers. Read from the dump and through the index alike.
 */
class JvmZeroLengthArraysTest {
    @TempDir
    static Path dir;
    private static Path dump;

    @BeforeAll
    static void keepAndDump() throws Exception {
        dump = dir.resolve("empty.hprof");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                ZeroLengthArraysProbe.class.getName(), dump.toString()).redirectErrorStream(true).start();
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
            if (f.get("check").asText().equals("zero-length-arrays")) {
                return f;
            }
        }
        throw new AssertionError("no zero-length-arrays finding in " + r.out());
    }

    @Test
    void theArraysTheProgramKeptAreCountedByClassAndTheOneElementArraysAreNot() throws Exception {
        JsonNode f = finding("--no-index");
        long bytes = count(f, "byte[]");
        long objects = count(f, "java.lang.Object[]");
        assertThat(bytes).isBetween((long) ZeroLengthArraysProbe.EMPTY_BYTES, ZeroLengthArraysProbe.EMPTY_BYTES * 101L / 100);
        assertThat(objects).isBetween((long) ZeroLengthArraysProbe.EMPTY_OBJECTS, ZeroLengthArraysProbe.EMPTY_OBJECTS * 101L / 100);
        assertThat(f.get("classes").toString()).doesNotContain("int[] (4"); // the 40,000 one-element int arrays
        assertThat(f.get("objects").asLong()).isLessThan(bytes + objects + ZeroLengthArraysProbe.ONE_INT / 10);
        // a zero-length array is its header alone: 16 bytes with this JVM's compressed layout
        assertThat(f.get("bytes").asLong()).isEqualTo(16 * f.get("objects").asLong());
        assertThat(f.get("text").asText()).contains("arrays have no element");
        assertThat(finding()).isEqualTo(f); // writes the index
        assertThat(finding()).isEqualTo(f); // reads it
    }

    /** The count in the classes list, {@code "byte[] (150,012)"}. */
    private static long count(JsonNode finding, String cls) {
        for (JsonNode c : finding.get("classes")) {
            String s = c.asText();
            if (s.startsWith(cls + " (")) {
                return Long.parseLong(s.substring(cls.length() + 2, s.length() - 1).replace(",", ""));
            }
        }
        throw new AssertionError(cls + " not in " + finding.get("classes"));
    }
}
