package dev.heaplens.format.hprof.probe;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Run in a child JVM: loads {@link Payload} again through class loaders of its own, builds a graph
 * held only by a static field of that copy of the class (so only the loader, through the class it
 * defined, keeps it alive), drops every direct reference to the loaders and dumps live objects.
 * Usage: {@code LoaderProbe DUMP [HISTOGRAM]}.
 */
public final class LoaderProbe {
    /** Loaded again by each child loader; its static holds a graph only that class reaches. */
    public static final class Payload {
        public static Object held;
        final long[] data = new long[16];
        final StringBuilder text = new StringBuilder("payload");
    }

    public static final int LOADERS = 3;
    public static final int PAYLOADS = 500;
    /** The only strong link to the loaders: a thread's context class loader would do too. */
    static final Object[] INSTANCES = new Object[LOADERS];

    private LoaderProbe() {
    }

    public static void main(String[] args) throws Exception {
        URL classes = LoaderProbe.class.getProtectionDomain().getCodeSource().getLocation();
        for (int i = 0; i < LOADERS; i++) {
            // A parent of null: the class is defined by this loader, not delegated to the application's.
            ClassLoader loader = new URLClassLoader(new URL[] {classes}, null);
            Class<?> payload = loader.loadClass(Payload.class.getName());
            Object[] graph = new Object[PAYLOADS];
            for (int k = 0; k < PAYLOADS; k++) {
                graph[k] = payload.getDeclaredConstructor().newInstance();
            }
            payload.getField("held").set(null, graph);
            INSTANCES[i] = graph[0]; // an instance of the class: it reaches its class, which reaches its loader
        }
        System.gc();
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(Path.of(args[0]).toString(), true);
        if (args.length > 1) {
            Files.writeString(Path.of(args[1]), LayoutProbe.histogram());
        }
    }
}
