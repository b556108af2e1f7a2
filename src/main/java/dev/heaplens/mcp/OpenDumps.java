package dev.heaplens.mcp;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The handles the open tool gave out, each naming one allowed file; the same file keeps its handle. */
final class OpenDumps {
    private static final int MAX_OPEN = 1000;
    private final Map<String, Path> byHandle = new LinkedHashMap<>();
    private final Map<Path, String> byPath = new LinkedHashMap<>();

    String handleOf(Path realPath) throws ToolError {
        String known = byPath.get(realPath);
        if (known != null) {
            return known;
        }
        if (byHandle.size() >= MAX_OPEN) {
            throw new ToolError("already " + MAX_OPEN + " files open: pass paths instead of handles");
        }
        String handle = "dump-" + (byHandle.size() + 1);
        byHandle.put(handle, realPath);
        byPath.put(realPath, handle);
        return handle;
    }

    /** The file behind a handle, or null when {@code text} is no handle of ours. */
    Path fileOf(String text) {
        return byHandle.get(text);
    }
}
