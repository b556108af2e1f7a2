package dev.heaplens.format.hprof.probe;

import com.sun.management.HotSpotDiagnosticMXBean;

import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Run in a child JVM with the layout flags under test: holds objects of classes whose sizes differ
 * between layouts, dumps its heap (live objects) and writes its own class histogram beside it.
 * Usage: {@code LayoutProbe DUMP HISTOGRAM}.
 */
public final class LayoutProbe {
    /** 4 + 8 + reference: 28/32/36/24 bytes unaligned across the layouts. */
    public static final class Wide {
        long a = 1;
        Object ref = this;
        int i = 2;
    }

    /** One byte: the header and alignment decide its size. */
    public static final class Narrow {
        byte b = 3;
    }

    public static final int COUNT = 1_000;
    static final List<Object> HELD = new ArrayList<>();

    private LayoutProbe() {
    }

    private static void dump(Path file) throws Exception {
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(file.toString(), true);
    }

    /** This JVM's class histogram of live objects (after a full GC), as {@code jcmd GC.class_histogram} prints it. */
    public static String histogram() throws Exception {
        return (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                new Object[] {new String[0]}, new String[] {String[].class.getName()});
    }

    /** Virtual threads parked in a frame, so the dump has their stacks' chunks (JDK 21+; none before). */
    public static final int VIRTUAL_THREADS = 50;
    private static final java.util.concurrent.CountDownLatch RELEASE = new java.util.concurrent.CountDownLatch(1);

    /**
     * Starts {@link #VIRTUAL_THREADS} virtual threads, each parked holding a local array of its own
     * length (so their stacks' chunks differ), through reflection: this class is built for JDK 17.
     */
    private static void parkVirtualThreads() throws Exception {
        java.lang.reflect.Method ofVirtual;
        try {
            ofVirtual = Thread.class.getMethod("ofVirtual");
        } catch (NoSuchMethodException e) {
            return; // before JDK 21
        }
        java.lang.reflect.Method start = Class.forName("java.lang.Thread$Builder").getMethod("start", Runnable.class);
        java.util.concurrent.CountDownLatch parked = new java.util.concurrent.CountDownLatch(VIRTUAL_THREADS);
        for (int i = 0; i < VIRTUAL_THREADS; i++) {
            int depth = i % 5;
            Runnable task = () -> parkAt(depth, parked);
            HELD.add(start.invoke(ofVirtual.invoke(null), task));
        }
        parked.await();
        Thread.sleep(200); // each from counting down to parked
    }

    /** Parks {@code depth} frames down, so that the chunks hold stacks of different sizes. */
    private static void parkAt(int depth, java.util.concurrent.CountDownLatch parked) {
        long[] local = new long[depth + 1];
        if (depth > 0) {
            parkAt(depth - 1, parked);
        } else {
            parked.countDown();
            try {
                RELEASE.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        local[0]++;
    }

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < COUNT; i++) {
            HELD.add(new Wide());
            HELD.add(new Narrow());
            HELD.add(new Narrow[i % 7]);
        }
        for (int i = 0; i < 20; i++) { // a call site holds its dependencies' context, or (JDK 24+) the VM puts them in it
            HELD.add(new java.lang.invoke.ConstantCallSite(java.lang.invoke.MethodHandles.constant(int.class, i)));
        }
        parkVirtualThreads();
        // Once before, so that what dumping and taking a histogram load and keep is there at the
        // dump too, and the dump and the histogram count most classes alike.
        Path warmUp = Path.of(args[0] + ".warm-up.hprof");
        dump(warmUp);
        Files.delete(warmUp);
        histogram();
        System.gc();
        dump(Path.of(args[0]));
        String histogram = histogram();
        Files.writeString(Path.of(args[1]), histogram);
        RELEASE.countDown();
    }
}
