package dev.heaplens.memprof.agent;

import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The agent's entry: {@code -javaagent:heaplens-memprof.jar} (premain) or attached to a running
 * JVM (agentmain, which also rewrites the application classes already loaded). Starts tracking
 * and does nothing else until asked.
 */
public final class MemProfAgent {
    private static volatile Instrumentation instrumentation;
    private static volatile Tracker tracker;
    private static volatile boolean jdkOpened;

    private MemProfAgent() {
    }

    /** {@code java -jar heaplens-memprof.jar}: says how the jar is used, exit 2. */
    public static void main(String[] args) {
        System.err.println("heaplens-memprof is a Java agent: java -javaagent:heaplens-memprof.jar -jar app.jar");
        System.err.println("then call dev.heaplens.memprof.MemProf from the program (see heaplens's README).");
        System.exit(2);
    }

    public static void premain(String args, Instrumentation inst) {
        start(inst, false);
    }

    public static void agentmain(String args, Instrumentation inst) {
        start(inst, true);
    }

    /** The running tracker, or null when the agent is not loaded. */
    static Tracker tracker() {
        return tracker;
    }

    /** The JVM's instrumentation, or null when the agent is not loaded. */
    public static Instrumentation instrumentation() {
        return instrumentation;
    }

    private static synchronized void start(Instrumentation inst, boolean late) {
        if (instrumentation != null) {
            return;
        }
        MemProfConfig config = MemProfConfig.fromEnvironment();
        Tracker tracker = new Tracker(config, new SizeOf(inst));
        boolean sampling = config.sampleBytes() > 0;
        String noNative = sampling ? NativeSampler.start(tracker, config) : null;
        tracker.startReaper();
        if (sampling && noNative == null) {
            // the JVM samples: no class is rewritten, no hook is needed
            MemProfAgent.tracker = tracker;
            instrumentation = inst;
        } else {
            if (sampling) {
                System.err.println("heaplens-memprof: sampling by rewriting bytecode (slower): " + noNative);
            }
            openJdkToProfiler(inst); // the hook class is defined in java.lang
            jdkOpened = true;
            try {
                HookClass.install(tracker);
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw new IllegalStateException("heaplens-memprof: cannot define its allocation hook: " + e, e);
            }
            MemProfAgent.tracker = tracker;
            instrumentation = inst;
            inst.addTransformer(new AllocationTransformer(sampling), true);
            if (late) {
                retransformLoaded(inst);
            }
        }
        if (config.printCost()) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> tracker.guarded(() -> {
                System.err.println(tracker.trackingCost());
                return null;
            }), "heaplens-memprof-cost"));
        }
        if (config.printAtExit()) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> tracker.guarded(() -> {
                try {
                    dev.heaplens.memprof.MemProf.logAllocations(System.err);
                } catch (java.io.IOException | RuntimeException e) {
                    System.err.println("heaplens-memprof: cannot log allocations at exit: " + e.getMessage());
                }
                return null;
            }), "heaplens-memprof-exit"));
        }
    }

    /**
     * objectSize walks objects' fields, and the log calls wait on the JDK's reference processing:
     * both need the JDK's packages open to the profiler, which an agent may ask for. Done at the
     * first call of the API (every call passes {@link Tracker#guarded}), not at start: it costs
     * some 20 ms that a program which never logs should not pay.
     */
    static void openJdkToProfiler() {
        Instrumentation inst = instrumentation;
        if (jdkOpened || inst == null) {
            return;
        }
        synchronized (MemProfAgent.class) {
            if (!jdkOpened) {
                openJdkToProfiler(inst);
                jdkOpened = true;
            }
        }
    }

    private static void openJdkToProfiler(Instrumentation inst) {
        Module profiler = MemProfAgent.class.getModule();
        for (Module m : ModuleLayer.boot().modules()) {
            Map<String, Set<Module>> opens = new HashMap<>();
            for (String p : m.getPackages()) {
                opens.put(p, Set.of(profiler));
            }
            if (inst.isModifiableModule(m)) {
                inst.redefineModule(m, Set.of(), Map.of(), opens, Set.of(), Map.of());
            }
        }
    }

    private static void retransformLoaded(Instrumentation inst) {
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            ClassLoader loader = c.getClassLoader();
            String name = c.getName().replace('.', '/');
            if (loader != null && loader != ClassLoader.getPlatformClassLoader() && inst.isModifiableClass(c)
                    && !c.isArray() && !AllocationTransformer.isJdkClass(name) && !AllocationTransformer.isOwnClass(name)) {
                loaded.add(c);
            }
        }
        for (Class<?> c : loaded) {
            try {
                inst.retransformClasses(c);
            } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
                // left as it is, like a class the transformer cannot rewrite
            }
        }
    }
}
