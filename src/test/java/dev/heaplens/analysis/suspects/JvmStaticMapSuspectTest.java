package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.analysis.suspects.probe.StaticMapLeak;
import dev.heaplens.cli.CliTestSupport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child JVM leaks 20,000 sessions into a static HashMap and dumps its heap: suspects must name
 * the map (or its table) as where the memory accumulates, with the static field on the path from
 * the GC root, and the sessions' count and bytes as the program made them.
 */
class JvmStaticMapSuspectTest {
    @TempDir
    static Path dir;
    private static JsonNode result;
    private static String childOutput;

    @BeforeAll
    static void leakAndDump() throws Exception {
        Path dump = dir.resolve("leak.hprof");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-Xmx256m", "-cp", System.getProperty("java.class.path"), StaticMapLeak.class.getName(),
                dump.toString()).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes());
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(output).isZero();
        childOutput = output;
        CliTestSupport.Result r = CliTestSupport.run("suspects", dump.toString(), "--format", "json", "--no-index");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        result = new ObjectMapper().readTree(r.out());
    }

    @Test
    void theStaticMapIsTheFirstSuspectAndWhereTheMemoryAccumulates() {
        JsonNode first = result.get("suspects").get(0);
        assertThat(first.get("kind").asText()).isEqualTo("single");
        JsonNode acc = first.get("accumulationPoint");
        assertThat(acc.get("class").asText()).isIn("java.util.HashMap", "java.util.HashMap$Node[]");
        // each session: its payload array (16-byte header + 1,000 bytes, 8-aligned) at the least
        long payloads = (long) StaticMapLeak.ENTRIES * ((16 + StaticMapLeak.PAYLOAD + 7) / 8 * 8);
        assertThat(acc.get("retainedBytes").asLong()).isGreaterThan(payloads);
        assertThat(first.get("share").asDouble()).isGreaterThan(50);
        JsonNode held = first.get("held").get(0);
        assertThat(held.get("class").asText()).isEqualTo("java.util.HashMap$Node");
        assertThat(held.get("objects").asLong()).isEqualTo(StaticMapLeak.ENTRIES);
        assertThat(first.get("text").asText()).contains("java.util.HashMap").contains("SESSIONS");
        // the name the text and the web's heading use: a class object by its own class
        boolean classObject = first.get("class").asText().equals("java.lang.Class");
        assertThat(first.get("name").asText()).isEqualTo(classObject ? "class " + StaticMapLeak.class.getName()
                : first.get("class").asText());
    }

    @Test
    void thePathGoesFromAGcRootThroughTheStaticFieldToTheAccumulationPoint() {
        JsonNode first = result.get("suspects").get(0);
        List<String> vias = new ArrayList<>();
        first.get("path").forEach(step -> vias.add(step.get("via").asText()));
        assertThat(vias).as(first.get("path").toString()).anySatisfy(via -> assertThat(via).contains("SESSIONS"));
        JsonNode steps = first.get("path");
        assertThat(steps.get(steps.size() - 1).get("address").asText())
                .isEqualTo(first.get("accumulationPoint").get("address").asText());
        assertThat(first.get("keywords").toString()).contains("java.util.HashMap");
    }

    /** MAT's "loaded by": the loader the child JVM itself reports for the suspect's class. */
    @Test
    void theSuspectNamesTheLoaderOfItsClassAsTheJvmDoes() {
        JsonNode first = result.get("suspects").get(0);
        String appLoader = childOutput.lines().filter(l -> l.startsWith("loader ")).findFirst().orElseThrow().substring(7);
        assertThat(childOutput).contains("map loader null"); // HashMap comes from the bootstrap loader
        // a class object (class StaticMapLeak, whose static holds the map) is loaded by the app's loader; the map by the bootstrap
        String expected = first.get("class").asText().equals("java.lang.Class") ? appLoader + " @ 0x" : "<bootstrap>";
        assertThat(first.get("loader").asText()).as(first.toString()).startsWith(expected);
        assertThat(first.get("text").asText()).contains("loaded by " + first.get("loader").asText());
    }
}
