package dev.heaplens.analysis.suspects.probe;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.lang.ref.SoftReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * A child JVM that keeps what MAT's component report warns about beyond waste: {@link #SOFT}
 * arrays of {@link #SOFT_BYTES} bytes held only by soft references; {@link #FINALIZABLE} objects
 * with a {@code finalize()} left unreachable while the finalizer thread is stuck in the first one,
 * so the rest wait in its queue; and {@link Twice} loaded by two class loaders besides the application's. Then it dumps its live
 * heap to {@code args[0]}. Run with {@code -Xmx} large enough that the soft references are kept.
 */
public final class ReferencesProbe {
    public static final int SOFT = 20_000;
    public static final int SOFT_BYTES = 1_000;
    public static final int FINALIZABLE = 2_000;
    static final List<Object> KEPT = new ArrayList<>();
    static final CountDownLatch STUCK = new CountDownLatch(1);

    private ReferencesProbe() {
    }

    /** A class loaded twice. */
    public static final class Twice {
    }

    /** An object that waits to be finalized; the first finalize() never returns. */
    static final class Finalizable {
        private final byte[] payload = new byte[100];

        @Override
        @SuppressWarnings({"deprecation", "removal"})
        protected void finalize() throws InterruptedException {
            STUCK.countDown();
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < SOFT; i++) {
            KEPT.add(new SoftReference<>(new byte[SOFT_BYTES]));
        }
        URL classes = ReferencesProbe.class.getProtectionDomain().getCodeSource().getLocation();
        for (int i = 0; i < 2; i++) {
            URLClassLoader loader = new URLClassLoader(new URL[] {classes}, null);
            KEPT.add(loader);
            KEPT.add(loader.loadClass(Twice.class.getName()));
        }
        for (int i = 0; i < FINALIZABLE; i++) {
            new Finalizable();
        }
        while (STUCK.getCount() > 0) {
            System.gc();
            Thread.sleep(10);
        }
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
        System.out.println("kept " + KEPT.size());
    }
}
