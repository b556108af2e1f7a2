package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.graph.ShownValue;
import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.ClassDump;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.format.hprof.HprofRecords;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.graph.HeapGraph;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The field values of the few objects a report shows, read again from the dump (the heap graph
 * keeps none): which field each reference is, {@code java.lang.String} and boxed values, and a
 * record's text.
 */
final class JvmRecordView {
    /** Enough of a char or byte array for the values shown. */
    private static final int VALUE_BYTES = 1024;

    /** An outbound reference as the record has it: what it is called and the id it holds. */
    record Link(String label, long targetId) {
    }

    private final HeapGraph graph;
    private final HprofClasses classes;
    private final HprofSource source;
    private final Map<Long, HprofRecords.Record> records = new HashMap<>();

    JvmRecordView(HeapGraph graph, HprofClasses classes, HprofSource source) {
        this.graph = graph;
        this.classes = classes;
        this.source = source;
    }

    /** Reads the records of {@code objects} and of the arrays holding their String values, in two batches. */
    void fetch(long... objects) {
        fetchRecords(objects);
        List<Long> arrays = new ArrayList<>();
        for (long o : objects) {
            long array = stringArray(o);
            if (array >= 0) {
                arrays.add(array);
            }
        }
        fetchRecords(arrays.stream().mapToLong(Long::longValue).toArray());
    }

