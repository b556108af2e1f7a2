package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofRecords;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.format.hprof.HprofStringValues;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * {@code java.lang.String}s with equal contents, and the bytes that keeping one of each would
 * save: every String past the first costs its own object, and every value array past the first
 * its array (Strings that already share an array, as string deduplication makes them, cost only
 * their object).
 *
 * @param strings      all Strings of the dump
 * @param values       distinct contents
 * @param wastedBytes  what the duplicates cost, over all groups
 * @param groups       groups of two or more equal Strings, most wasteful first (values filled for the first ones)
 */
public record DuplicateStrings(long strings, long values, long wastedBytes, long duplicateStrings, List<Group> groups) {

    /** Equal Strings: how many, over how many arrays, what they waste and (for the top groups) their text. */
    public record Group(long strings, long arrays, long wastedBytes, long chars, String value) {
    }

    /** Reads the dump (two passes) and fetches the text of the {@code shown} most wasteful groups. */
    public static DuplicateStrings of(HprofSource source, HprofLayout layout, boolean strict, int shown,
                                      List<String> warnings) {
        HprofStringValues.Result read = HprofStringValues.read(source, layout, strict);
        warnings.addAll(read.warnings());
        HprofClasses classes = read.classes();
        HprofClasses.Shape stringShape = read.stringClass() == 0 ? null : classes.shape(read.stringClass());
        long stringBytes = stringShape == null ? 0 : stringShape.shallowSize;
        HprofLayout used = classes.layout();
        List<HprofStringValues.Group> duplicated = new ArrayList<>();
        long wasted = 0;
        long duplicates = 0;
        for (HprofStringValues.Group g : read.groups()) {
            if (g.strings() > 1) {
                duplicated.add(g);
                wasted += wasted(g, stringBytes, used);
                duplicates += g.strings();
            }
        }
        duplicated.sort(Comparator.comparingLong((HprofStringValues.Group g) -> wasted(g, stringBytes, used)).reversed()
                .thenComparing(Comparator.comparingLong(HprofStringValues.Group::strings).reversed()));
        int withText = Math.min(shown, duplicated.size());
        long[] offsets = duplicated.subList(0, withText).stream().mapToLong(HprofStringValues.Group::sampleOffset).toArray();
        Map<Long, HprofRecords.Record> samples = HprofRecords.fetch(source, classes.idSize(), offsets, 4 * StringText.SHOWN_CHARS);
        List<Group> groups = new ArrayList<>();
        for (int i = 0; i < duplicated.size(); i++) {
            HprofStringValues.Group g = duplicated.get(i);
            long chars = StringText.chars(g.type(), g.coder(), g.arrayLength());
            String value = null;
            if (i < withText && samples.get(g.sampleOffset()) instanceof HprofRecords.PrimitiveArray array) {
                String text = StringText.decode(array.type(), g.coder(), array.data());
                value = StringText.quoted(text, chars > text.length());
            }
            groups.add(new Group(g.strings(), g.arrays(), wasted(g, stringBytes, used), chars, value));
        }
        return new DuplicateStrings(read.strings(), read.groups().size(), wasted, duplicates, List.copyOf(groups));
    }

    private static long wasted(HprofStringValues.Group g, long stringBytes, HprofLayout layout) {
        return (g.strings() - 1) * stringBytes + (g.arrays() - 1) * layout.arraySize(g.arrayLength(), g.type().heapSize(layout));
    }
}
