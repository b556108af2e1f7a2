package dev.heaplens.graph;

import java.lang.invoke.VarHandle;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The one loader of a column that a stored graph, dominator tree or
 * runtime's object columns read on first use. It publishes a
 * whole array: a reader on another thread sees either null (and loads under the owner's lock) or the
 * filled array, since the release fence orders the copy before the publication.
 */
public final class LazyColumn {
    private LazyColumn() {
    }

    /**
     * The column {@code current} holds, read by {@code read} and handed to {@code publish} when it is not
     * loaded yet, under {@code owner}'s lock (the lock its other loaders take).
     */
    public static <T> T once(Object owner, Supplier<T> current, Supplier<T> read, Consumer<T> publish) {
        synchronized (owner) {
            T column = current.get();
            if (column == null) {
                column = read.get();
                VarHandle.releaseFence();
                publish.accept(column);
            }
            return column;
        }
    }
}
