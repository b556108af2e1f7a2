package dev.heaplens.format.gclog.probe;

import javax.management.ObjectName;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A child JVM's workload for the GC log oracle: allocates short- and long-lived arrays (and a few
 * large ones) for the given milliseconds, calls System.gc() once, then lets concurrent cycles
 * finish, stops its own GC logging (jcmd VM.log disable, through the diagnostic MBean) and
 * writes each GarbageCollectorMXBean's name, count and time (ms), one per line, tab-separated.
 * The beans are read before and after logging stops; both reads are written so the test can
 * see that no collection ended in between.
 *
 * <p>Arguments: output file, milliseconds to allocate.
 */
public final class GcProbe {
    private GcProbe() {
    }

    public static void main(String[] args) throws Exception {
        long millis = Long.parseLong(args[1]);
        // Load and run the diagnostic command machinery before the workload: its first use
        // allocates enough to start more collections after the beans are read.
        vmLog("list");
        long end = System.nanoTime() + millis * 1_000_000L;
        List<byte[]> kept = new ArrayList<>();
        long sink = 0;
        boolean calledGc = false;
        for (int i = 0; System.nanoTime() < end; i++) {
            byte[] b = new byte[(i % 64) * 64 + 16];
            sink += b.length;
            if (i % 64 == 0) {
                kept.add(b);
                if (kept.size() > 40_000) {
                    kept.subList(0, 20_000).clear();
                }
            }
            if (i % 400_000 == 0) {
                kept.add(new byte[1_500_000]);
            }
            if (!calledGc && System.nanoTime() > end - millis * 500_000L) {
                System.gc();
                calledGc = true;
            }
        }
        kept = null;
        // Until concurrent cycles have ended: the beans count a cycle's pauses when it ends, while
        // the log shows each pause as it happens. On a loaded machine a cycle can sit between
        // phases for tens of milliseconds (seen: a minor collection begun, not ended, when the
        // log stopped), so the beans must hold still for 200 ms, not one look 25 ms later.
        String first = beans();
        for (int waits = 0, still = 0; waits < 100 && still < 4; waits++) {
            Thread.sleep(50);
            String now = beans();
            still = now.equals(first) ? still + 1 : 0;
            first = now;
        }
        vmLog("disable");
        String second = beans();
        Files.writeString(Path.of(args[0]), first + "--\n" + second);
        System.out.println(sink);
    }

    private static void vmLog(String what) throws Exception {
        ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                "vmLog", new Object[] {new String[] {what}}, new String[] {String[].class.getName()});
    }

    private static String beans() {
        StringBuilder sb = new StringBuilder();
        for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) {
            sb.append(g.getName()).append('\t').append(g.getCollectionCount()).append('\t')
                    .append(g.getCollectionTime()).append('\n');
        }
        return sb.toString();
    }
}
