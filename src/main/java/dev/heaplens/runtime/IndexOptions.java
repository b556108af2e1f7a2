package dev.heaplens.runtime;

import java.nio.file.Path;
import java.util.Map;

/**
 * Whether and where the index cache of a graph read is kept (see the README's "Index cache").
 *
 * @param enabled  false: neither read nor write an index ({@code --no-index}, {@code HEAPLENS_INDEX=off})
 * @param dir      the one directory to keep indexes in ({@code --index-dir}), or null: next to the dump,
 *                 else in {@code cacheDir} when the dump's directory is not writable
 * @param cacheDir where indexes go when the dump's directory is not writable
 */
public record IndexOptions(boolean enabled, Path dir, Path cacheDir) {
    /** No index read or written. */
    public static final IndexOptions OFF = new IndexOptions(false, null, null);

    /** Next to the dump, else in the cache directory the environment names; off when {@code HEAPLENS_INDEX=off}. */
    public static IndexOptions defaults() {
        return fromEnvironment(System.getenv(), null);
    }

    /**
     * What {@code env} asks for: {@code HEAPLENS_INDEX=off} turns the index off (scripts timing a first
     * read set it; versions without an index ignore it), {@code HEAPLENS_CACHE} names the cache directory,
     * else {@code $XDG_CACHE_HOME/heaplens}, else {@code ~/.cache/heaplens}. {@code dir} is {@code --index-dir}.
     */
    public static IndexOptions fromEnvironment(Map<String, String> env, Path dir) {
        if ("off".equalsIgnoreCase(env.getOrDefault("HEAPLENS_INDEX", ""))) {
            return OFF;
        }
        String cache = env.get("HEAPLENS_CACHE");
        Path cacheDir;
        if (cache != null && !cache.isEmpty()) {
            cacheDir = Path.of(cache);
        } else if (env.get("XDG_CACHE_HOME") != null && !env.get("XDG_CACHE_HOME").isEmpty()) {
            cacheDir = Path.of(env.get("XDG_CACHE_HOME"), "heaplens");
        } else {
            cacheDir = Path.of(System.getProperty("user.home"), ".cache", "heaplens");
        }
        return new IndexOptions(true, dir, cacheDir);
    }
}
