package dev.heaplens.util;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Dense int ids for names (groups, collectors, strings): 0, 1, 2, ... in the order the names are
 * first met, and the names back by id. Not thread-safe.
 */
public final class NameIds {
    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> names = new ArrayList<>();

    /** The id of {@code name}; a name met for the first time gets the next id, {@link #size()}. */
    public int idOf(String name) {
        Integer id = ids.get(name);
        if (id == null) {
            id = names.size();
            ids.put(name, id);
            names.add(name);
        }
        return id;
    }

    /** The id of {@code name}, or -1 when it has none (and gets none). */
    public int find(String name) {
        Integer id = ids.get(name);
        return id == null ? -1 : id;
    }

    public String name(int id) {
        return names.get(id);
    }

    public int size() {
        return names.size();
    }

    /** The names by id, as a view. */
    public List<String> names() {
        return Collections.unmodifiableList(names);
    }
}
