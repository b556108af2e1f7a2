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

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < COUNT; i++) {
            HELD.add(new Wide());
            HELD.add(new Narrow());
            HELD.add(new Narrow[i % 7]);
        }
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
    }
}
