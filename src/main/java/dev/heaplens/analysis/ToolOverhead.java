package dev.heaplens.analysis;

/**
 * Objects a tool keeps in the heap to watch it, not the program's own: Ruby's allocation tracer
 * ({@code ObjectSpace.trace_object_allocations}) and heaplens' own JVM agent. Every view names
 * them as the cost of tracing, and suspects leaves them out of its shares, so that a tracer's
 * table, often the largest object of a traced dump, is never blamed for the program's memory.
 */
public final class ToolOverhead {
    private ToolOverhead() {
    }

    /** What the tool is, for a class named {@code className}, or null when the class is the program's. */
    public static String toolOf(String className) {
        if (className == null) {
            return null;
        }
        if (className.startsWith("<ObjectTracing/")) {
            return "Ruby's allocation tracer (ObjectSpace.trace_object_allocations)";
        }
        if (className.startsWith("dev.heaplens.memprof.")) {
            return "the heaplens memprof agent";
        }
        return null;
    }

    /** A class name as tables show it: {@code X  [tool overhead]} for a tool's class. */
    public static String label(String className) {
        String tool = toolOf(className);
        return tool == null ? className : className + "  [tool overhead]";
    }
}
