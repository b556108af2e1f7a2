package dev.heaplens.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Model Context Protocol server on the stdio transport: JSON-RPC 2.0 messages, one a line, in
 * on {@code in} and out on {@code out}; nothing else is written to {@code out}. It answers
 * initialize, ping, tools/list and tools/call, one request at a time, and takes notifications
 * without answering. A JSON-RPC error means the request could not be taken; a tool that ran and
 * failed answers with isError and one line saying why.
 */
public final class McpServer {
    /** Protocol revisions this server speaks, newest first; the tools part is the same in each. */
    static final List<String> PROTOCOL_VERSIONS = List.of("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05");
    /** The longest answer a tool gives, in characters of JSON: never a dump's whole content. */
    static final int MAX_ANSWER_CHARS = 256 * 1024;

    private final ObjectMapper json = new ObjectMapper();
    private final Map<String, Tool> tools = new LinkedHashMap<>();
    private final AllowedFiles allowed;
    private final OpenDumps dumps = new OpenDumps();
    private final String version;
    private final PrintStream log;

    public McpServer(AllowedFiles allowed, Commands commands, String version, PrintStream log) {
        this.allowed = allowed;
        this.version = version;
        this.log = log;
        for (Tool tool : new HeapTools(allowed, json, commands).all(dumps, json)) {
            tools.put(tool.name(), tool);
        }
    }

    /** Serves until {@code in} ends. */
    public void serve(InputStream in, OutputStream out) throws IOException {
        MessageLines lines = new MessageLines(in);
        for (String line = lines.next(); line != null; line = lines.next()) {
            JsonNode reply = line == MessageLines.TOO_LONG
                    ? error(null, RpcError.INVALID_REQUEST, "message longer than " + MessageLines.MAX_CHARS + " characters")
                    : answer(line);
            if (reply != null) {
                out.write(json.writeValueAsBytes(reply));
                out.write('\n');
                out.flush();
            }
        }
    }

    /** The reply to one message, or null for a notification (or a response, which this server never asked for). */
    JsonNode answer(String message) {
        JsonNode request;
        try {
            request = json.readTree(message);
        } catch (JsonProcessingException e) {
            return error(null, RpcError.PARSE_ERROR, "Parse error: " + e.getOriginalMessage());
        }
        if (request == null || !request.isObject()) {
            return error(null, RpcError.INVALID_REQUEST, "Invalid Request: one JSON object a line (no batches)");
        }
        JsonNode id = request.get("id");
        boolean hasId = request.has("id");
        if (!request.has("method") && (request.has("result") || request.has("error"))) {
            return null;
        }
        if (!"2.0".equals(request.path("jsonrpc").asText(null)) || !request.path("method").isTextual()
                || (hasId && !(id.isTextual() || id.isIntegralNumber()))) {
            return error(hasId && (id.isTextual() || id.isIntegralNumber()) ? id : null, RpcError.INVALID_REQUEST,
                    "Invalid Request: needs \"jsonrpc\": \"2.0\", a method, and an id that is a string or an integer");
        }
        String method = request.get("method").textValue();
        if (!hasId) {
            return null; // notifications/initialized, notifications/cancelled...: nothing to answer
        }
        try {
            return result(id, dispatch(method, request.get("params")));
        } catch (RpcError e) {
            return error(id, e.code(), e.getMessage());
        } catch (RuntimeException e) {
            log.println("heaplens mcp: internal error in " + method + ": " + e);
            return error(id, RpcError.INTERNAL_ERROR, "internal error: " + e);
        }
    }

    private JsonNode dispatch(String method, JsonNode params) throws RpcError {
        return switch (method) {
            case "initialize" -> initialize(params);
            case "ping" -> json.createObjectNode();
            case "tools/list" -> toolList();
            case "tools/call" -> call(params);
            default -> throw new RpcError(RpcError.METHOD_NOT_FOUND, "Method not found: " + Quote.of(method));
        };
    }

    private JsonNode initialize(JsonNode params) throws RpcError {
        if (params == null || !params.path("protocolVersion").isTextual()) {
            throw new RpcError(RpcError.INVALID_PARAMS, "initialize needs params.protocolVersion");
        }
        String asked = params.get("protocolVersion").textValue();
        ObjectNode result = json.createObjectNode();
        result.put("protocolVersion", PROTOCOL_VERSIONS.contains(asked) ? asked : PROTOCOL_VERSIONS.get(0));
        result.putObject("capabilities").putObject("tools").put("listChanged", false);
        result.putObject("serverInfo").put("name", "heaplens").put("version", version);
        result.put("instructions", "heaplens analyses Ruby ObjectSpace.dump_all dumps, JVM HPROF heap dumps and GC logs."
                + " Call open with a file's path for a handle, then summary, histogram, top or leaks; object and"
                + " paths take an address from their answers. Files allowed: " + allowed.describe() + ".");
        return result;
    }

    private JsonNode toolList() {
        ArrayNode list = json.createArrayNode();
        for (Tool tool : tools.values()) {
            list.addObject().put("name", tool.name()).put("description", tool.description())
                    .set("inputSchema", tool.inputSchema());
        }
        ObjectNode result = json.createObjectNode();
        result.set("tools", list);
        return result;
    }

    private JsonNode call(JsonNode params) throws RpcError {
        if (params == null || !params.path("name").isTextual()) {
            throw new RpcError(RpcError.INVALID_PARAMS, "tools/call needs params.name");
        }
        Tool tool = tools.get(params.get("name").textValue());
        if (tool == null) {
            throw new RpcError(RpcError.INVALID_PARAMS, "Unknown tool: " + Quote.of(params.get("name").textValue()));
        }
        JsonNode given = params.get("arguments");
        if (given != null && !given.isNull() && !given.isObject()) {
            throw new RpcError(RpcError.INVALID_PARAMS, "params.arguments must be an object");
        }
        ObjectNode arguments = given instanceof ObjectNode object ? object : json.createObjectNode();
        try {
            ToolArguments checked = new ToolArguments(arguments, allowed, dumps);
            checked.onlyThese(tool.inputSchema());
            return success(tool.action().run(checked));
        } catch (ToolError e) {
            return failure(e.getMessage());
        }
    }

    private JsonNode success(Tool.Answer answer) throws ToolError {
        String text;
        try {
            text = json.writeValueAsString(answer.json());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        if (text.length() > MAX_ANSWER_CHARS) {
            throw new ToolError("the answer has " + text.length() + " characters, over the " + MAX_ANSWER_CHARS
                    + " this server sends: ask for fewer rows (limit), neighbours or paths");
        }
        ObjectNode result = json.createObjectNode();
        ArrayNode content = result.putArray("content");
        content.addObject().put("type", "text").put("text", text);
        if (!answer.warnings().isEmpty()) {
            content.addObject().put("type", "text").put("text", answer.warnings());
        }
        if (answer.json().isObject()) {
            result.set("structuredContent", answer.json());
        }
        return result.put("isError", false);
    }

    private JsonNode failure(String message) {
        ObjectNode result = json.createObjectNode();
        result.putArray("content").addObject().put("type", "text").put("text", message);
        return result.put("isError", true);
    }

    private ObjectNode result(JsonNode id, JsonNode result) {
        ObjectNode reply = json.createObjectNode().put("jsonrpc", "2.0");
        reply.set("id", id);
        reply.set("result", result);
        return reply;
    }

    private ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode reply = json.createObjectNode().put("jsonrpc", "2.0");
        reply.set("id", id);
        reply.putObject("error").put("code", code).put("message", message);
        return reply;
    }

}
