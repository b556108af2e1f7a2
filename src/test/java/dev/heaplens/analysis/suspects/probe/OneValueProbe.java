package dev.heaplens.analysis.suspects.probe;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * A child JVM that keeps primitive arrays of one value: {@link #ZERO_LONGS} {@code new long[1000]}
 * never written and {@link #SEVEN_INTS} {@code int[500]} filled with 7; and the near misses, as
 * many arrays of each with one element different ({@code long[1000]} with a 1 at the end, and
 * {@code int[500]} of 7 with an 8 in the middle). Then it dumps its live heap to {@code args[0]}.
 */
public final class OneValueProbe {
    public static final int ZERO_LONGS = 2_000;
    public static final int SEVEN_INTS = 1_000;
    public static final int LONG_LENGTH = 1_000;
    public static final int INT_LENGTH = 500;
    static final Object[] KEPT = new Object[2 * (ZERO_LONGS + SEVEN_INTS)];

    private OneValueProbe() {
    }

    public static void main(String[] args) throws Exception {
        int k = 0;
        for (int i = 0; i < ZERO_LONGS; i++) {
            KEPT[k++] = new long[LONG_LENGTH];
            long[] near = new long[LONG_LENGTH];
            near[LONG_LENGTH - 1] = 1;
            KEPT[k++] = near;
        }
        for (int i = 0; i < SEVEN_INTS; i++) {
            int[] sevens = new int[INT_LENGTH];
            Arrays.fill(sevens, 7);
            KEPT[k++] = sevens;
            int[] near = sevens.clone();
            near[INT_LENGTH / 2] = 8;
            KEPT[k++] = near;
        }
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
        System.out.println("kept " + k);
    }
}
