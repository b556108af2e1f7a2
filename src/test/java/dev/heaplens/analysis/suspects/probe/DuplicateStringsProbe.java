package dev.heaplens.analysis.suspects.probe;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;

/**
 * A child JVM that keeps duplicate strings of known counts: {@link #COPIES} Strings of one Latin-1
 * value and {@link #WIDE_COPIES} of one UTF-16 value, each with its own array (built from bytes);
 * {@link #SHARED} {@code new String(s)} of one session id, which share its array; and near misses,
 * {@link #NEAR} Strings that each differ from {@link #VALUE} in one character (UTF-16 ones, and
 * Latin-1 ones with another last letter), beside {@link #UNIQUE} distinct ones. Then it dumps its
 * live heap to {@code args[0]}.
 */
public final class DuplicateStringsProbe {
    public static final int COPIES = 50_000;
    public static final int WIDE_COPIES = 5_000;
    public static final int SHARED = 5_000;
    public static final int NEAR = 1_000;
    public static final int UNIQUE = 20_000;
    public static final String VALUE = "duplicated-value";
    public static final String WIDE_VALUE = "dupé–€-value";
    public static final String SESSION_PREFIX = "session-";
    static final Object[] KEPT = new Object[COPIES + WIDE_COPIES + SHARED + 2 * NEAR + UNIQUE + 1];

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
        String session = SESSION_PREFIX + Long.toHexString(System.nanoTime()); // made at run time: its own array
        KEPT[k++] = session;
        for (int i = 0; i < SHARED; i++) {
            KEPT[k++] = new String(session); // a new String, the same array
        }
        for (int i = 0; i < NEAR; i++) {
            char[] chars = VALUE.toCharArray();
            chars[i % chars.length] = (char) (0x100 + i); // UTF-16, one character off, each its own
            KEPT[k++] = new String(chars);
            char[] latinNear = VALUE.toCharArray();
            latinNear[i % latinNear.length] = (char) (0xC0 + i % 64); // Latin-1, one character off
            latinNear[(i / 64 + 1) % latinNear.length] ^= 0x20; // and the case of another: each its own
            KEPT[k++] = new String(latinNear);
        }
        for (int i = 0; i < UNIQUE; i++) {
            KEPT[k++] = "unique-" + i;
        }
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
        System.out.println("kept " + k);
    }
}
