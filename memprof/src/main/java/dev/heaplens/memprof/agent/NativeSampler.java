package dev.heaplens.memprof.agent;

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
 */
final class NativeSampler {
    /** {@code -Dheaplens.memprof.native=false} forces the bytecode fallback (the tests use it). */
    static final String SWITCH = "heaplens.memprof.native";

    private static volatile Tracker tracker;
    private static volatile SampledStacks stacks;
    private static volatile boolean running;
    /** The garbage of {@link #drainCountdown}, kept in a field so that no compiler drops it. */
    private static Object drained;

    private NativeSampler() {
    }

    /** Loads the library and starts sampling: null when it runs, else why not, in a few words. */
    static synchronized String start(Tracker tracker, MemProfConfig config) {
        String notLoaded = load();
        if (notLoaded != null) {
            return notLoaded;
        }
        SampledStacks.warmUp();
        tracker.warmUp();
        SampledStacks s = new SampledStacks(tracker.stacks(), config.stackSkip(), config.stackDepth());
        NativeSampler.stacks = s;
        NativeSampler.tracker = tracker;
        // a mean of 1 byte samples every object (all are bigger), which HotSpot spells 0
        int interval = (int) Math.min(Integer.MAX_VALUE, config.sampleBytes() == 1 ? 0 : config.sampleBytes());
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
    static boolean running() {
        return running;
    }

    /**
     * Sets or clears this thread's guard, under which nothing allocated is a sample (the
     * profiler's own work, and code it calls); returns what it was.
     */
    static boolean guarded(boolean on) {
        return running && guard(on);
    }

    /**
     * Called by the library on the allocating thread, with the thread's guard set; the sample's
     * stack is had from {@link #frames} during the call. Never throws on purpose; whatever it
     * throws is dropped by the library with the sample.
     */
    @SuppressWarnings("unused")
    private static void sampled(Object o, long size) {
        int stack = stacks.stackOfSample(o.getClass());
        if (stack >= 0) {
            tracker.addSampled(o, size, stack);
        }
    }

    /** Starts sampling every {@code interval} bytes on average, stacks {@code frames} deep: null, or why not. */
    private static native String start(int interval, int frames);

    /**
     * Copies the stack of the sample this thread is handing over ({@link #sampled}) into {@code
     * pairs}, as (jmethodID, location) pairs innermost first, as many as fit; returns how many
     * frames it copied (0 outside a sample). The buffer is the caller's, reused: a sample allocates
     * no array for its stack.
     */
    static native int frames(long[] pairs);

    private static native boolean guard(boolean on);

    /** The samples this thread had under its guard since the last call. */
    private static native int guardedSamples();

    static native Class<?> declaringClass(long method);

    static native String methodName(long method);

    /** The line of {@code location} in {@code method}, or -1 when it has no line numbers. */
    static native int lineNumber(long method, long location);

    static native String sourceFile(Class<?> type);

    static native byte[] bytecodes(long method);

    /** The class's constant pool: its entry count (2 bytes), then the entries as in a class file. */
    static native byte[] constantPool(Class<?> type);
}
