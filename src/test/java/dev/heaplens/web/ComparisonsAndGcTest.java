package dev.heaplens.web;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.cli.CliTestSupport;
import dev.heaplens.testheap.TestHeap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.heaplens.web.WebFixtures.ask;
import static org.assertj.core.api.Assertions.assertThat;

/** The diff, the leaks and the GC view answer what heaplens diff, leaks and gc --format json say. */
class ComparisonsAndGcTest {
    @TempDir
    Path dir;

    private final WebFixtures f = new WebFixtures();

    private Path write(TestHeap heap, String name, WebFixtures.Kind kind) {
        return kind == WebFixtures.Kind.RUBY ? heap.writeRuby(dir.resolve(name + ".json")) : heap.writeHprof(dir.resolve(name + ".hprof"));
    }

    @ParameterizedTest
    @EnumSource(WebFixtures.Kind.class)
    void diffIsTheDiffCommands(WebFixtures.Kind kind) {
        Path a = write(f.heap.without(Set.of(f.n2, f.leafB, f.big)), "a", kind);
        Path b = write(f.heap, "b", kind);
        JsonNode web = ask(new Api(WebFixtures.workspace(List.of(a, b), List.of())), "diff", "by", "class", "size", "500",
                "unchanged", "1");
        JsonNode cli = WebFixtures.parse(CliTestSupport.run("diff", a.toString(), b.toString(), "--by", "class", "--top", "0",
                "--format", "json").out());
        for (String total : List.of("countBefore", "bytesBefore", "countAfter", "bytesAfter")) {
            assertThat(web.get(total).asLong()).as(total).isEqualTo(cli.get("total").get(total).asLong());
        }
        Map<String, Long> webRows = new HashMap<>();
        web.get("rows").forEach(r -> webRows.put(r.get("key").asText(), r.get("bytesDelta").asLong()));
        Map<String, Long> cliRows = new HashMap<>();
        cli.get("groups").forEach(r -> cliRows.put(r.get("key").asText(), r.get("bytesDelta").asLong()));
        assertThat(webRows).isEqualTo(cliRows).containsEntry("Blob", f.heap.size(f.big));
    }

    @ParameterizedTest
    @EnumSource(WebFixtures.Kind.class)
    void leaksAreTheLeaksCommands(WebFixtures.Kind kind) {
        Path a = write(f.heap.without(Set.of(f.n2, f.leafB)), "a", kind);
        Path b = write(f.heap, "b", kind);
        Path c = write(f.heap, "c", kind);
        JsonNode web = ask(new Api(WebFixtures.workspace(List.of(a, b, c), List.of())), "leaks", "by", "class");
        JsonNode cli = WebFixtures.parse(CliTestSupport.run("leaks", a.toString(), b.toString(), c.toString(), "--by", "class",
                "--format", "json").out());
        assertThat(web.get("leakedCount").asLong()).isEqualTo(2);
        assertThat(web.get("leakedBytes").asLong()).isEqualTo(f.heap.size(f.n2) + f.heap.size(f.leafB));
        Map<String, Long> webGroups = new HashMap<>();
        web.get("rows").forEach(r -> webGroups.put(r.get("key").asText(), r.get("bytes").asLong()));
        Map<String, Long> cliGroups = new HashMap<>();
        cli.get("rows").forEach(r -> cliGroups.put(r.get("key").asText(), r.get("bytes").asLong()));
        assertThat(webGroups).isEqualTo(cliGroups);
        assertThat(web.get("leakedBytes").asLong()).isEqualTo(cli.get("bytes").asLong());
        JsonNode nodePath = null;
        for (JsonNode r : web.get("rows")) {
            if (r.get("key").asText().equals("Node")) {
                nodePath = r.get("samplePath");
            }
        }
        assertThat(nodePath.get("steps").get(1).get("object").get("address").asText()).isEqualTo(WebFixtures.hex(f.n2));
    }

    @Test
    void gcViewIsTheGcCommandsJson() throws Exception {
        Path log = Files.writeString(dir.resolve("gc.log"), String.join("\n",
                "[0.004s][info][gc] Using G1",
                "[0.050s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(64M) 2.500ms",
                "[0.100s][info][gc] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 30M->6M(64M) 1.250ms",
                "[0.300s][info][gc] GC(2) Pause Full (System.gc()) 30M->5M(64M) 12.000ms", ""));
        JsonNode web = ask(new Api(WebFixtures.workspace(List.of(), List.of(log.toString()))), "gc");
        JsonNode cli = WebFixtures.parse(CliTestSupport.run("gc", log.toString(), "--format", "json").out());
        assertThat(web).isEqualTo(cli);
        assertThat(web.get("pauses").get("count").asInt()).isEqualTo(3);
    }
}
