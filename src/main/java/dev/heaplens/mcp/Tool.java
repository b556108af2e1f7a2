package dev.heaplens.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** One entry of tools/list: its name, what it does, the JSON Schema of its arguments, and the work. */
record Tool(String name, String description, ObjectNode inputSchema, Action action) {
    /** The work of a tool: its answer as one JSON value, or a {@link ToolError}. */
    @FunctionalInterface
    interface Action {
        Answer run(ToolArguments arguments) throws ToolError;
    }

    /** A tool's answer: the JSON, and the warnings heaplens printed while making it (empty when none). */
    record Answer(JsonNode json, String warnings) {
    }
}
