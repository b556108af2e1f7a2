package dev.heaplens.graph;

/**
 * Which references keep objects alive for dominator and retained-size purposes (a JVM's weak,
 * soft and phantom referents do not). Called with the reference index, so a filter can consult a
 * per-reference column (flags kept by a reader) as well as the two objects. It may be called
 * from two threads at once ({@link Dominators} walks the graph on two).
 */
@FunctionalInterface
public interface EdgeFilter {
    /** Every reference counts. */
    EdgeFilter ALL = (source, reference, target) -> true;

    /** Whether reference {@code reference} (an index for {@link HeapGraph#target(long)}) from {@code source} to {@code target} counts. */
    boolean follow(long source, long reference, long target);
}
