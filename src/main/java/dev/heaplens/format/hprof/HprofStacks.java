package dev.heaplens.format.hprof;

import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.ThreadStacks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The thread records of one part of a dump: LOAD CLASS serials, STACK FRAME and STACK TRACE
 * records, ROOT THREAD OBJECTs. They are few (a frame per method on a stack), so boxed maps do.
 * A graph read gives each thread's locals a root category of their own ({@link #localKey}); once
 * every part is read, {@link #resolve} names those categories by thread and frame.
 */
final class HprofStacks {
    /** Marks a category that {@link #resolve} names: no category a dump names starts with it. */
    private static final char KEY = '\u0000';

    private final Map<Long, Long> classIds = new HashMap<>();
    /** Per frame id: method name id, source file id, class serial, line. */
    private final Map<Long, long[]> frames = new HashMap<>();
    private final Map<Long, long[]> traces = new HashMap<>();
    /** Per thread serial: the thread object and its stack trace serial, in the dump's order. */
    private final Map<Long, long[]> threads = new LinkedHashMap<>();

    void classSerial(long serial, long classId) {
        classIds.put(serial, classId);
    }

    void frame(long frameId, long methodNameId, long sourceFileId, long classSerial, int line) {
        frames.put(frameId, new long[] {methodNameId, sourceFileId, classSerial, line});
    }

    void trace(long serial, long[] frameIds, int count) {
        traces.put(serial, Arrays.copyOf(frameIds, count));
    }

    void thread(long objectId, long threadSerial, long traceSerial) {
        threads.putIfAbsent(threadSerial, new long[] {objectId, traceSerial});
    }

    /** Adds what a later part of the same dump read. */
    void add(HprofStacks later) {
        classIds.putAll(later.classIds);
        frames.putAll(later.frames);
        traces.putAll(later.traces);
        later.threads.forEach(threads::putIfAbsent);
    }

    /** The root category a graph read gives a local of {@code kind}, resolved by {@link #resolve}. */
    static String localKey(RootKind kind, long threadSerial, int frame) {
        return KEY + (kind == RootKind.JNI_LOCAL ? "J" : "L") + threadSerial + ":" + frame;
    }

    /**
     * The threads with their stacks, and {@code graph}'s local categories named by thread and frame
     * ({@code strings} name methods and files, {@code classes} classes).
     */
    ThreadStacks resolve(HeapGraph graph, Map<Long, String> strings, HprofClasses classes) {
        List<ThreadStacks.StackThread> list = new ArrayList<>();
        Map<Long, Integer> bySerial = new HashMap<>();
        int withoutTrace = 0;
        for (Map.Entry<Long, long[]> t : threads.entrySet()) {
            long[] frameIds = traces.get(t.getValue()[1]);
            if (frameIds == null) {
                withoutTrace++;
            }
            List<ThreadStacks.Frame> stack = new ArrayList<>();
            for (long id : frameIds == null ? new long[0] : frameIds) {
                stack.add(frame(id, strings, classes));
            }
            bySerial.put(t.getKey(), list.size());
            list.add(new ThreadStacks.StackThread(t.getKey(), t.getValue()[0], null, null, 0, false, List.copyOf(stack)));
        }
        List<String> notes = new ArrayList<>();
        if (!list.isEmpty() && traces.isEmpty()) {
            notes.add("the dump has no stack traces: threads are listed without frames, and their locals without the"
                    + " frame that holds them");
        } else if (withoutTrace > 0) {
            notes.add(withoutTrace + " threads have no stack trace in the dump: they are listed without frames");
        }
        List<String> categories = graph.rootCategories();
        int[] categoryThread = new int[categories.size()];
        int[] categoryFrame = new int[categories.size()];
        long unlisted = 0;
        for (int c = 0; c < categories.size(); c++) {
            categoryThread[c] = -1;
            categoryFrame[c] = -1;
            String key = categories.get(c);
            if (key.isEmpty() || key.charAt(0) != KEY) {
                continue;
            }
            int colon = key.indexOf(':');
            String word = key.charAt(1) == 'J' ? "JNI local" : "local";
            long serial = Long.parseLong(key.substring(2, colon));
            int frame = Integer.parseInt(key.substring(colon + 1));
            Integer t = bySerial.get(serial);
            if (list.isEmpty()) {
                // A dump that lists no thread at all says nothing of its locals' threads: its own word, as before.
                graph.renameRootCategory(c, (key.charAt(1) == 'J' ? RootKind.JNI_LOCAL : RootKind.JAVA_FRAME).label);
                continue;
            }
            if (t == null) {
                unlisted++;
                graph.renameRootCategory(c, word + " of thread serial " + serial + " (no thread object in the dump)");
                continue;
            }
            ThreadStacks.StackThread thread = list.get(t);
            categoryThread[c] = t;
            categoryFrame[c] = frame;
            graph.renameRootCategory(c, ThreadStacks.localLabel(word, thread, frame));
        }
        if (unlisted > 0) {
            notes.add("locals of " + unlisted + " thread and frame pairs name a thread the dump does not list (a thread"
                    + " the JVM hides): they are shown by thread serial");
        }
        return new ThreadStacks(List.copyOf(list), categoryThread, categoryFrame, List.copyOf(notes));
    }

    private ThreadStacks.Frame frame(long id, Map<Long, String> strings, HprofClasses classes) {
        long[] f = frames.get(id);
        if (f == null) {
            return new ThreadStacks.Frame("<frame 0x" + Long.toHexString(id) + " not in the dump>", "?", null,
                    ThreadStacks.UNKNOWN_LINE);
        }
        Long classId = classIds.get(f[2]);
        String className = classId == null ? null : classes.name(classId);
        String method = strings.get(f[0]);
        return new ThreadStacks.Frame(className != null ? className : "<class serial " + f[2] + ">",
                method != null ? method : "?", strings.get(f[1]), (int) f[3]);
    }
}
