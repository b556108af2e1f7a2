package dev.heaplens.analysis.suspects.probe;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;

/**
 * A child JVM that keeps waste MAT's component report finds: {@link #EMPTY_BYTES} zero-length byte
 * arrays, {@link #EMPTY_OBJECTS} zero-length Object arrays, {@link #EMPTY_LISTS} empty ArrayLists
 * and {@link #CLEARED_MAPS} HashMaps emptied after one put (their table stays); and the near
 * misses, {@link #ONE_INT} one-element int arrays and {@link #ONE_ELEMENT_LISTS} lists of one.
 * Then it dumps its live heap to {@code args[0]}.
 */
public final class WasteProbe {
    public static final int EMPTY_BYTES = 150_000;
    public static final int EMPTY_OBJECTS = 50_000;
    public static final int ONE_INT = 40_000;
    public static final int EMPTY_LISTS = 60_000;
    public static final int CLEARED_MAPS = 20_000;
    public static final int ONE_ELEMENT_LISTS = 10_000;
    static final Object[] KEPT = new Object[EMPTY_BYTES + EMPTY_OBJECTS + ONE_INT + EMPTY_LISTS + CLEARED_MAPS
            + ONE_ELEMENT_LISTS];

    private WasteProbe() {
    }

    public static void main(String[] args) throws Exception {
        int k = 0;
        for (int i = 0; i < EMPTY_BYTES; i++) {
            KEPT[k++] = new byte[0];
        }
        for (int i = 0; i < EMPTY_OBJECTS; i++) {
            KEPT[k++] = new Object[0];
        }
        for (int i = 0; i < ONE_INT; i++) {
            KEPT[k++] = new int[1];
        }
        for (int i = 0; i < EMPTY_LISTS; i++) {
            KEPT[k++] = new java.util.ArrayList<String>();
        }
        for (int i = 0; i < CLEARED_MAPS; i++) {
            java.util.Map<Integer, Integer> map = new java.util.HashMap<>();
            map.put(i, i);
            map.clear();
            KEPT[k++] = map;
        }
        for (int i = 0; i < ONE_ELEMENT_LISTS; i++) {
            KEPT[k++] = new java.util.ArrayList<>(java.util.List.of("x"));
        }
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
        System.out.println("kept " + k);
    }
}
