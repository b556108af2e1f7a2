package dev.heaplens.graph;

import java.util.Arrays;
import java.util.List;

/**
 * The threads a dump lists, each with its stack innermost first, and which GC root categories of
 * the graph are the locals of which thread in which frame: a local root carries its thread and
 * frame, so every path, suspect and view can name them.
 *
 * @param threads       in the dump's order
 * @param categoryThread per root category of the graph: the index in {@code threads} of the thread whose
 *                       locals it holds, or -1 (not a local, or the dump lists no such thread)
 * @param categoryFrame  per root category: the frame number as the dump gives it (0 innermost), -1 for none,
 *                       past the stack's end for a frame the dump did not keep
 * @param notes          what the results must mention once (no stack traces at all, locals of unlisted threads...)
 */
public record ThreadStacks(List<StackThread> threads, int[] categoryThread, int[] categoryFrame, List<String> notes) {
    /** HPROF's line numbers below 1 say why a frame has none. */
    public static final int NO_LINE_INFO = 0;
    public static final int UNKNOWN_LINE = -1;
    public static final int COMPILED = -2;
    public static final int NATIVE = -3;

    /** A dump with no thread (a Ruby dump, or an HPROF dump without thread roots). */
    public static ThreadStacks none(int categories) {
        int[] none = new int[categories];
        Arrays.fill(none, -1);
        return new ThreadStacks(List.of(), none, none.clone(), List.of());
    }

    /** One frame as jstack prints it: class, method, and file and line. */
    public record Frame(String className, String method, String file, int line) {
        /** {@code com.example.Work.run(Work.java:16)}, as {@code jstack} prints a frame. */
        public String text() {
            return className + "." + method + "(" + where() + ")";
        }

        private String where() {
            if (line == NATIVE) {
                return "Native Method";
            }
            if (file == null || file.isEmpty()) {
                return "Unknown Source";
            }
            return line > 0 ? file + ":" + line : file;
        }

        /** The frame HotSpot adds on top of the thread that ran out of memory (it did not run it). */
        public boolean isOutOfMemoryConstructor() {
            return "java.lang.OutOfMemoryError".equals(className) && "<init>".equals(method);
        }
    }

    /**
     * A thread as its ROOT THREAD OBJECT and STACK TRACE give it, with what its object's fields
     * say once read ({@code name} null until then).
     *
     * @param serial   the dump's thread serial number
     * @param address  the {@code java.lang.Thread} object
     * @param virtual  a virtual thread (JDK 21+)
     * @param daemon   null when the object does not say
     * @param priority 0 when the object does not say
     */
    public record StackThread(long serial, long address, String name, Boolean daemon, int priority, boolean virtual,
                              List<Frame> frames) {
        /** Whether HotSpot wrote this dump because this thread ran out of memory (its top frame is its mark). */
        public boolean threwOutOfMemory() {
            return !frames.isEmpty() && frames.get(0).isOutOfMemoryConstructor();
        }

        /** {@code "name"}, or the object's address when the name is unknown. */
        public String shownName() {
            return name != null ? name : "0x" + Long.toHexString(address);
        }
    }

    /** This with the threads given (the same, in the same order, with what their objects say). */
    public ThreadStacks withThreads(List<StackThread> named) {
        if (named.size() != threads.size()) {
            throw new IllegalArgumentException(named.size() + " threads for " + threads.size());
        }
        return new ThreadStacks(List.copyOf(named), categoryThread, categoryFrame, notes);
    }

    /**
     * How a GC root shows a local: {@code local in com.example.Work.run(Work.java:16), thread "worker-1"}.
     * {@code word} is {@code local} (ROOT JAVA FRAME) or {@code JNI local}; {@code frame} -1 is a local HotSpot
     * knew no Java frame for, and a frame past the stack one the dump did not keep.
     */
    public static String localLabel(String word, StackThread thread, int frame) {
        String who = "thread " + (thread.name() != null ? "\"" + thread.name() + "\"" : thread.shownName());
        if (thread.frames().isEmpty()) {
            return word + " of " + who; // the dump has no stack for it: the frame number names nothing
        }
        if (frame < 0) {
            return word + " of " + who + " (no Java frame)";
        }
        if (frame >= thread.frames().size()) {
            return word + " in frame " + frame + " of " + who + " (the dump kept " + thread.frames().size()
                    + " frames)";
        }
        return word + " in " + thread.frames().get(frame).text() + ", " + who;
    }

    /**
     * The kind of root a category is, for tables by kind (summary, the web's overview): a thread's
     * locals, named by thread and frame ({@link #localLabel}), count as {@code Java frame} or
     * {@code JNI local} again; any other category is its own kind.
     */
    public static String kindOf(String category) {
        if (category.startsWith("local ")) {
            return "Java frame";
        }
        return category.startsWith("JNI local ") ? "JNI local" : category;
    }

    /** The thread whose locals root category {@code category} holds, or -1. */
    public int threadOf(int category) {
        return category < categoryThread.length ? categoryThread[category] : -1;
    }

    /** The frame number of that thread's locals (see {@code categoryFrame}). */
    public int frameOf(int category) {
        return category < categoryFrame.length ? categoryFrame[category] : -1;
    }
}
