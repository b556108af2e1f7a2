package dev.heaplens.analysis.ruby;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.analysis.graph.ShownValue;
import dev.heaplens.format.ruby.ClassTable;
import dev.heaplens.format.ruby.ReadResult;
import dev.heaplens.format.ruby.RubyGraphReader;
import dev.heaplens.format.ruby.RubyObjectColumns;
import dev.heaplens.format.ruby.RubyType;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.format.ruby.SharedStrings;

import java.util.Map;

/**
 * What a Ruby dump's objects are called: classes from the class records, IMEMO kinds and DATA
 * struct names, allocation sites and gems. Names only; {@link RubyGraphReader} reads the graph.
 */
public final class RubyHeap implements NamedHeap {
    private final HeapGraph graph;
    private final RubyObjectColumns columns;
    private final ClassTable classes;
    private final SharedStrings details;
    private final SharedStrings sites;
    private final RubyGraphReader.Result read;
    /** Record lines fetched again for short values, by object; filled on demand. */
    private Map<Long, ShownValue> values = Map.of();

    /** Names what {@code read} read (from the dump or an index). */
    public RubyHeap(RubyGraphReader.Result read) {
        this.read = read;
        this.graph = read.graph();
        this.columns = read.columns();
        this.classes = read.classes();
        this.details = read.details();
        this.sites = read.sites();
    }

    /** The graph and tables this heap names, as the reader made them. */
    public RubyGraphReader.Result read() {
        return read;
    }

    @Override
    public HeapGraph graph() {
        return graph;
    }

    /** What the line reader counted; null for a heap read from an index. */
    public ReadResult<?> readResult() {
        return read.lines();
    }

    /** The object's GC generation, -1 when the dump does not say. */
    @Override
    public int generation(long o) {
        return columns.generation(o);
    }

    @Override
    public String allocationMethod(long o) {
        int method = columns.method(o);
        return method < 0 ? null : text(METHODS, read.methods(), method);
    }

    @Override
    public long length(long o) {
        return columns.length(o);
    }

    @Override
    public String imemoKind(long o) {
        if (type(o) != RubyType.IMEMO) {
            return null;
        }
        int detail = columns.detail(o);
        return detail < 0 ? null : text(DETAILS, details, detail);
    }

    public RubyType type(long o) {
        return RubyType.ofOrdinal(graph.kind(o));
    }

    @Override
    public String kind(long o) {
        return type(o).name();
    }

    @Override
    public String group(long o, GroupBy key) {
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
    public String className(long o) {
        RubyType type = type(o);
        if (type == RubyType.IMEMO || type == RubyType.DATA) { // named by their detail too (IMEMO kind, DATA struct)
            int detail = columns.detail(o);
            return classes.objectClassName(type, graph.classAddress(o), detail < 0 ? null : details.text(detail));
        }
        String[] names = namesByClass[type.ordinal()];
        if (names == null) {
            names = new String[graph.classCount()];
            namesByClass[type.ordinal()] = names;
        }
        int number = graph.classNumber(o);
        String name = names[number];
        if (name == null) {
            name = classes.objectClassName(type, graph.classAddress(o), null);
            names[number] = name;
        }
        return name;
    }

    /**
     * Class names by type and class number, for the types whose name the class alone decides: an export
     * or a grouping names every object, and the class table's walk costs a map look-up per step. Racy on
     * purpose: two threads at worst name a class twice, and a String is safe to share.
     */
    private final String[][] namesByClass = new String[RubyType.values().length][];

    /** The name of a class object itself ({@code Foo}, {@code #<Class:Foo>}), or null when not a class. */
    @Override
    public String classObjectName(long o) {
        RubyType type = type(o);
        if (type != RubyType.CLASS && type != RubyType.MODULE) {
            return null; // the class table holds CLASS and MODULE records alone: no boxed look-up for every other object
        }
        return classes.displayName(graph.address(o));
    }

    @Override
    public String location(long o) {
        int site = columns.site(o);
        return site < 0 ? null : text(SITES, sites, site);
    }

    private static final int SITES = 0;
    private static final int METHODS = 1;
    private static final int DETAILS = 2;
    /**
     * The sites', methods' and details' texts by id, copied out of their shared tables (which stop
     * growing when the read ends): an export names every object, and each shared look-up takes a lock.
     * Racy on purpose, as {@link #namesByClass}: a copy seen without its texts falls back to the table.
     */
    private final String[][] texts = new String[3][];

    private String text(int which, SharedStrings table, int id) {
        String[] copy = texts[which];
        if (copy == null || id >= copy.length) {
            copy = new String[table.size()];
            for (int i = 0; i < copy.length; i++) {
                copy[i] = table.text(i);
            }
            texts[which] = copy;
        }
        String text = copy[id];
        return text != null ? text : table.text(id);
    }

    /** Short values (fetched once from the dump) for the objects about to be shown. */
    public void useValues(Map<Long, ShownValue> values) {
        this.values = values;
    }

    /** An object's pointer to its class is labelled {@code class}; others by position. */
    @Override
    public String edgeLabel(long from, int position, long to) {
        return isClassPointer(from, to) ? "class" : "[" + position + "]";
    }

    private boolean isClassPointer(long from, long to) {
        return graph.kind(from) != IMEMO && graph.classAddress(from) == graph.address(to);
    }

    private static final byte IMEMO = (byte) RubyType.IMEMO.ordinal();

    /** One a non-IMEMO object with a class, as {@code RubyGraphSink} adds them (resolved or not). */
    @Override
    public long addedReferences() {
        long added = 0;
        for (long o = 0, n = graph.objectCount(); o < n; o++) {
            if (graph.kind(o) != IMEMO && graph.classAddress(o) != 0) {
                added++;
            }
        }
        return added;
    }

    /** Only the pointer to the class has a name; the others are known by position alone. */
    @Override
    public ReferenceNamer referenceNames(dev.heaplens.graph.Scratch scratch) {
        return (from, position, to) -> isClassPointer(from, to) ? "class" : null; // no "[i]" built per reference
    }

    @Override
    public ShownValue value(long o) {
        ShownValue v = values.get(o);
        return v != null ? v : ShownValue.NONE;
    }
}
