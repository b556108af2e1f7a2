package dev.heaplens.graph;

import java.util.function.LongSupplier;

/**
 * Told when a long computation on a heap graph enters its next phase (references, dominators,
 * retained sizes), so that a caller can show how far it is. The graph layer counts objects; it
 * neither knows nor cares who shows them.
 */
public interface Phases {
    /**
     * Phase {@code name} starts, ending the one before: {@code done} counts what it has handled
     * of {@code total} (-1 when it is not counted).
     */
    void enter(String name, long total, LongSupplier done);

    /** Shows nothing. */
    Phases NONE = (name, total, done) -> {
    };
}
