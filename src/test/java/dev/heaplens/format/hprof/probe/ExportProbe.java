package dev.heaplens.format.hprof.probe;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Run in a child JVM for the export's oracle test: holds known objects, then writes the class
 * histogram, dumps live objects, and writes the histogram again (a class whose figures differ
 * between the two moved while the dump was taken). Usage: {@code ExportProbe DUMP BEFORE AFTER}.
 */
public final class ExportProbe {
    /** 12 header + long + int = 24. */
    public static final class Item {
        final long id;
        final int weight;

        Item(long id, int weight) {
            this.id = id;
            this.weight = weight;
        }
    }

    /** A chain of two links, for the reference names' oracle: the head's {@code next} is the tail. */
    public static final class Link {
        final Link next;

        Link(Link next) {
            this.next = next;
        }
    }

    public static final int ITEMS = 2_345;
    static final List<Object> HELD = new ArrayList<>();
    /** Held by static fields of this class: the export names them {@code static CHAIN} and so on. */
    static final Link CHAIN = new Link(new Link(null));
    /** Elements at 2 and 5 only: the export names them {@code [2]} and {@code [5]}, at positions 0 and 1. */
    static final Object[] GAPPED = new Object[6];
    static final java.lang.ref.WeakReference<Link> WEAK = new java.lang.ref.WeakReference<>(CHAIN);
    /** Strings --values must give back: Latin-1 (one byte a char) and UTF-16 (a snowman, coder 1). */
    public static final List<String> KNOWN = List.of("heaplens-probe-" + "latin1 caf\u00e9", "heaplens-probe-" + "utf16 \u2603 snow");
    static final List<String> KNOWN_HELD = new ArrayList<>(KNOWN);
    /** Arrays of known lengths and elements, for objects.length and --values' array_values. */
    static final int[] PRIMES = {2, 3, 5, 7, 11, 13};
    static final long[] EMPTY = new long[0];
    public static final int BYTES = 3_000;
    static final byte[] COUNTED = new byte[BYTES];
    static final double[] HALVES = {0.5, -1.5, 2.25};
    static final char[] LETTERS = {'h', '\u00e9', '\u2603'};
    static final boolean[] FLAGS = {true, false, true};
    /** Static primitive fields of known values, for --values' static_values. */
    static int answer = 42;
    static long big = 1L << 40;
    static double ratio = 1.5;
    static boolean on = true;
    static char letter = '\u00e9';

    private ExportProbe() {
    }

    public static void main(String[] args) throws Exception {
        Path before = Path.of(args[1]); // made first and held: live in both histograms and the dump
        Path after = Path.of(args[2]);
        for (int i = 0; i < BYTES; i++) {
            COUNTED[i] = (byte) i;
        }
        GAPPED[2] = CHAIN;
        GAPPED[5] = CHAIN.next;
        HELD.add(before);
        HELD.add(after);
        for (int i = 0; i < ITEMS; i++) {
            HELD.add(new Item(i, i % 7));
            if (i % 10 == 0) {
                HELD.add(new long[i % 50]);
            }
        }
        LayoutProbe.histogram(); // loads what taking one needs
        Files.writeString(before, LayoutProbe.histogram());
        System.gc();
        com.sun.management.HotSpotDiagnosticMXBean bean = java.lang.management.ManagementFactory
                .getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
        bean.dumpHeap(args[0], true);
        Files.writeString(after, LayoutProbe.histogram());
    }
}
