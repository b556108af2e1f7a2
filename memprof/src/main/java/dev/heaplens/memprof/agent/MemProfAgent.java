package dev.heaplens.memprof.agent;

import dev.heaplens.format.memprof.AllocationLog;
import dev.heaplens.memprof.hooks.AllocationRecorder;
import dev.heaplens.memprof.hooks.AllocationTransformer;
import dev.heaplens.memprof.hooks.ApplicationClasses;
import dev.heaplens.memprof.hooks.HookClass;
import dev.heaplens.memprof.sampling.NativeSampler;
import dev.heaplens.memprof.tables.SizeOf;

import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.util.ArrayList;
import java.util.List;

/**
 * The agent's entry: {@code -javaagent:heaplens-memprof.jar} (premain) or attached to a running
 * JVM (agentmain, which also rewrites the application classes already loaded). Starts tracking
 * and does nothing else until asked.
 */
public final class MemProfAgent {
    private static volatile Instrumentation instrumentation;
    private static volatile Tracker tracker;

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
        JdkAccess jdk = new JdkAccess(inst);
        Tracker tracker = new Tracker(config, new SizeOf(inst), jdk);
        boolean sampling = config.sampleBytes() > 0;
        String noNative = sampling ? NativeSampler.start(tracker.objects(), tracker.stacks(), config.stackSkip(),
                config.stackDepth(), config.sampleBytes()) : null;
        tracker.startReaper();
        if (sampling && noNative == null) {
            // the JVM samples: no class is rewritten, no hook is needed
            MemProfAgent.tracker = tracker;
            instrumentation = inst;
        } else {
            if (sampling) {
                System.err.println("heaplens-memprof: sampling by rewriting bytecode (slower): " + noNative);
            }
            jdk.openOnce(); // the hook class is defined in java.lang
            try {
                AllocationRecorder recorder = tracker.recorder();
                HookClass.install(recorder.exactHook(false), recorder.exactHook(true), recorder.sampler(false),
                        recorder.sampler(true));
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
                    // MemProf.logAllocations's text, written here: the API is above the agent, not called by it
                    System.err.append(AllocationLog.format(tracker.liveAllocations()));
                } catch (RuntimeException e) {
                    System.err.println("heaplens-memprof: cannot log allocations at exit: " + e.getMessage());
                }
                return null;
            }), "heaplens-memprof-exit"));
        }
    }

    private static void retransformLoaded(Instrumentation inst) {
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            ClassLoader loader = c.getClassLoader();
            String name = c.getName().replace('.', '/');
            if (loader != null && loader != ClassLoader.getPlatformClassLoader() && inst.isModifiableClass(c)
                    && !c.isArray() && !ApplicationClasses.isJdkClass(name) && !ApplicationClasses.isOwnClass(name)) {
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
