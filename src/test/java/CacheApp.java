import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * The README's JVM walk-through program (ReadmeWalkthroughTest runs it in a child JVM): a cache
 * that only grows, dumped three times as {@code a.hprof}, {@code b.hprof}, {@code c.hprof} in
 * the directory given.
 */
public class CacheApp {
    static final Map<String, byte[]> CACHE = new HashMap<>();

    public static void main(String[] args) throws Exception {
        HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        for (String dump : new String[] {"a", "b", "c"}) {
            for (int i = 0; i < 2000; i++) {
                CACHE.put(dump + "-" + i, new byte[100]);
            }
            bean.dumpHeap(args[0] + "/" + dump + ".hprof", true);
        }
    }
}
