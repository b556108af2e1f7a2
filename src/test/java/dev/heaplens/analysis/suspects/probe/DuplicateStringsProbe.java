package dev.heaplens.analysis.suspects.probe;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;

/**
 * A child JVM that keeps {@link #COPIES} Strings of one Latin-1 value and {@link #WIDE_COPIES} of
 * one UTF-16 value, each with its own array (built from bytes, not shared), beside
 * {@link #UNIQUE} distinct ones. Then it dumps its live heap to {@code args[0]}.
 */
public final class DuplicateStringsProbe {
    public static final int COPIES = 50_000;
    public static final int WIDE_COPIES = 5_000;
    public static final int UNIQUE = 20_000;
    public static final String VALUE = "duplicated-value";
    public static final String WIDE_VALUE = "dupé–€-value";
    static final String[] KEPT = new String[COPIES + WIDE_COPIES + UNIQUE];

    private DuplicateStringsProbe() {
    }

    public static void main(String[] args) throws Exception {
        int k = 0;
        byte[] latin = VALUE.getBytes(StandardCharsets.ISO_8859_1);
        byte[] wide = WIDE_VALUE.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < COPIES; i++) {
            KEPT[k++] = new String(latin, StandardCharsets.ISO_8859_1);
        }
        for (int i = 0; i < WIDE_COPIES; i++) {
            KEPT[k++] = new String(wide, StandardCharsets.UTF_8);
        }
        for (int i = 0; i < UNIQUE; i++) {
            KEPT[k++] = "unique-" + i;
        }
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
        System.out.println("kept " + k);
    }
}
