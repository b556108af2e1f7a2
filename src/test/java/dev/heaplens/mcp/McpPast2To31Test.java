package dev.heaplens.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heaplens.cli.CliTestSupport;
import dev.heaplens.format.hprof.SelfDump;
import dev.heaplens.graph.WideIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * mcp's tools on a dump as past 2^31 objects: the server runs the commands in process, so a tool
 * whose command works on a graph of any size answers out of core with wide ids and every heap array
 * an object refused ({@link WideIds#asPast2To31}) what it answers in the heap. A dump past 2^31
 * objects goes out of core by itself; here 1 KiB of heap ({@code --memory 1k}, added to each command
 * the server runs) sends the samples there.
 */
class McpPast2To31Test {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path dir;

    /** A server whose commands run in this JVM with {@code option} (in the heap, or out of core). */
    private McpServer server(String... option) {
        Commands commands = args -> {
            List<String> all = new ArrayList<>(args);
            all.addAll(1, List.of(option));
            CliTestSupport.Result r = CliTestSupport.run(all);
            return new Commands.Run(r.exitCode(), r.out(), r.err());
        };
        return new McpServer(AllowedFiles.of(List.of(dir), List.of(), dir), commands, "test",
                new PrintStream(OutputStream.nullOutputStream()));
    }

    /** Each call's result, by tool and arguments; its text must be a success. */
    private static Map<String, JsonNode> calls(McpServer server, List<Map<String, Object>> calls) {
        Map<String, JsonNode> results = new LinkedHashMap<>();
        int id = 1;
        for (Map<String, Object> call : calls) {
            ObjectNode request = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id++).put("method", "tools/call");
            request.putObject("params").put("name", (String) call.get("name")).set("arguments", JSON.valueToTree(call.get("arguments")));
            JsonNode result = server.answer(request.toString()).get("result");
            assertThat(result.get("isError").asBoolean()).as(call + ": " + result).isFalse();
            results.put(call.toString(), result);
        }
        return results;
    }

    private static Map<String, Object> call(String tool, Map<String, Object> arguments) {
        return Map.of("name", tool, "arguments", arguments);
    }

    private void sameAnswers(Path dump) throws IOException {
        String file = dump.toString();
        McpServer inHeap = server("--no-index");
        JsonNode top = calls(inHeap, List.of(call("top", Map.of("dump", file, "limit", 1)))).values().iterator().next();
        String address = top.get("structuredContent").get("objects").get(0).get("address").asText();
        List<Map<String, Object>> asked = List.of(
                call("summary", Map.of("dump", file, "reachability", true)),
                call("top", Map.of("dump", file, "limit", 5, "offset", 3)),
                call("object", Map.of("dump", file, "address", address)),
                call("paths", Map.of("dump", file, "address", address, "max", 5)),
                call("suspects", Map.of("dump", file)),
                call("suspects", Map.of("dump", file, "threshold", 2)));
        Map<String, JsonNode> expected = calls(inHeap, asked);
        Files.deleteIfExists(dump.resolveSibling(dump.getFileName() + ".heaplens-index"));
        for (String pass : List.of("first", "second")) {
            Map<String, JsonNode> outOfCore = WideIds.asPast2To31(() -> calls(server("--memory", "1k"), asked));
            expected.forEach((call, result) -> {
                JsonNode got = outOfCore.get(call);
                assertThat(got.get("structuredContent")).as(pass + " " + call).isEqualTo(result.get("structuredContent"));
                assertThat(got.get("content").get(0)).as(pass + " " + call).isEqualTo(result.get("content").get(0));
                // what stderr adds: the launcher's note that it works out of core, nothing else
                for (int i = 1; i < got.get("content").size(); i++) {
                    assertThat(got.get("content").get(i).get("text").asText().lines()).as(pass + " " + call)
                            .allMatch(l -> l.startsWith("heaplens: note: "));
                }
            });
        }
    }

    @Test
    void theToolsAnswerTheSameAsPast2To31() throws IOException {
        sameAnswers(Files.copy(Path.of("samples/rails-ish.json.gz"), dir.resolve("rails-ish.json.gz")));
        sameAnswers(SelfDump.write(dir.resolve("self.hprof")));
    }
}
