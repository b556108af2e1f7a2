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

    public static final int ITEMS = 2_345;
    static final List<Object> HELD = new ArrayList<>();

    private ExportProbe() {
    }

    public static void main(String[] args) throws Exception {
        Path before = Path.of(args[1]); // made first and held: live in both histograms and the dump
        Path after = Path.of(args[2]);
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
