package dev.heaplens.memprof.tables;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every allocation site the agent has instrumented, by the dense id compiled into the site's
 * call to the hook, as its frame prints ({@code com.example.Foo.bar(Foo.java:42)}): class, method,
 * source file and line are known when the class is rewritten, so the frame of the method that
 * allocates is never walked at run time, only its callers. Sites that print alike (a class loaded
 * by two class loaders, two allocations on one line) share an id.
 */
public final class AllocationSiteTable {
    /** Sites, shared by all transformers and the tracker of the one agent a JVM has. */
    public static final AllocationSiteTable SITES = new AllocationSiteTable();

    private final List<String> frames = new ArrayList<>();
    private final Map<String, Integer> ids = new HashMap<>();

    /**
     * Registers a site and returns its id.
     *
     * @param className the class's binary name ({@code com.example.Outer$Inner})
     * @param file      the source file the class names, or null
     * @param line      the source line, or -1 when the class has no line numbers
     */
    public synchronized int add(String className, String methodName, String file, int line) {
        String frame = CapturedStack.printed(className, methodName, false, file, line);
        Integer id = ids.get(frame);
        if (id == null) {
            id = frames.size();
            frames.add(frame);
            ids.put(frame, id);
        }
        return id;
    }

    /** The site's frame as a Java stack trace prints it. */
    synchronized String frame(int site) {
        return frames.get(site);
    }
}
