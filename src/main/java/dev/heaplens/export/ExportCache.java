package dev.heaplens.export;

import dev.heaplens.runtime.IndexOptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where {@code heaplens sql} keeps a dump's export: {@code DUMP.heaplens-export/} beside the dump
 * (and its index), else in the index cache directory ({@code --index-dir}, {@code $HEAPLENS_CACHE}...).
 * A stamp file names the dump's size, modification time and the schema and heaplens versions; an
 * export whose stamp differs is written again.
 */
public final class ExportCache {
    static final String SUFFIX = ".heaplens-export";
    private static final String STAMP = "heaplens-export.stamp";

    private final Path dump;
    private final IndexOptions options;

    public ExportCache(Path dump, IndexOptions options) {
        this.dump = dump.toAbsolutePath().normalize();
        this.options = options;
    }

    /** The export directory to use: an existing fresh one, else the first place that can be written. */
    public Path place() {
        List<Path> places = places();
        for (Path p : places) {
            if (isFresh(p)) {
                return p;
            }
        }
        for (Path p : places) {
            Path parent = p.getParent();
            if (Files.isDirectory(p) ? Files.isWritable(p) : parent != null && Files.isDirectory(parent) && Files.isWritable(parent)
                    || parent != null && !Files.exists(parent)) {
                return p;
            }
        }
        return places.get(0);
    }

    private List<Path> places() {
        String cached = HeapExport.dumpId(dump.toString()) + SUFFIX;
        List<Path> places = new ArrayList<>();
        if (options.dir() != null) {
            places.add(options.dir().resolve(cached));
            return places;
        }
        places.add(dump.resolveSibling(dump.getFileName() + SUFFIX));
        if (options.cacheDir() != null) {
            places.add(options.cacheDir().resolve(cached));
        }
        return places;
    }

    /** Whether {@code dir} holds an export of this very dump by this heaplens. */
    public boolean isFresh(Path dir) {
        try {
            Path stamp = dir.resolve(STAMP);
            return Files.isRegularFile(stamp) && Files.readString(stamp, StandardCharsets.UTF_8).equals(stampText());
        } catch (IOException e) {
            return false;
        }
    }

    /** Marks {@code dir} as this dump's export, once written whole. */
    public void stamp(Path dir) throws IOException {
        Files.writeString(dir.resolve(STAMP), stampText(), StandardCharsets.UTF_8);
    }

    /** Removes what an earlier export left in {@code dir} (its stamp first, so a half-written one is never fresh). */
    public void clear(Path dir) throws IOException {
        Files.deleteIfExists(dir.resolve(STAMP));
        for (String table : HeapExport.TABLES) {
            Path t = dir.resolve(table);
            if (Files.isDirectory(t)) {
                try (var walk = Files.walk(t)) {
                    for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
        }
    }

    private String stampText() throws IOException {
        return "dump=" + dump + "\nsize=" + Files.size(dump) + "\nmtime=" + Files.getLastModifiedTime(dump).toMillis()
                + "\nschema=" + HeapExport.SCHEMA_VERSION + "\nheaplens=" + heaplensBuild() + "\n";
    }

    /** The build of heaplens that wrote an export: the jar's version and its own time, so a new build re-exports. */
    private static String heaplensBuild() {
        try {
            Path self = Path.of(ExportCache.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return dev.heaplens.HeaplensVersion.get() + "@" + Files.getLastModifiedTime(self).toMillis();
        } catch (Exception e) {
            return "unknown";
        }
    }
}
