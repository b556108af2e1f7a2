package dev.heaplens.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Pattern;

/** A tools/call's arguments, each read once with its type and range checked; a bad one is a {@link ToolError}. */
final class ToolArguments {
    /** A key such as class, location or bytes: never an option of its own (no leading '-'). */
    private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z0-9_-]{0,39}");
    private static final Pattern ADDRESS = Pattern.compile("(0[xX][0-9a-fA-F]{1,16}|[0-9]{1,20})");

    private final ObjectNode arguments;
    private final AllowedFiles allowed;
    private final OpenDumps dumps;

    ToolArguments(ObjectNode arguments, AllowedFiles allowed, OpenDumps dumps) {
        this.arguments = arguments;
        this.allowed = allowed;
        this.dumps = dumps;
    }

    /** Refuses an argument the tool's schema does not name (a misspelt one would be silently ignored). */
    void onlyThese(ObjectNode schema) throws ToolError {
        JsonNode properties = schema.get("properties");
        for (Iterator<String> names = arguments.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (properties == null || !properties.has(name)) {
                throw new ToolError("unknown argument " + Quote.of(name));
            }
        }
    }

    /** A required string. */
    String text(String name) throws ToolError {
        JsonNode v = arguments.get(name);
        if (v == null || v.isNull()) {
            throw new ToolError("missing argument '" + name + "'");
        }
        if (!v.isTextual()) {
            throw new ToolError("argument '" + name + "' must be a string");
        }
        return v.textValue();
    }

    /** A handle from open, or a path, as the real path of an allowed file. */
    Path file(String name) throws ToolError {
        return fileOf(text(name));
    }

    private Path fileOf(String handleOrPath) throws ToolError {
        Path opened = dumps.fileOf(handleOrPath);
        return opened != null ? opened : allowed.check(handleOrPath);
    }

    /** A required list of 1 to {@code max} handles or paths. */
    List<Path> files(String name, int max) throws ToolError {
        JsonNode v = arguments.get(name);
        if (v == null || !v.isArray() || v.isEmpty() || v.size() > max) {
            throw new ToolError("argument '" + name + "' must be a list of 1 to " + max + " handles or paths");
        }
        List<Path> files = new ArrayList<>();
        for (JsonNode item : v) {
            if (!item.isTextual()) {
                throw new ToolError("argument '" + name + "' must hold strings");
            }
            files.add(fileOf(item.textValue()));
        }
        return files;
    }

    int integer(String name, int defaultValue, int min, int max) throws ToolError {
        JsonNode v = arguments.get(name);
        if (v == null || v.isNull()) {
            return defaultValue;
        }
        if (!v.canConvertToExactIntegral() || !v.canConvertToInt() || v.intValue() < min || v.intValue() > max) {
            throw new ToolError("argument '" + name + "' must be a whole number from " + min + " to " + max);
        }
        return v.intValue();
    }

    boolean bool(String name, boolean defaultValue) throws ToolError {
        JsonNode v = arguments.get(name);
        if (v == null || v.isNull()) {
            return defaultValue;
        }
        if (!v.isBoolean()) {
            throw new ToolError("argument '" + name + "' must be true or false");
        }
        return v.booleanValue();
    }

    /** An optional key word (--by, --sort), null when absent; heaplens itself says which words it takes. */
    String word(String name) throws ToolError {
        JsonNode v = arguments.get(name);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual() || !WORD.matcher(v.textValue()).matches()) {
            throw new ToolError("argument '" + name + "' must be a word such as class or bytes, not " + Quote.of(v.toString()));
        }
        return v.textValue();
    }

    /** An object's address as the dump writes it (0x7f... or a decimal JVM id). */
    String address(String name) throws ToolError {
        String text = text(name);
        if (!ADDRESS.matcher(text).matches()) {
            throw new ToolError("argument '" + name + "' must be an address such as 0x7f84e29f8008, not " + Quote.of(text));
        }
        return text;
    }
}
