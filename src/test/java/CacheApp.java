import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * The README's JVM walk-through program (ReadmeWalkthroughTest runs it in a child JVM): a cache
 * that only grows, dumped three times as {@code a.hprof}, {@code b.hprof}, {@code c.hprof} in
 * the directory given (2,000 entries a dump, or the count given after it).
 */
public class CacheApp {
    static final Map<String, byte[]> CACHE = new HashMap<>();

    public static void main(String[] args) throws Exception {
        HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        int entries = args.length > 1 ? Integer.parseInt(args[1]) : 2000; // bench/leaks-sample.sh: more
        for (String dump : new String[] {"a", "b", "c"}) {
            for (int i = 0; i < entries; i++) {
                CACHE.put(dump + "-" + i, new byte[100]);
            }
            bean.dumpHeap(args[0] + "/" + dump + ".hprof", true);
        }
    }
}
