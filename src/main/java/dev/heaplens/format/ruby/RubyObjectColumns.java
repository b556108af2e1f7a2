package dev.heaplens.format.ruby;

import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.IntColumn;
import dev.heaplens.graph.LazyColumn;
import dev.heaplens.graph.NarrowInts;

import java.util.List;

/**
 * What a Ruby dump says of each object beyond the runtime-neutral graph, by graph object id: the
 * allocation site and method, the GC generation, the detail (IMEMO kind or DATA struct name) and
 * the length (an array's {@code length}, a hash's {@code size}, a string's {@code bytesize});
 * string ids of the heap's tables or numbers, -1 when absent. Kept beside the graph, not in it: a
 * JVM dump has none.
 */
public final class RubyObjectColumns {
    /** The names of the columns, as the index stores them (after "ruby."), in {@link #NAMES}' order. */
    static final String SITE = "site";
    static final String GENERATION = "generation";
    static final String DETAIL = "detail";
    static final String METHOD = "method";
    static final String LENGTH = "length";
    static final List<String> NAMES = List.of(SITE, GENERATION, DETAIL, METHOD, LENGTH);

    /** Each column is null when no object has it, or until first used (read from an index). */
    private final NarrowInts[] loaded = new NarrowInts[NAMES.size()];
    private final boolean[] has;
    /** Loads a column by name ({@code site}, ...): from an index (or the read's, ordered already). */
    private final Source source;
    private int sparseReads;

    /** Where columns not yet at hand come from (an index): values one by one at first, then whole columns. */
    interface Source {
        NarrowInts column(String name);

        int at(String name, long o);
    }

    /**
     * The columns the sinks filled while reading, put in graph order and narrowed ({@link NarrowInts})
     * one at a time, each column's parts freed once it is ordered; out of core, where the heap has no
     * room, into the build's scratch. Called while the graph is built, before its references are
     * resolved ({@link HeapGraphBuilder#build(Runnable)}): held at 4 bytes an object, twice while
     * ordered, these columns were beside both the build's and the dominators' peaks.
     */
    static RubyObjectColumns ordered(HeapGraphBuilder built, List<RubyGraphSink> sinks) {
        boolean[] has = new boolean[NAMES.size()];
        NarrowInts[] columns = new NarrowInts[NAMES.size()];
        for (int c = 0; c < columns.length; c++) {
            int column = c;
            has[c] = !sinks.stream().allMatch(s -> s.column(column).isEmpty());
            columns[c] = has[c] ? built.toGraphOrder(sinks.stream().map(s -> s.column(column)).toList()) : null;
            sinks.forEach(s -> s.column(column).clear());
        }
        sinks.forEach(RubyGraphSink::releaseColumns);
        Source none = new Source() { // every column is at hand
            @Override
            public NarrowInts column(String name) {
                throw new IllegalStateException(name);
            }

            @Override
            public int at(String name, long o) {
                throw new IllegalStateException(name);
            }
        };
        RubyObjectColumns ordered = new RubyObjectColumns(none, has);
        System.arraycopy(columns, 0, ordered.loaded, 0, columns.length);
        return ordered;
    }

    /** Columns stored in an index (or ordered by the read), each loaded by {@code source} when first used; {@code has} in {@link #NAMES}' order. */
    RubyObjectColumns(Source source, boolean[] has) {
        this.source = source;
        this.has = has.clone();
    }

    /** Whether the column {@code name} has values. */
    boolean has(String name) {
        return has[index(name)];
    }

    /** The column {@code name} itself, null when no object has it: for {@link RubyStore}. */
    NarrowInts column(String name) {
        return column(index(name));
    }

    private static int index(String name) {
        int c = NAMES.indexOf(name);
        if (c < 0) {
            throw new IllegalArgumentException(name);
        }
        return c;
    }

    /** Allocation site id ({@code file:line}), -1 when absent. */
    public int site(long o) {
        return value(0, o);
    }

    /** GC generation, -1 when absent. */
    public int generation(long o) {
        return value(1, o);
    }

    /** Detail string id, -1 when absent. */
    public int detail(long o) {
        return value(2, o);
    }

    /** Allocation method string id, -1 when absent. */
    public int method(long o) {
        return value(3, o);
    }

    /** Array length, hash size or string bytesize (saturated at 2^31 - 1), -1 when absent. */
    public int length(long o) {
        return value(4, o);
    }

    private int value(int c, long o) {
        if (!has[c]) {
            return -1;
        }
        NarrowInts a = loaded[c];
        return a != null ? a.get(o) : sparse() ? source.at(NAMES.get(c), o) : column(c).get(o);
    }

    /** Whether to read one more value alone rather than load its column (a report's rows need a few). */
    private boolean sparse() {
        return sparseReads++ < 4096;
    }

    /** The stored column {@code c}, loaded on first use through the graph's one loader. */
    private NarrowInts column(int c) {
        return !has[c] ? null
                : LazyColumn.once(this, () -> loaded[c], () -> source.column(NAMES.get(c)), a -> loaded[c] = a);
    }
}
