package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.graph.ValueSink;
import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.ClassDump;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.format.hprof.HprofRecords;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.graph.ByteCells;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.LongCells;
import dev.heaplens.graph.Scratch;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * A JVM heap's values for {@code export --values}, the graph keeping none: every class's primitive
 * static fields (from the class table), every instance's primitive fields, every primitive array's
 * elements and every {@code java.lang.String}'s contents, in two passes over the records in file
 * order (the instances, then the primitive arrays, read whole: a String's characters are one of them).
 * Their order and each String's array and coder are columns an object, in the heap while it has room,
 * else in the scratch's cells (mapped beside the index): a graph of any size.
 */
final class JvmValues {
    private final HeapGraph graph;
    private final HprofClasses classes;
    private final HprofSource source;
    private final Scratch scratch;

    JvmValues(HeapGraph graph, HprofClasses classes, HprofSource source, Scratch scratch) {
        this.graph = graph;
        this.classes = classes;
        this.source = source;
        this.scratch = scratch;
    }

    void write(ValueSink sink) {
        statics(sink);
        long n = graph.objectCount();
        ObjectsInFileOrder instances = new ObjectsInFileOrder(scratch, n);
        for (long o = 0; o < n; o++) {
            boolean instance = HprofObjectKind.of(graph.kind(o)) == HprofObjectKind.INSTANCE;
            instances.add(instance ? graph.position(o) : -1);
        }
        LongCells arrayOf = scratch.longCellsWhereRoom(n); // by object: its String's value array position, else 0
        ByteCells coderOf = scratch.byteCellsWhereRoom(n);
        instances.sort().forEach(source, classes.idSize(), 0, (o, offset, record) -> {
            if (record instanceof HprofRecords.Instance instance) {
                fields(o, instance, sink, arrayOf, coderOf);
            }
        });
        instances.release();
        arrays(arrayOf, coderOf, sink);
        scratch.release(coderOf);
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
    private void fields(long o, HprofRecords.Instance instance, ValueSink sink, LongCells arrayOf, ByteCells coderOf) {
        boolean string = "java.lang.String".equals(classes.name(instance.classId()));
        long address = graph.address(o);
        ByteBuffer b = ByteBuffer.wrap(instance.fields());
        List<HprofClasses.Field> fields = classes.instanceFields(instance.classId());
        for (HprofClasses.Field f : fields) {
            if (f.type() != BasicType.OBJECT) {
                sink.field(address, f.name(), typeName(f.type()),
                        primitive(f.type(), instance.fields(), f.offset()));
                if (string && f.name().equals("coder") && f.type() == BasicType.BYTE) {
                    coderOf.set(o, b.get(f.offset()));
                }
            } else if (string && f.name().equals("value")) {
                long id = classes.idSize() == 8 ? b.getLong(f.offset()) : b.getInt(f.offset()) & 0xFFFF_FFFFL;
                long array = id == 0 ? -1 : graph.objectOf(id);
                arrayOf.set(o, array < 0 ? 0 : graph.position(array));
            }
        }
    }

    /**
     * Reads every primitive array whole, in file order: its elements, and the Strings whose value
     * array it is decoded (several may share one array: in object order). Gives {@code arrayOf} back.
     */
    private void arrays(LongCells arrayOf, ByteCells coderOf, ValueSink sink) {
        long n = graph.objectCount();
        ObjectsInFileOrder strings = new ObjectsInFileOrder(scratch, n);
        for (long o = 0; o < n; o++) {
            strings.add(arrayOf.get(o)); // none (0) sorts first and is skipped; ties keep object order
        }
        scratch.release(arrayOf);
        strings.sort();
        ObjectsInFileOrder arrays = new ObjectsInFileOrder(scratch, n);
        for (long o = 0; o < n; o++) {
            boolean primitive = HprofObjectKind.of(graph.kind(o)) == HprofObjectKind.PRIMITIVE_ARRAY;
            arrays.add(primitive ? graph.position(o) : -1);
        }
        long[] next = {strings.first()};
        arrays.sort().forEach(source, classes.idSize(), Integer.MAX_VALUE, (o, at, record) -> {
            if (!(record instanceof HprofRecords.PrimitiveArray array)) {
                return;
            }
            sink.array(graph.address(o), typeName(array.type()), array.length(),
                    ArrayText.elements(array.type(), array.data()));
            while (next[0] < n && strings.offset(next[0]) < at) {
                next[0]++; // a String whose value is no primitive array the dump holds
            }
            for (; next[0] < n && strings.offset(next[0]) == at; next[0]++) {
                long s = strings.object(next[0]);
                sink.string(graph.address(s), StringText.decode(array.type(), coderOf.get(s), array.data()));
            }
        });
        arrays.release();
        strings.release();
    }

    /** As {@code object} shows it, but a char as the character alone (no quotes): a value, not a display. */
    private static String primitive(BasicType type, byte[] fields, int at) {
        return type == BasicType.CHAR ? Character.toString(ByteBuffer.wrap(fields).getChar(at))
                : JvmRecordView.primitive(type, fields, at);
    }
}
