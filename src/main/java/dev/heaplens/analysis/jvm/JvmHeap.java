package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.graph.HeapGraph;

import java.util.Locale;
import java.util.Map;

/**
 * A JVM HPROF dump read into the heap graph, named as Java tools name things: classes by their
 * Java names ({@code java.util.HashMap}, {@code int[]}), kinds instance / object array /
 * primitive array / class, and packages where Ruby has gems.
 */
public final class JvmHeap implements NamedHeap {
    private final HprofGraphReader.Result read;
    private final HeapGraph graph;
    private final HprofClasses classes;
    private Map<Integer, String> values = Map.of();

    public JvmHeap(HprofGraphReader.Result read) {
        this.read = read;
        this.graph = read.graph();
        this.classes = read.classes();
    }

    @Override
    public HeapGraph graph() {
        return graph;
    }

    /** The header, layout and class table the graph was read with. */
    public HprofGraphReader.Result read() {
        return read;
    }

    private HprofObjectKind objectKind(int o) {
        return HprofObjectKind.of(graph.kind(o));
    }

    @Override
    public String kind(int o) {
        return objectKind(o).name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    @Override
    public String group(int o, Grouping key) {
        return switch (key) {
            case CLASS -> className(o);
            case TYPE -> kind(o);
            case LOCATION -> "(no allocation info)";
            case GEM -> packageOf(className(o));
        };
    }

    @Override
    public String className(int o) {
        String name = classes.name(graph.classAddress(o));
        return name != null ? name : "<unknown class 0x" + Long.toHexString(graph.classAddress(o)) + ">";
    }

    /** The package of a class name; arrays count under their element's package. */
    static String packageOf(String className) {
        String element = className.replace("[]", "");
        int dot = element.lastIndexOf('.');
        return dot < 0 ? "(default package)" : element.substring(0, dot);
    }

    @Override
    public String classObjectName(int o) {
        return objectKind(o) == HprofObjectKind.CLASS ? classes.name(graph.address(o)) : null;
    }



    @Override
    public String edgeLabel(int from, int position, int to) {
        return "[" + position + "]";
    }

    @Override
    public String location(int o) {
        return null;
    }

    @Override
    public void useValues(Map<Integer, String> values) {
        this.values = values;
    }

    /** A class object shows the class it is; other values come from {@link #useValues}. */
    @Override
    public String shortValue(int o) {
        String own = classObjectName(o);
        if (own != null) {
            return own;
        }
        String v = values.get(o);
        return v != null ? v : "";
    }
}
