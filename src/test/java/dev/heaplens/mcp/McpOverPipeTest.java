package dev.heaplens.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heaplens.cli.CliTestSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * heaplens mcp as a client meets it: a child JVM spoken to over its standard input and output,
 * one JSON-RPC message a line. Every tool's answer is checked against the CLI's own --format json
 * for the same question (the oracle: the commands' JSON writer, read here by an independent parser).
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class McpOverPipeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    static Path dir;
    static Path allowed;
    static Path outside;
    static Process server;
    static OutputStream toServer;
    static BufferedReader fromServer;
    static int nextId = 1;

    @BeforeAll
    static void startServer() throws IOException {
        allowed = Files.createDirectories(dir.resolve("allowed"));
        outside = Files.createDirectories(dir.resolve("outside"));
        copy("samples/rails-ish.json.gz", allowed.resolve("rails-ish.json.gz"));
        for (String name : List.of("a", "b", "c")) {
            copy("src/test/resources/fixtures/leak/" + name + ".json.gz", allowed.resolve(name + ".json.gz"));
        }
        copy("src/test/resources/gc/ruby/quiet.jsonl.gz", allowed.resolve("quiet.jsonl.gz"));
        copy("samples/rails-ish.json.gz", outside.resolve("secret.json.gz"));
        Files.createSymbolicLink(allowed.resolve("link.json.gz"), outside.resolve("secret.json.gz"));
        server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g",
                "-cp", System.getProperty("java.class.path"), "dev.heaplens.cli.Main", "mcp", "--root", allowed.toString())
                .redirectError(dir.resolve("server.err").toFile()).start();
        toServer = server.getOutputStream();
        fromServer = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
    }

    private static void copy(String from, Path to) throws IOException {
        Files.copy(Path.of(from), to);
    }

    @AfterAll
    static void stopServer() throws Exception {
        toServer.close(); // the end of its input ends the server
        assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(server.exitValue()).as(Files.readString(dir.resolve("server.err"))).isZero();
    }

    /** Sends one line and reads the one line of reply; every line the server writes must be JSON. */
    private static JsonNode send(String line) throws IOException {
        toServer.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        toServer.flush();
        String reply = fromServer.readLine();
        assertThat(reply).as("a reply to " + line).isNotNull();
        return JSON.readTree(reply);
    }

    private static JsonNode request(String method, JsonNode params) throws IOException {
        ObjectNode message = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", nextId++).put("method", method);
        if (params != null) {
            message.set("params", params);
        }
        JsonNode reply = send(message.toString());
        assertThat(reply.get("id").asInt()).isEqualTo(message.get("id").asInt());
        assertThat(reply.get("jsonrpc").asText()).isEqualTo("2.0");
        return reply;
    }

    private static JsonNode call(String tool, Map<String, Object> arguments) throws IOException {
        ObjectNode params = JSON.createObjectNode().put("name", tool);
        params.set("arguments", JSON.valueToTree(arguments));
        JsonNode reply = request("tools/call", params);
        assertThat(reply.has("result")).as(reply.toString()).isTrue();
        return reply.get("result");
    }

    /** A tool's JSON, checked to be a success whose text and structured content agree. */
    private static JsonNode answer(String tool, Map<String, Object> arguments) throws IOException {
        JsonNode result = call(tool, arguments);
        assertThat(result.get("isError").asBoolean()).as(result.toString()).isFalse();
        JsonNode fromText = JSON.readTree(result.get("content").get(0).get("text").asText());
        assertThat(result.get("structuredContent")).isEqualTo(fromText);
        return fromText;
    }

    private static String errorOf(String tool, Map<String, Object> arguments) throws IOException {
        JsonNode result = call(tool, arguments);
        assertThat(result.get("isError").asBoolean()).as(result.toString()).isTrue();
        return result.get("content").get(0).get("text").asText();
    }

    /** The CLI's JSON for the same question. */
    private static JsonNode cli(String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--format=json");
        CliTestSupport.Result r = CliTestSupport.run(all.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return JSON.readTree(r.out());
    }

    private static JsonNode withoutPage(JsonNode answer) {
        ObjectNode copy = answer.deepCopy();
        copy.remove("page");
        return copy;
    }

    private static String file(String name) {
        return allowed.resolve(name).toString();
    }

    @Test
    void aClientSessionFromInitializeToEveryTool() throws IOException {
        ObjectNode init = JSON.createObjectNode().put("protocolVersion", "2025-06-18");
        init.putObject("capabilities");
        init.putObject("clientInfo").put("name", "test").put("version", "1");
        JsonNode initialized = request("initialize", init).get("result");
        assertThat(initialized.get("protocolVersion").asText()).isEqualTo("2025-06-18");
        assertThat(initialized.get("serverInfo").get("name").asText()).isEqualTo("heaplens");
        assertThat(initialized.get("capabilities").has("tools")).isTrue();
        // a notification has no reply: the next line read is the ping's
        toServer.write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n".getBytes(StandardCharsets.UTF_8));
        assertThat(request("ping", null).get("result")).isEqualTo(JSON.createObjectNode());

        List<String> names = new ArrayList<>();
        for (JsonNode tool : request("tools/list", null).get("result").get("tools")) {
            names.add(tool.get("name").asText());
            assertThat(tool.get("inputSchema").get("type").asText()).isEqualTo("object");
            assertThat(tool.get("description").asText()).isNotBlank();
        }
        assertThat(names).containsExactly("open", "summary", "suspects", "histogram", "top", "retained", "object", "paths",
                "threads", "diff", "leaks", "gc", "sql");

        JsonNode opened = answer("open", Map.of("path", file("rails-ish.json.gz")));
        String handle = opened.get("handle").asText();
        assertThat(opened.get("contents").asText()).isEqualTo("a Ruby heap dump");
        assertThat(answer("open", Map.of("path", file("quiet.jsonl.gz"))).get("contents").asText())
                .startsWith("not a heap dump (").endsWith("GC logs and GC.stat series go to gc");
        assertThat(answer("open", Map.of("path", allowed + "/./rails-ish.json.gz"))
                .get("handle").asText()).isEqualTo(handle);
        String dump = file("rails-ish.json.gz");

        assertThat(answer("summary", Map.of("dump", handle))).isEqualTo(cli("summary", dump));
        assertThat(answer("suspects", Map.of("dump", handle, "threshold", 20))).isEqualTo(cli("suspects", dump, "--threshold=20"));
        // a Ruby dump has no thread stacks: the CLI's one-line refusal, as a tool error
        assertThat(errorOf("threads", Map.of("dump", handle))).contains("Ruby").doesNotContain("Exception");
        assertThat(withoutPage(answer("histogram", Map.of("dump", handle, "by", "location", "limit", 5))))
                .isEqualTo(cli("histogram", dump, "--by=location", "--top=5"));
        JsonNode top = answer("top", Map.of("dump", dump, "limit", 5));
        assertThat(withoutPage(top)).isEqualTo(cli("top", dump, "--top=5"));
        assertThat(top.get("page").get("returned").asInt()).isEqualTo(5);
        // the second page is rows 3..5 of the CLI's first five
        JsonNode page = answer("top", Map.of("dump", handle, "limit", 3, "offset", 2));
        JsonNode five = cli("top", dump, "--top=5").get("objects");
        assertThat(page.get("objects")).containsExactly(five.get(2), five.get(3), five.get(4));
        assertThat(withoutPage(answer("retained", Map.of("dump", handle, "limit", 4))))
                .isEqualTo(cli("retained", dump, "--top=4"));

        String address = five.get(1).get("address").asText();
        assertThat(answer("object", Map.of("dump", handle, "address", address, "neighbours", 3)))
                .isEqualTo(cli("object", dump, address, "--neighbours=3"));
        assertThat(answer("paths", Map.of("dump", handle, "address", address)))
                .isEqualTo(cli("paths", dump, address, "--max=3"));

        assertThat(withoutPage(answer("diff", Map.of("before", file("a.json.gz"), "after", file("c.json.gz"), "limit", 7))))
                .isEqualTo(cli("diff", file("a.json.gz"), file("c.json.gz"), "--top=7"));
        assertThat(withoutPage(answer("leaks", Map.of("a", file("a.json.gz"), "b", file("b.json.gz"), "c", file("c.json.gz")))))
                .isEqualTo(cli("leaks", file("a.json.gz"), file("b.json.gz"), file("c.json.gz"), "--top=10"));
        assertThat(answer("gc", Map.of("files", List.of(file("quiet.jsonl.gz")))))
                .isEqualTo(cli("gc", file("quiet.jsonl.gz")));
        String query = "SELECT type, count(*) AS n, sum(shallow) AS bytes FROM objects GROUP BY type ORDER BY bytes DESC";
        JsonNode sql = answer("sql", Map.of("dump", handle, "query", query, "limit", 4));
        assertThat(sql).isEqualTo(cli("sql", "--max-rows=4", dump, query));
        assertThat(sql.get("rows")).hasSize(4);
    }

    @Test
    void pathsOutsideTheRootsAreToolErrorsThatSayNothingOfTheFile() throws IOException {
        String secret = outside.resolve("secret.json.gz").toString();
        assertThat(errorOf("summary", Map.of("dump", secret))).contains("outside the files and directories");
        assertThat(errorOf("open", Map.of("path", allowed.resolve("../outside/secret.json.gz").toString())))
                .contains("outside");
        assertThat(errorOf("open", Map.of("path", outside.resolve("missing.json").toString()))).contains("outside");
        assertThat(errorOf("top", Map.of("dump", file("link.json.gz")))).as("a link out of the root").contains("outside");
        assertThat(errorOf("open", Map.of("path", file("missing.json")))).endsWith("missing.json: no such file");
        assertThat(errorOf("gc", Map.of("files", List.of(file("quiet.jsonl.gz"), secret)))).contains("outside");
    }

    @Test
    void badCallsAreAnsweredInOneLineAndTheServerGoesOn() throws IOException {
        assertThat(send("not json").get("error").get("code").asInt()).isEqualTo(-32700);
        assertThat(send("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]").get("error").get("code").asInt())
                .isEqualTo(-32600);
        assertThat(request("resources/list", null).get("error").get("code").asInt()).isEqualTo(-32601);
        assertThat(request("tools/call", JSON.createObjectNode().put("name", "nope")).get("error").get("code").asInt())
                .isEqualTo(-32602);
        String dump = file("rails-ish.json.gz");
        assertThat(errorOf("top", Map.of("dump", dump, "limit", -1))).contains("'limit' must be a whole number from 1");
        assertThat(errorOf("top", Map.of("dump", dump, "limt", 3))).contains("unknown argument 'limt'");
        assertThat(errorOf("histogram", Map.of("dump", dump, "by", "--format=table"))).contains("'by' must be a word");
        assertThat(errorOf("histogram", Map.of("dump", dump, "by", "colour"))).startsWith("heaplens: ");
        assertThat(errorOf("object", Map.of("dump", dump, "address", "0x1; rm -rf /"))).contains("must be an address");
        assertThat(errorOf("summary", Map.of("dump", file("quiet.jsonl.gz")))).startsWith("heaplens: ");
        assertThat(errorOf("summary", Map.of())).isEqualTo("missing argument 'dump'");
        ObjectNode unknown = JSON.createObjectNode().put("protocolVersion", "1999-01-01");
        assertThat(request("initialize", unknown).get("result").get("protocolVersion").asText())
                .isEqualTo(McpServer.PROTOCOL_VERSIONS.get(0));
        assertThat(request("ping", null).has("result")).isTrue();
    }

    @Test
    void aLineOverTheLimitIsRefusedWithoutBeingKept() throws IOException {
        String huge = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"" + "y".repeat(MessageLines.MAX_CHARS) + "\"}}";
        assertThat(send(huge).get("error").get("message").asText()).contains("longer than");
        assertThat(request("ping", null).has("result")).isTrue();
    }

    @Test
    void answersStayUnderTheBoundAndNeverTheWholeDump() throws IOException {
        ArrayNode rows = (ArrayNode) answer("histogram", Map.of("dump", file("rails-ish.json.gz"), "limit", 500)).get("groups");
        assertThat(rows.size()).isLessThanOrEqualTo(500);
        assertThat(errorOf("histogram", Map.of("dump", file("rails-ish.json.gz"), "limit", 501))).contains("from 1 to 500");
    }
}
