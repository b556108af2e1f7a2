package dev.heaplens.analysis.suspects.probe;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;

/**
 * A child JVM that keeps {@code ConcurrentHashMap}s of known size and capacity: {@link #SPARSE}
 * maps with a table of 1,024 holding 10, and near misses, maps with a table of 256 filled by
 * {@link #THREADS} threads at once (each first putting and removing a key of its own thousands of
 * times, so that they collide on the count) to more than half of it, kept only when they collided
 * so that part of their count is in counter cells and {@code baseCount} alone is under half the
 * table (so a check that ignored the cells would count them); and {@link #SPARSE_CELLED} maps with a
 * table of 1,024 given 500 entries so, with three quarters of their count or more in counter cells (a check that
 * ignored the cells would find them emptier than they are). It works out by reflection (run
 * with {@code --add-opens java.base/java.util.concurrent=ALL-UNNAMED}) what its under-half-full
 * maps leave unused, prints {@code unused CLASS MAPS BYTES}, then {@code celled NEAR SPARSE}: the maps
 * with counter cells kept, then dumps its live heap to {@code args[0]}.
 */
public final class ConcurrentMapProbe {
    public static final int SPARSE = 1_000;
    public static final int NEAR = 100;
    public static final int SPARSE_CELLED = 50;
    public static final int THREADS = 4;
    static final List<Object> KEPT = new ArrayList<>();

    private ConcurrentMapProbe() {
    }

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < SPARSE; i++) {
            ConcurrentHashMap<Integer, Integer> map = new ConcurrentHashMap<>(512); // a table of 1,024
            for (int e = 0; e < 10; e++) {
                map.put(e, e);
            }
            KEPT.add(map);
        }
        int celled = 0;
        for (int tries = 0; celled < NEAR && tries < 100 * NEAR; tries++) {
            ConcurrentHashMap<Integer, Integer> map = filledAtOnce(128, 150);
            if (table(map) == 256 && cells(map) != null && 2 * baseCount(map) < 256 && 2 * map.size() >= 256) {
                KEPT.add(map);
                celled++;
            }
        }
        int sparseCelled = 0;
        for (int tries = 0; sparseCelled < SPARSE_CELLED && tries < 100 * SPARSE_CELLED; tries++) {
            ConcurrentHashMap<Integer, Integer> map = filledAtOnce(512, 500);
            if (table(map) == 1024 && cells(map) != null && 4 * baseCount(map) < map.size()) {
                KEPT.add(map);
                sparseCelled++;
            }
        }
        boolean compressed = "true".equals(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .getVMOption("UseCompressedOops").getValue());
        long maps = 0;
        long bytes = 0;
        for (Object o : KEPT) {
            ConcurrentHashMap<?, ?> map = (ConcurrentHashMap<?, ?>) o;
            int capacity = table(map);
            if (2L * map.size() < capacity) {
                maps++;
                bytes += (capacity - map.size()) * (compressed ? 4L : 8L);
            }
        }
        System.out.println("unused java.util.concurrent.ConcurrentHashMap " + maps + " " + bytes);
        System.out.println("celled " + celled + " " + sparseCelled);
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
    }

    /** A map made with {@code initialCapacity} and given {@code entries} (under its 0.75 load factor) by threads at once. */
    private static ConcurrentHashMap<Integer, Integer> filledAtOnce(int initialCapacity, int entries) throws Exception {
        ConcurrentHashMap<Integer, Integer> map = new ConcurrentHashMap<>(initialCapacity);
        map.put(-1, -1); // the table made before the threads start
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int from = t;
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                for (int churn = 0; churn < 20_000; churn++) { // every put and remove updates the count: collisions
                    map.put(-2 - from, churn);
                    map.remove(-2 - from);
                }
                for (int e = from; e < entries - 1; e += THREADS) {
                    map.put(e, e);
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        return map;
    }

    private static int table(ConcurrentHashMap<?, ?> map) throws Exception {
        return ((Object[]) field(map, "table")).length;
    }

    private static Object[] cells(ConcurrentHashMap<?, ?> map) throws Exception {
        return (Object[]) field(map, "counterCells");
    }

    private static long baseCount(ConcurrentHashMap<?, ?> map) throws Exception {
        return (long) field(map, "baseCount");
    }

    private static Object field(Object o, String name) throws Exception {
        Field f = ConcurrentHashMap.class.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(o);
    }
}
