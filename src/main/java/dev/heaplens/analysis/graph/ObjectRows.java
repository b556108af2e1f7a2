package dev.heaplens.analysis.graph;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of the objects about to be shown, each built after their values were fetched (in one pass
 * over the dump for all), so no row is built without its value: made by {@code LoadedHeap.rows}.
 */
public final class ObjectRows {
    private final Map<Long, ObjectRow> rows;

    public ObjectRows(Map<Long, ObjectRow> rows) {
        this.rows = Collections.unmodifiableMap(new LinkedHashMap<>(rows));
    }

    /** The row of {@code o}, which must be among the objects the rows were made for. */
    public ObjectRow of(long o) {
        ObjectRow row = rows.get(o);
        if (row == null) {
            throw new IllegalArgumentException("object " + o + " is not among the rows made");
        }
        return row;
    }

    /** The rows in the order their objects were given. */
    public List<ObjectRow> inOrder() {
        return List.copyOf(rows.values());
    }
}