    private void fetchRecords(long[] objects) {
        List<Long> missing = new ArrayList<>();
        for (long o : objects) {
            if (!records.containsKey(o) && graph.position(o) >= 0) {
                missing.add(o);
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        long[] offsets = missing.stream().mapToLong(graph::position).toArray();
        Map<Long, HprofRecords.Record> read = HprofRecords.fetch(source, classes.idSize(), offsets, VALUE_BYTES);
        for (long o : missing) {
            HprofRecords.Record r = read.get(graph.position(o));
            if (r != null) {
                records.put(o, r);
            }
        }
    }

    /** The length of array {@code o} as its record gives it, or -1 when {@code o} is not an array or its record cannot be read. */
    long arrayLength(long o) {
        HprofRecords.Record r = record(o);
        return r instanceof HprofRecords.PrimitiveArray a ? a.length()
                : r instanceof HprofRecords.ObjectArray a ? a.elements().length : -1;
    }

    boolean isFetched(long o) {
        return records.containsKey(o);
    }

    private HprofRecords.Record record(long o) {
        if (!records.containsKey(o)) {
            fetch(o);
        }
        return records.get(o);
    }

    /**
     * The references of {@code o} in the order the graph reader added them (nulls left out):
     * fields by name, array elements by index, a class's super, loader and statics.
     */
    List<Link> links(long o) {
        return links(o, record(o));
    }

    /** {@link #links(long)} from a record already read ({@code r} may be null: none). */
    List<Link> links(long o, HprofRecords.Record r) {
        List<Link> links = new ArrayList<>();
        if (r instanceof HprofRecords.Instance instance) {
            for (HprofClasses.Field f : classes.instanceFields(instance.classId())) {
                if (f.type() == BasicType.OBJECT) {
                    addIfSet(links, f.name(), id(instance.fields(), f.offset()));
                }
            }
            addIfSet(links, HprofClasses.JVM_EDGE_CLASS, instance.classId());
            for (long defined : classes.classesDefinedBy(graph.address(o))) {
                addIfSet(links, HprofClasses.JVM_EDGE_DEFINED, defined);
            }
        } else if (r instanceof HprofRecords.ObjectArray array) {
            long[] elements = array.elements();
            for (int i = 0; i < elements.length; i++) {
                addIfSet(links, "[" + i + "]", elements[i]);
            }
            addIfSet(links, HprofClasses.JVM_EDGE_CLASS, array.classId());
        } else if (r instanceof HprofRecords.PrimitiveArray array) {
            addIfSet(links, HprofClasses.JVM_EDGE_CLASS, classes.primitiveArrayClass(array.type()));
        } else if (r instanceof HprofRecords.ClassObject c) {
            ClassDump d = c.dump();
            addIfSet(links, "super", d.superId());
            addIfSet(links, "loader", d.loaderId());
            for (int i = 0; i < d.staticTypes().length; i++) {
                if (d.staticTypes()[i] == BasicType.OBJECT) {
                    addIfSet(links, "static " + classes.fieldName(d.staticNameIds()[i]), d.staticValues()[i]);
                }
            }
            for (int i = 0; i < d.constantTypes().length; i++) {
                if (d.constantTypes()[i] == BasicType.OBJECT) {
                    addIfSet(links, "constant " + i, d.constantValues()[i]);
                }
            }
            addIfSet(links, HprofClasses.JVM_EDGE_ARRAY_CLASS, classes.arrayClassOf(d.classId()));
        }
        return links;
    }

    /** Null references are not in the graph, nor are ids of objects missing from the dump. */
    private void addIfSet(List<Link> links, String label, long id) {
        if (id != 0 && graph.objectOf(id) >= 0) {
            links.add(new Link(label, id));
        }
    }

    /** The name of the {@code position}-th reference of {@code from}, or null when the record does not tell. */
    String edgeLabel(long from, int position, long to) {
        List<Link> links = links(from);
        if (position >= links.size() || links.get(position).targetId() != graph.address(to)) {
            return null;
        }
        String label = links.get(position).label();
        return graph.isWeak(graph.outStart(from) + position) ? label + " (weak)" : label;
    }

    /** A String's text, a boxed primitive's value, or null. */
    ShownValue value(long o) {
        HprofRecords.Record r = record(o);
        if (!(r instanceof HprofRecords.Instance instance)) {
            return null;
        }
        String className = classes.name(instance.classId());
        if ("java.lang.String".equals(className)) {
            return stringText(o);
        }
        if (className != null && BOXES.contains(className)) {
            for (HprofClasses.Field f : classes.instanceFields(instance.classId())) {
                if (f.name().equals("value") && f.type() != BasicType.OBJECT) {
                    return ShownValue.number(primitive(f.type(), instance.fields(), f.offset()));
                }
            }
        }
        return null;
    }

    private static final List<String> BOXES = List.of("java.lang.Integer", "java.lang.Long", "java.lang.Short",
            "java.lang.Byte", "java.lang.Character", "java.lang.Boolean", "java.lang.Float", "java.lang.Double");

    /** The raw value of instance {@code o}'s field {@code field} (an id for a reference), or null when it has none. */
    Long field(long o, String field) {
        return record(o) instanceof HprofRecords.Instance instance ? field(classes, instance.classId(), instance.fields(), field)
                : null;
    }

    /** As {@link #field(long, String)}, of a record of class {@code classId} whose field values are {@code fields}. */
    static Long field(HprofClasses classes, long classId, byte[] fields, String field) {
        for (HprofClasses.Field f : classes.instanceFields(classId)) {
            if (f.name().equals(field)) {
                return switch (f.type()) {
                    case OBJECT -> id(classes, fields, f.offset());
                    case BOOLEAN, BYTE -> (long) fields[f.offset()];
                    case INT -> (long) ByteBuffer.wrap(fields).getInt(f.offset());
                    default -> null;
                };
            }
        }
        return null;
    }

    /** A String's text as far as it was read, unquoted, or null when {@code o} is not a String with its characters. */
    String plainText(long o) {
        record(o);
        long arrayObject = stringArray(o);
        if (arrayObject < 0 || !(record(arrayObject) instanceof HprofRecords.PrimitiveArray array)) {
            return null;
        }
        return StringText.decode(array.type(), coder((HprofRecords.Instance) records.get(o)), array.data());
    }

    private int coder(HprofRecords.Instance instance) {
        for (HprofClasses.Field f : classes.instanceFields(instance.classId())) {
            if (f.name().equals("coder") && f.type() == BasicType.BYTE) {
                return instance.fields()[f.offset()];
            }
        }
        return 0;
    }

    /** The record as {@code field=value} pairs, or an array's first elements. */
    String recordText(long o) {
        HprofRecords.Record r = record(o);
        if (r instanceof HprofRecords.Instance instance) {
            StringBuilder text = new StringBuilder();
            for (HprofClasses.Field f : classes.instanceFields(instance.classId())) {
                text.append(text.length() == 0 ? "" : " ").append(f.name()).append('=');
                if (f.type() == BasicType.OBJECT) {
                    long id = id(instance.fields(), f.offset());
                    text.append(id == 0 ? "null" : "0x" + Long.toHexString(id));
                } else {
                    text.append(primitive(f.type(), instance.fields(), f.offset()));
                }
            }
            return text.toString();
        }
        if (r instanceof HprofRecords.ObjectArray array) {
            StringBuilder text = new StringBuilder("length=" + array.elements().length + " [");
            for (int i = 0; i < Math.min(10, array.elements().length); i++) {
                long id = array.elements()[i];
                text.append(i == 0 ? "" : ", ").append(id == 0 ? "null" : "0x" + Long.toHexString(id));
            }
            return text.append(array.elements().length > 10 ? ", ...]" : "]").toString();
        }
        if (r instanceof HprofRecords.PrimitiveArray array) {
            StringBuilder text = new StringBuilder("length=" + array.length() + " [");
            int size = array.type().fileSize(classes.idSize());
            int shown = (int) Math.min(10, Math.min(array.length(), array.data().length / size));
            for (int i = 0; i < shown; i++) {
                text.append(i == 0 ? "" : ", ").append(primitive(array.type(), array.data(), i * size));
            }
            return text.append(array.length() > shown ? ", ...]" : "]").toString();
        }
        if (r instanceof HprofRecords.ClassObject c) {
            ClassDump d = c.dump();
            StringBuilder text = new StringBuilder("super=0x" + Long.toHexString(d.superId())
                    + " loader=0x" + Long.toHexString(d.loaderId()));
            for (int i = 0; i < d.staticTypes().length; i++) {
                long v = d.staticValues()[i];
                text.append(" static ").append(classes.fieldName(d.staticNameIds()[i])).append('=')
                        .append(d.staticTypes()[i] == BasicType.OBJECT ? (v == 0 ? "null" : "0x" + Long.toHexString(v))
                                : rawPrimitive(d.staticTypes()[i], v));
            }
            return text.toString();
        }
        return null;
    }

    /** The object holding a String's characters, when {@code o} is a String whose value array is in the dump. */
    private long stringArray(long o) {
        if (HprofObjectKind.of(graph.kind(o)) != HprofObjectKind.INSTANCE
                || !"java.lang.String".equals(classes.name(graph.classAddress(o)))) {
            return -1;
        }
        HprofRecords.Record r = records.get(o);
        if (!(r instanceof HprofRecords.Instance instance)) {
            return -1;
        }
        for (HprofClasses.Field f : classes.instanceFields(instance.classId())) {
            if (f.name().equals("value") && f.type() == BasicType.OBJECT) {
                long id = id(instance.fields(), f.offset());
                return id == 0 ? -1 : graph.objectOf(id);
            }
        }
        return -1;
    }

    /** The start of a String's text, decoded from its value array as far as it was read. */
    private ShownValue stringText(long o) {
        long arrayObject = stringArray(o);
        if (arrayObject < 0 || !(record(arrayObject) instanceof HprofRecords.PrimitiveArray array)) {
            return null;
        }
        int coder = coder((HprofRecords.Instance) records.get(o));
        String text = StringText.decode(array.type(), coder, array.data());
        return ShownValue.text(text, StringText.chars(array.type(), coder, array.length()) <= text.length());
    }

    private long id(byte[] b, int at) {
        return id(classes, b, at);
    }

    private static long id(HprofClasses classes, byte[] b, int at) {
        ByteBuffer buf = ByteBuffer.wrap(b);
        return classes.idSize() == 8 ? buf.getLong(at) : buf.getInt(at) & 0xFFFF_FFFFL;
    }

    static String primitive(BasicType type, byte[] b, int at) {
        ByteBuffer buf = ByteBuffer.wrap(b);
        return switch (type) {
            case BOOLEAN -> b[at] != 0 ? "true" : "false";
            case BYTE -> Byte.toString(b[at]);
            case CHAR -> "'" + buf.getChar(at) + "'";
            case SHORT -> Short.toString(buf.getShort(at));
            case INT -> Integer.toString(buf.getInt(at));
            case FLOAT -> Float.toString(buf.getFloat(at));
            case LONG -> Long.toString(buf.getLong(at));
            case DOUBLE -> Double.toString(buf.getDouble(at));
            case OBJECT -> throw new IllegalArgumentException("not a primitive");
        };
    }

    /** A static's value, which the reader keeps as raw bits. */
    static String rawPrimitive(BasicType type, long bits) {
        return switch (type) {
            case BOOLEAN -> bits != 0 ? "true" : "false";
            case BYTE -> Byte.toString((byte) bits);
            case CHAR -> "'" + (char) bits + "'";
            case SHORT -> Short.toString((short) bits);
            case INT -> Integer.toString((int) bits);
            case FLOAT -> Float.toString(Float.intBitsToFloat((int) bits));
            case LONG -> Long.toString(bits);
            case DOUBLE -> Double.toString(Double.longBitsToDouble(bits));
            case OBJECT -> throw new IllegalArgumentException("not a primitive");
        };
    }
}
