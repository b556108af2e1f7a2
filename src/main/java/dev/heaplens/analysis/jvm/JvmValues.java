package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.graph.ValueSink;
import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.ClassDump;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.format.hprof.HprofRecords;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.graph.AddressSort;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.ObjectArrays;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * A JVM heap's values for {@code export --values}, the graph keeping none: every class's primitive
 * static fields (from the class table), every instance's primitive fields, every primitive array's
 * elements and every {@code java.lang.String}'s contents, in two passes over the records in file
 * order (the instances, then the primitive arrays, read whole: a String's characters are one of them).
 * Their order and each String's array and coder are heap arrays an object ({@link ObjectArrays}: refused
 * in one line past what one holds): an export's, in the heap or not, has no scratch beside it.
 */
final class JvmValues {
    private static final String STEP = "export --values (the records' order, each String's array and coder)";
    private final HeapGraph graph;
    private final HprofClasses classes;
    private final HprofSource source;

    JvmValues(HeapGraph graph, HprofClasses classes, HprofSource source) {
        this.graph = graph;
        this.classes = classes;
        this.source = source;
    }

    void write(ValueSink sink) {
        statics(sink);
        long n = graph.objectCount();
        long[] offsets = ObjectArrays.longs(n, STEP);
        for (long o = 0; o < n; o++) {
            boolean instance = HprofObjectKind.of(graph.kind(o)) == HprofObjectKind.INSTANCE;
            offsets[(int) o] = instance ? graph.position(o) : -1;
        }
        int[] objectAt = AddressSort.sort(offsets); // file order; objects without an instance record (-1) first
        int first = 0;
        while (first < n && offsets[first] < 0) {
            first++;
        }
        int skipped = first;
        long[] arrayOf = ObjectArrays.longs(n, STEP); // by object: its String's value array position, else -1
        byte[] coderOf = ObjectArrays.bytes(n, STEP);
        Arrays.fill(arrayOf, -1);
        HprofRecords.forEach(source, classes.idSize(), Arrays.copyOfRange(offsets, first, (int) n), 0, (i, record) -> {
            if (record instanceof HprofRecords.Instance instance) {
                long o = objectAt[skipped + i];
                fields(o, instance, sink, arrayOf, coderOf);
            }
        });
        arrays(arrayOf, coderOf, sink);
    }

    /** Each class object's primitive static fields, in graph order, as the class table holds them. */
    private void statics(ValueSink sink) {
        for (long o = 0, n = graph.objectCount(); o < n; o++) {
            if (HprofObjectKind.of(graph.kind(o)) != HprofObjectKind.CLASS) {
                continue;
            }
            ClassDump d = classes.dump(graph.address(o));
            if (d == null) {
                continue;
            }
            for (int i = 0; i < d.staticTypes().length; i++) {
                BasicType type = d.staticTypes()[i];
                if (type != BasicType.OBJECT) {
                    long bits = d.staticValues()[i];
                    sink.staticField(graph.address(o), classes.fieldName(d.staticNameIds()[i]), typeName(type),
                            type == BasicType.CHAR ? Character.toString((char) bits) : JvmRecordView.rawPrimitive(type, bits));
                }
            }
        }
    }

    private static String typeName(BasicType type) {
        return type.name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Hands on the instance's primitive fields, and notes a String's value array and coder. */
    private void fields(long o, HprofRecords.Instance instance, ValueSink sink, long[] arrayOf, byte[] coderOf) {
        boolean string = "java.lang.String".equals(classes.name(instance.classId()));
        long address = graph.address(o);
        ByteBuffer b = ByteBuffer.wrap(instance.fields());
        List<HprofClasses.Field> fields = classes.instanceFields(instance.classId());
        for (HprofClasses.Field f : fields) {
            if (f.type() != BasicType.OBJECT) {
                sink.field(address, f.name(), typeName(f.type()),
                        primitive(f.type(), instance.fields(), f.offset()));
                if (string && f.name().equals("coder") && f.type() == BasicType.BYTE) {
                    coderOf[(int) o] = b.get(f.offset());
                }
            } else if (string && f.name().equals("value")) {
                long id = classes.idSize() == 8 ? b.getLong(f.offset()) : b.getInt(f.offset()) & 0xFFFF_FFFFL;
                long array = id == 0 ? -1 : graph.objectOf(id);
                arrayOf[(int) o] = array < 0 ? -1 : graph.position(array);
            }
        }
    }

    /**
     * Reads every primitive array whole, in file order: its elements, and the Strings whose value
     * array it is decoded (several may share one array).
     */
    private void arrays(long[] arrayOf, byte[] coderOf, ValueSink sink) {
        int n = arrayOf.length;
        long[] positions = arrayOf; // sorted in place: the caller is done with it
        int[] stringAt = AddressSort.sort(positions);
        int[] next = {0};
        while (next[0] < n && positions[next[0]] < 0) {
            next[0]++;
        }
        long[] arrayPositions = ObjectArrays.longs(n, STEP);
        for (int o = 0; o < n; o++) {
            boolean primitive = HprofObjectKind.of(graph.kind(o)) == HprofObjectKind.PRIMITIVE_ARRAY;
            arrayPositions[o] = primitive ? graph.position(o) : -1;
        }
        int[] arrayAt = AddressSort.sort(arrayPositions);
        int first = 0;
        while (first < n && arrayPositions[first] < 0) {
            first++;
        }
        int skipped = first;
        HprofRecords.forEach(source, classes.idSize(), Arrays.copyOfRange(arrayPositions, first, n), Integer.MAX_VALUE,
                (i, record) -> {
                    if (!(record instanceof HprofRecords.PrimitiveArray array)) {
                        return;
                    }
                    long at = arrayPositions[skipped + i];
                    sink.array(graph.address(arrayAt[skipped + i]), typeName(array.type()), array.length(),
                            ArrayText.elements(array.type(), array.data()));
                    while (next[0] < n && positions[next[0]] < at) {
                        next[0]++; // a String whose value is no primitive array the dump holds
                    }
                    for (; next[0] < n && positions[next[0]] == at; next[0]++) {
                        int o = stringAt[next[0]];
                        sink.string(graph.address(o), StringText.decode(array.type(), coderOf[o], array.data()));
                    }
                });
    }

    /** As {@code object} shows it, but a char as the character alone (no quotes): a value, not a display. */
    private static String primitive(BasicType type, byte[] fields, int at) {
        return type == BasicType.CHAR ? Character.toString(ByteBuffer.wrap(fields).getChar(at))
                : JvmRecordView.primitive(type, fields, at);
    }
}
