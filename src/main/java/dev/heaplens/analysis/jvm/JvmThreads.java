package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.ClassDump;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.ThreadStacks;

import java.util.ArrayList;
import java.util.List;

/**
 * Completes the threads a dump lists with what their {@code java.lang.Thread} objects say (name,
 * daemon, priority, virtual or not), and names each thread's local root categories after the
 * thread: {@code local in Work.run(Work.java:16), thread "worker-1"}.
 */
public final class JvmThreads {
    /** A virtual thread's class has this among its superclasses (JDK 21+), or is {@code java.lang.VirtualThread}. */
    private static final List<String> VIRTUAL = List.of("java.lang.VirtualThread", "java.lang.BaseVirtualThread");
    private static final int NORM_PRIORITY = 5;

    private JvmThreads() {
    }

    /** {@code heap} with its threads named (their objects read again from the dump, in three batches). */
    public static JvmHeap named(JvmHeap heap) {
        ThreadStacks stacks = heap.read().threads();
        if (stacks.threads().isEmpty()) {
            return heap;
        }
        HeapGraph g = heap.graph();
        JvmRecordView view = heap.records();
        long[] threadObjects = stacks.threads().stream().mapToLong(t -> g.objectOf(t.address())).toArray();
        view.fetch(present(threadObjects));
        List<Long> next = new ArrayList<>();
        for (long o : threadObjects) {
            if (o >= 0) {
                addObject(g, view.field(o, "name"), next);
                addObject(g, view.field(o, "holder"), next);
            }
        }
        view.fetch(next.stream().mapToLong(Long::longValue).toArray());
        List<ThreadStacks.StackThread> named = new ArrayList<>();
        for (int i = 0; i < threadObjects.length; i++) {
            named.add(details(stacks.threads().get(i), threadObjects[i], g, view, heap.read().classes()));
        }
        ThreadStacks result = stacks.withThreads(named);
        List<String> categories = g.rootCategories();
        for (int c = 0; c < categories.size(); c++) {
            int t = result.threadOf(c);
            if (t >= 0) {
                // The reader's label says which kind of local it is; only the thread's name is new.
                String word = categories.get(c).startsWith("JNI local") ? "JNI local" : "local";
                g.renameRootCategory(c, ThreadStacks.localLabel(word, named.get(t), result.frameOf(c)));
            }
        }
        return new JvmHeap(heap.read().withThreads(result));
    }

    private static ThreadStacks.StackThread details(ThreadStacks.StackThread t, long o, HeapGraph g, JvmRecordView view,
                                                    HprofClasses classes) {
        if (o < 0) {
            return t;
        }
        boolean virtual = isVirtual(classes, g.classAddress(o));
        String name = objectText(g, view, view.field(o, "name"));
        Boolean daemon = null;
        int priority = 0;
        if (virtual) {
            daemon = true; // as Thread.isDaemon() and getPriority() answer for every virtual thread
            priority = NORM_PRIORITY;
        } else {
            Long holder = view.field(o, "holder"); // JDK 19+: Thread.FieldHolder keeps them
            long fields = holder != null && holder != 0 && g.objectOf(holder) >= 0 ? g.objectOf(holder) : o;
            Long d = view.field(fields, "daemon");
            Long p = view.field(fields, "priority");
            daemon = d == null ? null : d != 0;
            priority = p == null ? 0 : p.intValue();
        }
        return new ThreadStacks.StackThread(t.serial(), t.address(), name, daemon, priority, virtual, t.frames());
    }

    private static boolean isVirtual(HprofClasses classes, long classId) {
        for (ClassDump d : classes.hierarchy(classId)) {
            if (VIRTUAL.contains(classes.name(d.classId()))) {
                return true;
            }
        }
        return false;
    }

    private static String objectText(HeapGraph g, JvmRecordView view, Long id) {
        if (id == null || id == 0 || g.objectOf(id) < 0) {
            return null;
        }
        return view.plainText(g.objectOf(id));
    }

    private static void addObject(HeapGraph g, Long id, List<Long> into) {
        if (id != null && id != 0 && g.objectOf(id) >= 0) {
            into.add(g.objectOf(id));
        }
    }

    private static long[] present(long[] objects) {
        return java.util.Arrays.stream(objects).filter(o -> o >= 0).toArray();
    }
}
