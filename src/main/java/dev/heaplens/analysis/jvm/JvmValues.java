package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.graph.ValueSink;
import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.format.hprof.HprofRecords;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.graph.AddressSort;
import dev.heaplens.graph.HeapGraph;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * A JVM heap's values for {@code export --values}, the graph keeping none: every instance's
 * primitive fields and every {@code java.lang.String}'s contents, in two passes over the records in
 * file order (the instances, then the arrays that hold the Strings' characters, read whole).
 */
final class JvmValues {
    private final HeapGraph graph;
    private final HprofClasses classes;
    private final HprofSource source;

    JvmValues(HeapGraph graph, HprofClasses classes, HprofSource source) {
        this.graph = graph;
        this.classes = classes;
        this.source = source;
    }

    void write(ValueSink sink) {
        int n = graph.objectCount();
        long[] offsets = new long[n];
        for (int o = 0; o < n; o++) {
            boolean instance = HprofObjectKind.of(graph.kind(o)) == HprofObjectKind.INSTANCE;
            offsets[o] = instance ? graph.position(o) : -1;
        }
        int[] objectAt = AddressSort.sort(offsets); // file order; objects without an instance record (-1) first
        int first = 0;
        while (first < n && offsets[first] < 0) {
            first++;
        }
        int skipped = first;
        long[] arrayOf = new long[n]; // by object: its String's value array position, else -1
        byte[] coderOf = new byte[n];
        Arrays.fill(arrayOf, -1);
        HprofRecords.forEach(source, classes.idSize(), Arrays.copyOfRange(offsets, first, n), 0, (i, record) -> {
            if (record instanceof HprofRecords.Instance instance) {
                int o = objectAt[skipped + i];
                fields(o, instance, sink, arrayOf, coderOf);
            }
        });
        strings(arrayOf, coderOf, sink);
    }

    /** Hands on the instance's primitive fields, and notes a String's value array and coder. */
    private void fields(int o, HprofRecords.Instance instance, ValueSink sink, long[] arrayOf, byte[] coderOf) {
        boolean string = "java.lang.String".equals(classes.name(instance.classId()));
        long address = graph.address(o);
        ByteBuffer b = ByteBuffer.wrap(instance.fields());
        List<HprofClasses.Field> fields = classes.instanceFields(instance.classId());
        for (HprofClasses.Field f : fields) {
            if (f.type() != BasicType.OBJECT) {
                sink.field(address, f.name(), f.type().name().toLowerCase(java.util.Locale.ROOT),
                        primitive(f.type(), instance.fields(), f.offset()));
                if (string && f.name().equals("coder") && f.type() == BasicType.BYTE) {
                    coderOf[o] = b.get(f.offset());
                }
            } else if (string && f.name().equals("value")) {
                long id = classes.idSize() == 8 ? b.getLong(f.offset()) : b.getInt(f.offset()) & 0xFFFF_FFFFL;
                int array = id == 0 ? -1 : graph.objectOf(id);
                arrayOf[o] = array < 0 ? -1 : graph.position(array);
            }
        }
    }

    /** Reads the Strings' value arrays whole, in file order, and decodes each String (several may share one array). */
    private void strings(long[] arrayOf, byte[] coderOf, ValueSink sink) {
        int n = arrayOf.length;
        long[] positions = arrayOf; // sorted in place: the caller is done with it
        int[] stringAt = AddressSort.sort(positions);
        int first = 0;
        while (first < n && positions[first] < 0) {
            first++;
        }
        long[] distinct = distinctSorted(positions, first);
        int[] next = {first};
        HprofRecords.forEach(source, classes.idSize(), distinct, Integer.MAX_VALUE, (i, record) -> {
            for (; next[0] < n && positions[next[0]] == distinct[i]; next[0]++) {
                int o = stringAt[next[0]];
                if (record instanceof HprofRecords.PrimitiveArray array) {
                    sink.string(graph.address(o), StringText.decode(array.type(), coderOf[o], array.data()));
                }
            }
        });
    }

    /** The distinct values of sorted {@code a} from {@code from} on (no boxing: millions of Strings). */
    private static long[] distinctSorted(long[] a, int from) {
        int count = 0;
        for (int i = from; i < a.length; i++) {
            if (i == from || a[i] != a[i - 1]) {
                count++;
            }
        }
        long[] out = new long[count];
        for (int i = from, k = 0; i < a.length; i++) {
            if (i == from || a[i] != a[i - 1]) {
                out[k++] = a[i];
            }
        }
        return out;
    }

    /** As {@code object} shows it, but a char as the character alone (no quotes): a value, not a display. */
    private static String primitive(BasicType type, byte[] fields, int at) {
        return type == BasicType.CHAR ? Character.toString(ByteBuffer.wrap(fields).getChar(at))
                : JvmRecordView.primitive(type, fields, at);
    }
}
