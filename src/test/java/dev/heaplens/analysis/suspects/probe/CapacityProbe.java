package dev.heaplens.analysis.suspects.probe;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Field;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.Map;
import java.util.TreeMap;

/**
 * A child JVM that keeps collections with much unused capacity: {@link #LISTS} {@code new
 * ArrayList<>(1000)} holding 10, {@link #MAPS} {@code new HashMap<>(4096)} holding 3,
 * {@link #SETS} {@code HashSet}s sized for 1,000 holding 2, {@link #DEQUES} {@code ArrayDeque}s of
 * 500 holding 5, {@link #BUILDERS} {@code StringBuilder}s of 2,000 characters holding 20,
 * {@link #TABLES} {@code new Hashtable<>(4096)} holding 3; and the
 * near misses, as many of each at least half full. It works out by reflection (run with
 * {@code --add-opens java.base/java.util=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED})
 * what its own under-half-full collections leave unused, prints it per class as
 * {@code unused CLASS COLLECTIONS BYTES}, then dumps its live heap to {@code args[0]}.
 */
public final class CapacityProbe {
    public static final int LISTS = 2_000;
    public static final int MAPS = 1_000;
    public static final int SETS = 1_000;
    public static final int DEQUES = 1_000;
    public static final int BUILDERS = 1_000;
    public static final int TABLES = 1_000;
    static final java.util.List<Object> KEPT = new ArrayList<>();
    static final java.util.List<Object> NEAR = new ArrayList<>();

    private CapacityProbe() {
    }

    public static void main(String[] args) throws Exception {
        Integer one = 1;
        for (int i = 0; i < LISTS; i++) {
            ArrayList<Object> list = new ArrayList<>(1000);
            ArrayList<Object> full = new ArrayList<>(100);
            for (int e = 0; e < 10; e++) {
                list.add(one);
            }
            for (int e = 0; e < 60; e++) {
                full.add(one); // 60 of 100: more than half
            }
            KEPT.add(list);
            NEAR.add(full);
        }
        for (int i = 0; i < MAPS; i++) {
            HashMap<Integer, Integer> map = new HashMap<>(4096);
            HashMap<Integer, Integer> full = new HashMap<>(64);
            for (int e = 0; e < 3; e++) {
                map.put(e, e);
            }
            for (int e = 0; e < 48; e++) {
                full.put(e, e); // 48 in 64 slots: as full as its load factor lets it
            }
            KEPT.add(map);
            NEAR.add(full);
        }
        for (int i = 0; i < SETS; i++) {
            HashSet<Integer> set = new HashSet<>(1000);
            set.add(1);
            set.add(2);
            KEPT.add(set);
        }
        for (int i = 0; i < DEQUES; i++) {
            ArrayDeque<Integer> deque = new ArrayDeque<>(500);
            ArrayDeque<Integer> full = new ArrayDeque<>(30);
            for (int e = 0; e < 5; e++) {
                deque.add(e);
            }
            for (int e = 0; e < 30; e++) {
                full.add(e);
            }
            deque.poll(); // head past the start
            deque.add(9);
            KEPT.add(deque);
            NEAR.add(full);
        }
        for (int i = 0; i < BUILDERS; i++) {
            StringBuilder b = new StringBuilder(2000);
            b.append("twenty characters..");
            b.append(i % 10);
            StringBuilder full = new StringBuilder(16);
            full.append("ten chars!");
            KEPT.add(b);
            NEAR.add(full);
        }
        for (int i = 0; i < TABLES; i++) {
            KEPT.add(filled(new Hashtable<>(4096), 3));
            NEAR.add(filled(new Hashtable<>(64), 40)); // 40 in 64 slots, under its 0.75 load factor: no rehash
        }
        boolean compressed = "true".equals(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .getVMOption("UseCompressedOops").getValue());
        int reference = compressed ? 4 : 8;
        Map<String, long[]> unused = new TreeMap<>();
        for (Object o : KEPT) {
            tally(o, reference, unused);
        }
        for (Object o : NEAR) {
            tally(o, reference, unused);
        }
        unused.forEach((cls, u) -> System.out.println("unused " + cls + " " + u[0] + " " + u[1]));
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
    }

    /** Adds {@code o} under its class (a HashSet under its map's) when it uses less than half of its capacity. */
    private static void tally(Object o, int reference, Map<String, long[]> unused) throws Exception {
        long capacity;
        long size;
        long slot = reference;
        Object counted = o;
        if (o instanceof HashSet<?> set) {
            counted = field(set, HashSet.class, "map");
        }
        if (counted instanceof ArrayList<?> list) {
            capacity = ((Object[]) field(list, ArrayList.class, "elementData")).length;
            size = list.size();
        } else if (counted instanceof HashMap<?, ?> map) {
            capacity = ((Object[]) field(map, HashMap.class, "table")).length;
            size = map.size();
        } else if (counted instanceof Hashtable<?, ?> table) {
            capacity = ((Object[]) field(table, Hashtable.class, "table")).length;
            size = table.size();
        } else if (counted instanceof ArrayDeque<?> deque) {
            capacity = ((Object[]) field(deque, ArrayDeque.class, "elements")).length - 1;
            size = deque.size();
        } else {
            StringBuilder b = (StringBuilder) counted;
            byte[] value = (byte[]) field(b, b.getClass().getSuperclass(), "value");
            int coder = (byte) field(b, b.getClass().getSuperclass(), "coder");
            capacity = value.length >> coder;
            size = b.length();
            slot = 1L << coder;
        }
        if (2 * size < capacity) {
            long[] u = unused.computeIfAbsent(counted.getClass().getName(), k -> new long[2]);
            u[0]++;
            u[1] += (capacity - size) * slot;
        }
    }

    /** {@code table} holding the keys 0 to {@code entries - 1}. */
    private static Hashtable<Integer, Integer> filled(Hashtable<Integer, Integer> table, int entries) {
        for (int e = 0; e < entries; e++) {
            table.put(e, e);
        }
        return table;
    }

    private static Object field(Object o, Class<?> declaring, String name) throws Exception {
        Field f = declaring.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(o);
    }
}
