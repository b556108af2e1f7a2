package dev.heaplens.analysis.ruby;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.analysis.graph.ShownValue;
import dev.heaplens.format.ruby.ReadResult;
import dev.heaplens.format.ruby.RubyDumpReader;
import dev.heaplens.format.ruby.RubyGraphSink;
import dev.heaplens.format.ruby.RubyType;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.io.DumpInput;
import dev.heaplens.format.ruby.SharedStrings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A Ruby dump read into a heap graph, with what names its objects: the class records, IMEMO
 * kinds and DATA struct names, and allocation sites.
 */
public final class RubyHeap implements NamedHeap {
    private final HeapGraph graph;
    private final RubyObjectColumns columns;
    private final ClassTable classes;
    private final SharedStrings details;
    private final SharedStrings sites;
    private final ReadResult<?> read;
    /** Record lines fetched again for short values, by object; filled on demand. */
    private Map<Integer, ShownValue> values = Map.of();

    private RubyHeap(HeapGraph graph, RubyObjectColumns columns, ClassTable classes, SharedStrings details, SharedStrings sites, ReadResult<?> read) {
        this.graph = graph;
        this.columns = columns;
        this.classes = classes;
        this.details = details;
        this.sites = sites;
        this.read = read;
    }

    /**
     * Reads {@code input} (one pass, threads as {@code options} say) into a graph. A part of the
     * graph costs nothing up front, so the file is read in eight chunks per thread: the threads
     * then end together however unevenly the lines cost (a single chunk per thread left one
     * thread reading alone for about a tenth of the read on the 1.63 GB dump).
     */
    public static RubyHeap load(DumpInput input, RubyDumpReader.Options options) {
        return load(input, options, true);
    }

    /**
     * As {@link #load}, without the references and GC roots: a graph of the objects alone, for
     * what follows no reference (leaks without retained sizes). The read jumps over the
     * references, and the build has none to resolve.
     */
    public static RubyHeap loadObjects(DumpInput input, RubyDumpReader.Options options) {
        return load(input, options, false);
    }

    private static RubyHeap load(DumpInput input, RubyDumpReader.Options options, boolean references) {
        HeapGraphBuilder builder = new HeapGraphBuilder();
        SharedStrings details = new SharedStrings();
        SharedStrings sites = new SharedStrings();
        List<ClassTable> tables = new ArrayList<>(); // one a reading thread, joined after the read
        RubyDumpReader.Options eightChunks = options.withFields(references ? RubyGraphSink.FIELDS : RubyGraphSink.OBJECT_FIELDS)
                .withChunksPerThread(8);
        ReadResult<RubyGraphSink> read = RubyDumpReader.read(input, eightChunks, () -> {
            ClassTable table = new ClassTable();
            synchronized (tables) {
                tables.add(table);
            }
            return references ? new RubyGraphSink(builder.newPart(), details, sites, table::add)
                    : RubyGraphSink.withoutReferences(builder.newPart(), details, sites, table::add);
        });
        ClassTable classes = new ClassTable();
        tables.forEach(classes::addAll);
        HeapGraph graph = builder.build();

        return new RubyHeap(graph, RubyObjectColumns.ordering(builder, read.sinks()), classes, details, sites, read);
    }

    /** A heap as {@link RubyHeapStore} read it from an index: no read result (its warnings were stored apart). */
    static RubyHeap restored(HeapGraph graph, RubyObjectColumns columns, ClassTable classes, SharedStrings details,
                             SharedStrings sites) {
        return new RubyHeap(graph, columns, classes, details, sites, null);
    }

    RubyObjectColumns columns() {
        return columns;
    }

    ClassTable classes() {
        return classes;
    }

    SharedStrings details() {
        return details;
    }

    SharedStrings sites() {
        return sites;
    }

    @Override
    public HeapGraph graph() {
        return graph;
    }

    /** What the read produced; null for a heap read from an index. */
    public ReadResult<?> readResult() {
        return read;
    }

    /** The object's GC generation, -1 when the dump does not say. */
    @Override
    public int generation(int o) {
        return columns.generation(o);
    }

    @Override
    public String imemoKind(int o) {
        if (type(o) != RubyType.IMEMO) {
            return null;
        }
        int detail = columns.detail(o);
        return detail < 0 ? null : details.text(detail);
    }

    public RubyType type(int o) {
        return RubyType.ofOrdinal(graph.kind(o));
    }

    @Override
    public String kind(int o) {
        return type(o).name();
    }

    @Override
    public String group(int o, GroupBy key) {
        return switch (key) {
            case CLASS -> className(o);
            case TYPE -> kind(o);
            case LOCATION -> {
                String site = location(o);
                yield site != null ? site : "(no allocation info)";
            }
            case GEM -> {
                String site = location(o);
                yield site != null ? GemClassifier.gemOf(site.substring(0, site.lastIndexOf(':'))) : "(no allocation info)";
            }
            default -> throw new IllegalArgumentException("a Ruby heap graph is not grouped by " + key);
        };
    }

    @Override
    public String className(int o) {
        int detail = columns.detail(o);
        return classes.objectClassName(type(o), graph.classAddress(o), detail < 0 ? null : details.text(detail));
    }

    /** The name of a class object itself ({@code Foo}, {@code #<Class:Foo>}), or null when not a class. */
    @Override
    public String classObjectName(int o) {
        return classes.displayName(graph.address(o));
    }

    @Override
    public String location(int o) {
        int site = columns.site(o);
        return site < 0 ? null : sites.text(site);
    }

    /** Short values (fetched once from the dump) for the objects about to be shown. */
    public void useValues(Map<Integer, ShownValue> values) {
        this.values = values;
    }

    /** An object's pointer to its class is labelled {@code class}; others by position. */
    @Override
    public String edgeLabel(int from, int position, int to) {
        boolean classPointer = type(from) != RubyType.IMEMO && graph.classAddress(from) == graph.address(to);
        return classPointer ? "class" : "[" + position + "]";
    }

    @Override
    public ShownValue value(int o) {
        ShownValue v = values.get(o);
        return v != null ? v : ShownValue.NONE;
    }
}
