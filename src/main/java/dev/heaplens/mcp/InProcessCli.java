package dev.heaplens.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs a heaplens command in this JVM with --format json and reads its output: a tool's JSON is
 * the CLI's by construction, and a graph command finds the index cache the CLI would.
 */
final class InProcessCli {
    /** Stderr quoted in a tool's error or warnings, at most. */
    private static final int MAX_STDERR = 4000;
    private final ObjectMapper json;
    private final Commands commands;

    InProcessCli(ObjectMapper json, Commands commands) {
        this.json = json;
        this.commands = commands;
    }

    Tool.Answer json(List<String> args) throws ToolError {
        List<String> all = new ArrayList<>(args);
        all.add("--format=json");
        Commands.Run run = commands.run(all);
        int code = run.exitCode();
        String errors = shortened(run.err().strip());
        if (code != 0) {
            throw new ToolError(errors.isEmpty() ? "heaplens " + args.get(0) + " failed with exit code " + code : errors);
        }
        try {
            return new Tool.Answer(json.readTree(run.out()), errors);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("heaplens " + args.get(0) + " wrote no JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static String shortened(String text) {
        return text.length() <= MAX_STDERR ? text : text.substring(0, MAX_STDERR) + "... (" + text.length() + " characters)";
    }

    /** The arrays a paged answer keeps: rows offset..offset+limit of {@code field}, and a page saying so. */
    static JsonNode page(JsonNode answer, String field, int offset, int limit) {
        JsonNode rows = answer.get(field);
        if (!(answer instanceof com.fasterxml.jackson.databind.node.ObjectNode object) || rows == null || !rows.isArray()) {
            return answer;
        }
        var kept = object.arrayNode();
        for (int i = offset; i < rows.size() && i < offset + limit; i++) {
            kept.add(rows.get(i));
        }
        object.set(field, kept);
        object.putObject("page").put("offset", offset).put("limit", limit).put("returned", kept.size());
        return object;
    }
}
