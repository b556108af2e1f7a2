package dev.heaplens.report;

import dev.heaplens.format.rubygc.RubyGcKeys;

import java.util.List;

/** Writes what GC.stat keys mean ({@code heaplens gc --explain}). */
public final class GcKeysRenderer {
    private GcKeysRenderer() {
    }

    /**
     * @param key        one key to explain (current or old name), or null for all
     * @param version    the Ruby version of a file (only its keys are listed), or null
     * @param keysInFile the keys a file holds (its unknown keys are listed too), or null
     * @return the text, or null when {@code key} is not a GC.stat key
     */
    public static String render(String key, String version, List<String> keysInFile, OutputFormat format) {
        StringBuilder out = new StringBuilder();
        List<RubyGcKeys.Key> keys;
        if (key != null) {
            RubyGcKeys.Key k = RubyGcKeys.get(RubyGcKeys.canonical(key));
            if (k == null) {
                k = RubyGcKeys.reportKey(key);
            }
            if (k == null) {
                return null;
            }
            keys = List.of(k);
        } else {
            keys = RubyGcKeys.all().stream()
                    .filter(k -> version == null || RubyGcKeys.inVersion(k, version) || keysInFile != null && keysInFile.contains(k.name()))
                    .toList();
        }
        if (format == OutputFormat.JSON) {
            JsonWriter j = new JsonWriter(out);
            j.beginObject().field("version", version).name("keys").beginArray();
            for (RubyGcKeys.Key k : keys) {
                j.beginObject().field("key", k.name()).field("since", k.since()).field("until", k.until())
                        .field("meaning", k.meaning()).name("old_names").beginArray();
                RubyGcKeys.oldNames(k.name()).forEach(j::value);
                j.endArray().endObject();
            }
            j.endArray().name("unknown_keys").beginArray();
            unknown(keysInFile).forEach(j::value);
            j.endArray().endObject();
            return out.append('\n').toString();
        }
        if (version != null) {
            out.append("GC.stat keys of Ruby ").append(version).append('\n');
        }
        Table t = new Table(List.of("key", "Ruby", "meaning"), false, false, false).codeColumn(0);
        for (RubyGcKeys.Key k : keys) {
            String old = String.join(", ", RubyGcKeys.oldNames(k.name()));
            t.row(k.name(), k.since() == null ? "report" : k.since() + (k.until() != null ? "–" + k.until() : "+"),
                    k.meaning() + (old.isEmpty() || k.meaning().contains(old) ? "" : " (was " + old + ")"));
        }
        if (format == OutputFormat.MARKDOWN) {
            t.writeMarkdown(out);
        } else {
            t.writeAligned(out);
        }
        List<String> unknown = unknown(keysInFile);
        if (!unknown.isEmpty()) {
            out.append("Keys heaplens does not know (kept as they are): ").append(String.join(", ", unknown)).append('\n');
        }
        return out.toString();
    }

    private static List<String> unknown(List<String> keysInFile) {
        if (keysInFile == null) {
            return List.of();
        }
        return keysInFile.stream().filter(k -> !k.startsWith("stat_heap.") && RubyGcKeys.get(k) == null).toList();
    }
}
