package dev.heaplens.analysis.suspects.probe;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;

/**
 * A child JVM that keeps {@link #EMPTY_BYTES} zero-length byte arrays, {@link #EMPTY_OBJECTS}
 * zero-length Object arrays and {@link #ONE_INT} one-element int arrays (the near miss), then
 * dumps its live heap to {@code args[0]}.
 */
public final class ZeroLengthArraysProbe {
    public static final int EMPTY_BYTES = 150_000;
    public static final int EMPTY_OBJECTS = 50_000;
    public static final int ONE_INT = 40_000;
    static final Object[] KEPT = new Object[EMPTY_BYTES + EMPTY_OBJECTS + ONE_INT];

    private ZeroLengthArraysProbe() {
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
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
        System.out.println("kept " + k);
    }
}
