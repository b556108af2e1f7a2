package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.strings.DuplicateStrings;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofRecords;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.graph.Scratch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Finds a JVM dump's {@link DuplicateStrings}: from the file (two passes, for {@code heaplens strings})
 * or from a loaded graph (for suspects), grouped alike ({@link StringContentGroups}), then the text of the top groups.
 */
public final class JvmDuplicateStrings {
    private JvmDuplicateStrings() {
    }

    /** Reads the dump (two passes) and fetches the text of the {@code shown} most wasteful groups. */
    public static DuplicateStrings of(HprofSource source, HprofLayout layout, boolean strict, int shown,
                                      List<String> warnings) {
        JvmStringGroups.Result read = JvmStringGroups.read(source, layout, strict);
        warnings.addAll(read.warnings());
        return summarise(source, read.classes(), read.stringClass(), read.strings(), read.duplicated(), read.distinct(), shown);
    }

    /**
     * The same from a loaded graph ({@link GraphStringGroups}: the graph's Strings, their arrays
     * read once, its columns in {@code scratch}), or null, with nothing read, when all the Strings
     * and their arrays together cost less than {@code atLeast} bytes: no grouping could then waste that much.
     */
    static DuplicateStrings inGraph(JvmHeap heap, HeapClasses classes, int shown, long atLeast, Scratch scratch) {
        GraphStringGroups counted = GraphStringGroups.count(heap, classes, scratch);
        if (counted.mostWasted < atLeast) {
            counted.release();
            return null;
        }
        GraphStringGroups.Result read = counted.group();
        return summarise(heap.read().source(), heap.read().classes(), read.stringClass(), read.strings(), read.duplicated(), read.distinct(), shown);
    }

    /** The groups of two or more Strings, most wasteful first, the first {@code shown} with their text. */
    private static DuplicateStrings summarise(HprofSource source, HprofClasses classes, long stringClass, long strings,
                                              List<JvmStringGroups.Group> all, long distinct, int shown) {
        HprofClasses.Shape stringShape = stringClass == 0 ? null : classes.shape(stringClass);
        long stringBytes = stringShape == null ? 0 : stringShape.shallowSize;
        HprofLayout used = classes.layout();
        List<JvmStringGroups.Group> duplicated = new ArrayList<>();
        long wasted = 0;
        long duplicates = 0;
        for (JvmStringGroups.Group g : all) {
            if (g.strings() > 1) {
                duplicated.add(g);
                wasted += wasted(g, stringBytes, used);
                duplicates += g.strings();
            }
        }
        duplicated.sort(Comparator.comparingLong((JvmStringGroups.Group g) -> wasted(g, stringBytes, used)).reversed()
                .thenComparing(Comparator.comparingLong(JvmStringGroups.Group::strings).reversed()));
        int withText = Math.min(shown, duplicated.size());
        long[] offsets = duplicated.subList(0, withText).stream().mapToLong(JvmStringGroups.Group::sampleOffset).toArray();
        Map<Long, HprofRecords.Record> samples = HprofRecords.fetch(source, classes.idSize(), offsets, 4 * StringText.SHOWN_CHARS);
        List<DuplicateStrings.Group> groups = new ArrayList<>();
        for (int i = 0; i < duplicated.size(); i++) {
            JvmStringGroups.Group g = duplicated.get(i);
            long chars = StringText.chars(g.type(), g.coder(), g.arrayLength());
            String value = null;
            if (i < withText && samples.get(g.sampleOffset()) instanceof HprofRecords.PrimitiveArray array) {
                value = StringText.decode(array.type(), g.coder(), array.data());
            }
            boolean complete = value != null && chars <= value.length();
            groups.add(new DuplicateStrings.Group(g.strings(), g.arrays(), wasted(g, stringBytes, used), chars, value,
                    complete));
        }
        return new DuplicateStrings(strings, distinct, wasted, duplicates, List.copyOf(groups));
    }

    private static long wasted(JvmStringGroups.Group g, long stringBytes, HprofLayout layout) {
        return (g.strings() - 1) * stringBytes + (g.arrays() - 1) * layout.arraySize(g.arrayLength(), g.type().heapSize(layout));
    }
}
