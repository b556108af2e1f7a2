package dev.heaplens.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A tool's input schema (JSON Schema, type object), built one property at a time. */
final class Schema {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private final ObjectNode schema = NODES.objectNode();
    private final ObjectNode properties = schema.put("type", "object").putObject("properties");
    private final ArrayNode required = NODES.arrayNode();

    static Schema object() {
        return new Schema();
    }

    Schema text(String name, String description, boolean isRequired) {
        properties.putObject(name).put("type", "string").put("description", description);
        return need(name, isRequired);
    }

    Schema texts(String name, String description, int maxItems) {
        ObjectNode p = properties.putObject(name).put("type", "array").put("description", description)
                .put("minItems", 1).put("maxItems", maxItems);
        p.putObject("items").put("type", "string");
        return need(name, true);
    }

    Schema integer(String name, String description, int defaultValue, int min, int max) {
        properties.putObject(name).put("type", "integer").put("description", description)
                .put("default", defaultValue).put("minimum", min).put("maximum", max);
        return this;
    }

    Schema bool(String name, String description, boolean defaultValue) {
        properties.putObject(name).put("type", "boolean").put("description", description).put("default", defaultValue);
        return this;
    }

    Schema choice(String name, String description, String defaultValue, String... values) {
        ObjectNode p = properties.putObject(name).put("type", "string").put("description", description)
                .put("default", defaultValue);
        ArrayNode allowed = p.putArray("enum");
        for (String v : values) {
            allowed.add(v);
        }
        return this;
    }

    private Schema need(String name, boolean isRequired) {
        if (isRequired) {
            required.add(name);
        }
        return this;
    }

    ObjectNode build() {
        ObjectNode copy = schema.deepCopy();
        if (!required.isEmpty()) {
            copy.set("required", required.deepCopy());
        }
        return copy.put("additionalProperties", false);
    }
}
