package dev.heaplens.memprof.sampling;

import dev.heaplens.memprof.tables.StackTable;
import dev.heaplens.memprof.tables.TrackedObjects;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Locale;

/**
 * Sampling mode inside the JVM: a small native library (memprof/src/main/c, built into the agent
 * jar where a C compiler was found) asks HotSpot for JVMTI's SampledObjectAlloc events, the
 * mechanism JFR's allocation sampling uses. HotSpot places the sample points on the allocated
 * bytes (a Poisson process of mean MEMPROF_SAMPLE_BYTES) and calls {@link #sampled} on the
 * allocating thread; nothing is rewritten and an allocation that is no sample costs nothing.
 * Where the library is missing or refused, the agent says so in one line and rewrites bytecode.
 * What the samples' stacks need of JVMTI is in {@link JvmtiLookups}, the library's other natives.
 */
public final class NativeSampler {
    /** {@code -Dheaplens.memprof.native=false} forces the bytecode fallback (the tests use it). */
    static final String SWITCH = "heaplens.memprof.native";

    private static volatile TrackedObjects objects;
    private static volatile SampledStacks stacks;
    private static volatile boolean running;
    /** The garbage of {@link #drainCountdown}, kept in a field so that no compiler drops it. */
    private static Object drained;

    private NativeSampler() {
    }

    /**
     * Loads the library and starts sampling, each sample kept in {@code objects} at its stack in
     * {@code stacks}: null when it runs, else why not, in a few words.
     *
     * @param skip STACK_SKIP, depth: STACK_DEPTH, sampleBytes: MEMPROF_SAMPLE_BYTES (more than 0)
     */
    public static synchronized String start(TrackedObjects objects, StackTable stacks, int skip, int depth,
                                            long sampleBytes) {
        String notLoaded = load();
        if (notLoaded != null) {
            return notLoaded;
        }
        SampledStacks.warmUp();
        objects.warmUp();
        SampledStacks s = new SampledStacks(stacks, skip, depth);
        NativeSampler.stacks = s;
        NativeSampler.objects = objects;
        // a mean of 1 byte samples every object (all are bigger), which HotSpot spells 0
        int interval = (int) Math.min(Integer.MAX_VALUE, sampleBytes == 1 ? 0 : sampleBytes);
        String failure;
        try {
            failure = start(interval, s.framesWanted());
        } catch (UnsatisfiedLinkError e) {
            failure = "the native library does not match this agent: " + e.getMessage();
        }
        running = failure == null;
        if (running) {
            drainCountdown();
        }
        return failure;
    }

    /** Loads the library from the agent jar: null when loaded, else why not. */
    private static String load() {
        if ("false".equals(System.getProperty(SWITCH))) {
            return "the native library is turned off (-D" + SWITCH + "=false)";
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        // String.concat, not +: see CapturedStack.printed
        String resource = "native/linux-".concat(arch).concat("/libheaplens-memprof.so");
        if (!os.startsWith("linux")) {
            return "no native library for " + os + "/" + arch + " (Linux only)";
        }
        try (InputStream in = NativeSampler.class.getResourceAsStream(resource)) {
            if (in == null) {
                return "the agent jar has no native library for linux/" + arch + " (built without a C compiler?)";
            }
            File file = newTempFile();
            try {
                try (OutputStream out = new FileOutputStream(file)) {
                    in.transferTo(out);
                }
                System.load(file.getAbsolutePath());
            } finally {
                file.delete(); // a loaded library stays mapped: nothing is left in the temporary directory
            }
        } catch (IOException | UnsatisfiedLinkError | SecurityException e) {
            return "cannot load the native library: " + e.getMessage();
        }
        return null;
    }

    /**
     * HotSpot draws each thread's next sample point with the interval in force at its last
     * sample, so a thread that was running when sampling started (this one: the program's main
     * thread) has its first point drawn with the default mean of 512 KB. Allocating, under the
     * guard, until this thread has had a sample moves it to MEMPROF_SAMPLE_BYTES (about 512 KB of
     * garbage, once). Threads started later draw with the new interval from the start.
     */
    private static void drainCountdown() {
        boolean was = guard(true);
        guardedSamples();
        for (int i = 0; i < 512 && guardedSamples() == 0; i++) {
            drained = new byte[64 * 1024 - 16];
        }
        drained = null;
        guard(was);
    }

    /**
     * A new, empty file in the temporary directory, made with java.io: {@code Files.createTempFile}
     * would start the JDK's SecureRandom and NIO channels, some 25 ms of start-up. {@code
     * createNewFile} fails when the name exists, so the file is ours.
     */
    private static File newTempFile() throws IOException {
        File dir = new File(System.getProperty("java.io.tmpdir"));
        for (int attempt = 0; attempt < 100; attempt++) {
            File file = new File(dir, "heaplens-memprof-".concat(Long.toHexString(System.nanoTime())).concat(".so"));
            if (file.createNewFile()) {
                return file;
            }
        }
        throw new IOException("cannot create a file in " + dir);
    }

    /** Whether the JVM samples (the library runs). */
    public static boolean running() {
        return running;
    }

    /**
     * Sets or clears this thread's guard, under which nothing allocated is a sample (the
     * profiler's own work, and code it calls); returns what it was.
     */
    public static boolean guarded(boolean on) {
        return running && guard(on);
    }

    /**
     * Called by the library on the allocating thread, with the thread's guard set; the sample's
     * stack is had from {@link JvmtiLookups#frames} during the call. Never throws on purpose; whatever it
     * throws is dropped by the library with the sample.
     */
    @SuppressWarnings("unused")
    private static void sampled(Object o, long size) {
        int stack = stacks.stackOfSample(o.getClass());
        if (stack >= 0) {
            objects.keep(o, size, stack);
        }
    }

    /** Starts sampling every {@code interval} bytes on average, stacks {@code frames} deep: null, or why not. */
    private static native String start(int interval, int frames);

    private static native boolean guard(boolean on);

    /** The samples this thread had under its guard since the last call. */
    private static native int guardedSamples();
}
