package dev.heaplens.analysis.jvm;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.format.hprof.ClassDump;
import dev.heaplens.format.hprof.HprofCountReader;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.io.DumpInput;
import dev.heaplens.io.ReadAheadInputStream;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Objects and shallow bytes of a JVM dump per class, package, class loader or kind, from the
 * per-class counts of one streaming pass (no heap graph), named as {@link JvmHeap} names them.
 */
public final class JvmHistogram {
    private JvmHistogram() {
    }

    /**
     * Counts the dump in one read, from its file or standard input; a plain file in up to
     * {@code threads} parts at once, unless {@code loaders} are wanted, which needs the class
     * dumps before the instances.
     *
     * @param layout the layout for sizes, or null for the guess from the id size
     */
    public static HprofCountReader.Result count(DumpInput input, boolean loaders, int threads, HprofLayout layout,
                                                boolean strict) {
        try {
            if (input.isSplittable() && !loaders) {
                return HprofCountReader.read(Path.of(input.name()), input.name(), layout, threads, strict);
            }
            // Decompressing (or waiting on a pipe) overlaps with parsing; a plain file gains nothing from it.
            long size = input.isGzip() ? -1 : input.size();
            try (InputStream in = input.isSplittable() ? input.openStream() : new ReadAheadInputStream(input.openStream())) {
                return HprofCountReader.read(input.name(), in, size, layout, loaders, strict);
            }
        } catch (IOException e) {
            throw new HeaplensException(input.name() + ": cannot read: " + e.getMessage());
        }
    }

    /** The histogram of what a pass counted; {@code by} LOADER needs a pass that found the loaders. */
    public static Histogram of(HprofCountReader.Result counts, GroupBy by) {
        Map<String, long[]> sums = new HashMap<>();
        for (HprofCountReader.Tally t : counts.tallies()) {
            long[] s = sums.computeIfAbsent(key(counts, t, by), k -> new long[2]);
            s[0] += t.count();
            s[1] += t.bytes();
        }
        return Histogram.of(by, sums);
    }

    private static String key(HprofCountReader.Result counts, HprofCountReader.Tally t, GroupBy by) {
        return switch (by) {
            case CLASS -> JvmHeap.className(counts.classes(), t.classId());
            case PACKAGE -> JvmHeap.packageOf(counts.classes(), t.classId());
            case LOADER -> loaderOf(counts, t.classId());
            case KIND -> JvmHeap.kindName(t.kind());
            default -> throw new IllegalArgumentException("--by " + by + " is not a JVM key");
        };
    }

    /**
     * The loader that defined the class (for a class object, java.lang.Class): {@code <bootstrap>},
     * or the loader instance's class and address, or only its address when the dump lacks the
     * instance.
     */
    static String loaderOf(HprofCountReader.Result counts, long classId) {
        ClassDump dump = counts.classes().dump(classId);
        if (dump == null) {
            return "<unknown loader>";
        }
        long loader = dump.loaderId();
        if (loader == 0) {
            return "<bootstrap>";
        }
        String address = "0x" + Long.toHexString(loader);
        long loaderClass = counts.loaderClass(loader);
        if (loaderClass == 0) {
            return "<loader " + address + ">";
        }
        return JvmHeap.className(counts.classes(), loaderClass) + "@" + address;
    }
}
