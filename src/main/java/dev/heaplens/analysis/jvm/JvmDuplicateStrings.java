package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.strings.DuplicateStrings;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofRecords;
import dev.heaplens.format.hprof.HprofSource;

import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.util.LongLongMap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.function.ToIntFunction;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Finds a JVM dump's {@link DuplicateStrings}: two passes over the HPROF file, then the text of the top groups. */
public final class JvmDuplicateStrings {
    private JvmDuplicateStrings() {
    }

    /** Reads the dump (two passes) and fetches the text of the {@code shown} most wasteful groups. */
    public static DuplicateStrings of(HprofSource source, HprofLayout layout, boolean strict, int shown,
                                      List<String> warnings) {
        JvmStringGroups.Result read = JvmStringGroups.read(source, layout, strict);
        warnings.addAll(read.warnings());
        return summarise(source, read.classes(), read.stringClass(), read.strings(), read.groups(), shown,
                JvmStringGroups.Group::coder);
    }

    /**
     * The same from a loaded graph, whose Strings already point to their value arrays: only those
     * arrays' records are read (one pass in file order), not every record twice. The graph keeps no
     * coder, so arrays are grouped by type and bytes alone (a Latin-1 and a UTF-16 String with the
     * same bytes would be one group: their texts differ, their bytes almost never agree); the
     * coder is read from a String's record for the values shown.
     */
    public static DuplicateStrings inGraph(JvmHeap heap, int shown) {
        HeapGraph g = heap.graph();
        Map<Long, Boolean> stringClasses = new HashMap<>(); // class address -> is java.lang.String
        LongLongMap arrayRefs = new LongLongMap();
        List<Integer> arrays = new ArrayList<>();
        long strings = 0;
        long stringClass = 0;
        for (int o = 0, n = g.objectCount(); o < n; o++) {
            if (HprofObjectKind.of(g.kind(o)) != HprofObjectKind.INSTANCE) {
                continue;
            }
            long cls = g.classAddress(o);
            Boolean isString = stringClasses.get(cls);
            if (isString == null) {
                isString = "java.lang.String".equals(heap.className(o));
                stringClasses.put(cls, isString);
            }
            if (!isString) {
                continue;
            }
            strings++;
            stringClass = cls;
            int value = valueArray(g, o);
            if (value >= 0) {
                long refs = arrayRefs.get(g.address(value), 0);
                if (refs == 0) {
                    arrays.add(value);
                }
                arrayRefs.put(g.address(value), ((refs >>> 1) + 1) << 1);
            }
        }
        long[] offsets = arrays.stream().mapToLong(g::position).filter(p -> p >= 0).sorted().toArray();
        HprofClasses classes = heap.read().classes();
        List<JvmStringGroups.Group> groups = JvmStringGroups.groups(heap.read().source(), classes.idSize(), arrayRefs, offsets);
        return summarise(heap.read().source(), classes, stringClass, strings, groups, shown, group -> coderOf(heap, group));
    }

    /** The value array a String points to (its one reference to a primitive array), or -1. */
    private static int valueArray(HeapGraph g, int string) {
        for (long i = g.outStart(string), end = g.outEnd(string); i < end; i++) {
            int t = g.target(i);
            if (HprofObjectKind.of(g.kind(t)) == HprofObjectKind.PRIMITIVE_ARRAY) {
                return t;
            }
        }
        return -1;
    }

    /** The coder of a String holding the group's sample array, read from its record (0, Latin-1, when there is none). */
    private static int coderOf(JvmHeap heap, JvmStringGroups.Group group) {
        HeapGraph g = heap.graph();
        for (int o = 0, n = g.objectCount(); o < n; o++) {
            if (HprofObjectKind.of(g.kind(o)) == HprofObjectKind.INSTANCE) {
                int value = valueArray(g, o);
                if (value >= 0 && g.position(value) == group.sampleOffset() && "java.lang.String".equals(heap.className(o))) {
                    Long coder = heap.records().field(o, "coder");
                    return coder == null ? 0 : (int) (coder & 1);
                }
            }
        }
        return 0;
    }

    private static DuplicateStrings summarise(HprofSource source, HprofClasses classes, long stringClass, long strings,
                                              List<JvmStringGroups.Group> all, int shown,
                                              ToIntFunction<JvmStringGroups.Group> coderOf) {
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
            int coder = i < withText ? coderOf.applyAsInt(g) : g.coder();
            long chars = StringText.chars(g.type(), coder, g.arrayLength());
            String value = null;
            if (i < withText && samples.get(g.sampleOffset()) instanceof HprofRecords.PrimitiveArray array) {
                value = StringText.decode(array.type(), coder, array.data());
            }
            boolean complete = value != null && chars <= value.length();
            groups.add(new DuplicateStrings.Group(g.strings(), g.arrays(), wasted(g, stringBytes, used), chars, value,
                    complete));
        }
        return new DuplicateStrings(strings, all.size(), wasted, duplicates, List.copyOf(groups));
    }

    private static long wasted(JvmStringGroups.Group g, long stringBytes, HprofLayout layout) {
        return (g.strings() - 1) * stringBytes + (g.arrays() - 1) * layout.arraySize(g.arrayLength(), g.type().heapSize(layout));
    }
}
