package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.analysis.graph.ShownValue;
import dev.heaplens.format.hprof.ClassDump;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.ThreadStacks;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A JVM HPROF dump read into the heap graph, named as Java tools name things: classes by their
 * Java names ({@code java.util.HashMap}, {@code int[]}), kinds instance / object array /
 * primitive array / class, and packages where Ruby has gems.
 */
public final class JvmHeap implements NamedHeap {
    private static final Set<String> PRIMITIVES = Set.of("boolean", "byte", "char", "short", "int", "long", "float",
            "double");

    private final HprofGraphReader.Result read;
    private final HeapGraph graph;
    private final HprofClasses classes;
    private final JvmRecordView records;

    public JvmHeap(HprofGraphReader.Result read) {
        this.read = read;
        this.graph = read.graph();
        this.classes = read.classes();
        this.records = new JvmRecordView(graph, classes, read.source());
    }

    /** Reads the records of objects about to be shown (one pass over the dump for all of them). */
    public void fetch(long... objects) {
        records.fetch(objects);
    }

    /** Every instance's primitive fields and every String's contents, for {@code export --values}: two passes over the dump. */
    public void values(dev.heaplens.analysis.graph.ValueSink sink, dev.heaplens.graph.Scratch scratch) {
        new JvmValues(graph, classes, read.source(), scratch).write(sink);
    }

    /** An object array's or primitive array's length (its elements); -1 for instances and classes. */
    @Override
    public long length(long o) {
        return read.lengths().length(o);
    }

    /** The records read again, for the JVM's own analyses. */
    JvmRecordView records() {
        return records;
    }

    /** The object's fields and values as in the dump ({@code name=value ...}), or null. */
    public String recordText(long o) {
        return records.recordText(o);
    }

    @Override
    public HeapGraph graph() {
        return graph;
    }

    /** The header, layout and class table the graph was read with. */
    public HprofGraphReader.Result read() {
        return read;
    }

    @Override
    public ThreadStacks threads() {
        return read.threads();
    }

    /** The layout and field layout sizes were computed with, and how each was chosen (as summary says). */
    @Override
    public List<String[]> facts() {
        HprofLayout l = read.layout();
        return List.of(
                new String[] {"HPROF", read.header().version() + ", " + read.header().idSize() + "-byte ids"},
                new String[] {"layout", l.describe(read.header().idSize()) + ": object header " + l.headerBytes()
                        + " B, array header " + l.arrayHeaderBytes() + " B, references " + l.referenceBytes()
                        + " B, alignment " + l.alignment() + " (" + read.layoutNote() + ")"},
                new String[] {"field layout", read.classes().assumedJvm()});
    }

    private HprofObjectKind objectKind(long o) {
        return HprofObjectKind.of(graph.kind(o));
    }

    @Override
    public String kind(long o) {
        return kindName(objectKind(o));
    }

    /** instance, object array, primitive array or class. */
    static String kindName(HprofObjectKind kind) {
        return kind.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    @Override
    public String group(long o, GroupBy key) {
        return switch (key) {
            case CLASS -> className(o);
            case KIND -> kind(o);
            case LOCATION -> "(no allocation info)";
            case PACKAGE -> packageOf(classes, graph.classAddress(o));
            default -> throw new IllegalArgumentException("a JVM heap graph is not grouped by " + key);
        };
    }

    @Override
    public String loader(long o) {
        ClassDump dump = classes.dump(objectKind(o) == HprofObjectKind.CLASS ? graph.address(o) : graph.classAddress(o));
        if (dump == null) {
            return null;
        }
        long loader = dump.loaderId();
        if (loader == 0) {
            return "<bootstrap>";
        }
        long instance = graph.objectOf(loader);
        String address = "0x" + Long.toHexString(loader);
        return instance < 0 ? "<loader " + address + ">" : className(instance) + " @ " + address;
    }

    @Override
    public String className(long o) {
        return className(classes, graph.classAddress(o));
    }

    /** The class's Java name, or {@code <unknown class 0x...>} when the dump does not name it. */
    static String className(HprofClasses classes, long classId) {
        String name = classes.name(classId);
        return name != null ? name : "<unknown class 0x" + Long.toHexString(classId) + ">";
    }

    /**
     * The package of a class: arrays count under their element's package, and arrays of
     * primitives, which have none, under {@code (primitive arrays)}.
     */
    static String packageOf(HprofClasses classes, long classId) {
        String name = classes.name(classId);
        if (name == null) {
            return "(unknown class)";
        }
        String element = name.replace("[]", "");
        if (PRIMITIVES.contains(element)) {
            return "(primitive arrays)";
        }
        int dot = element.lastIndexOf('.');
        return dot < 0 ? "(default package)" : element.substring(0, dot);
    }

    @Override
    public String classObjectName(long o) {
        return objectKind(o) == HprofObjectKind.CLASS ? classes.name(graph.address(o)) : null;
    }

    /** The field, element or static that holds the reference; {@code (weak)} for a Reference's referent. */
    @Override
    public String edgeLabel(long from, int position, long to) {
        String label = records.edgeLabel(from, position, to);
        return label != null ? label : "[" + position + "]";
    }

    /** Field, static and {@code [index]} names of every reference, the dump's records read once more. */
    @Override
    public ReferenceNamer referenceNames(dev.heaplens.graph.Scratch scratch) {
        return new JvmReferenceNames(graph, records, classes, read.source(), scratch);
    }

    @Override
    public String location(long o) {
        return null;
    }

    /** A class object shows the class it is; a String or boxed value its value once {@link #fetch fetched}. */
    @Override
    public ShownValue value(long o) {
        String own = classObjectName(o);
        if (own != null) {
            return ShownValue.name(own);
        }
        ShownValue v = records.isFetched(o) ? records.value(o) : null;
        return v != null ? v : ShownValue.NONE;
    }
}
