package dev.heaplens.format.ruby;

import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.IntColumn;
import dev.heaplens.graph.LazyColumn;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

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

    /** Each column is null when no object has it, or until first used (read from an index, or being ordered). */
    private final int[][] loaded = new int[NAMES.size()][];
    private final boolean[] has;
    /** Loads a column by name ({@code site}, ...): from an index, or as {@link #ordering} orders it. */
    private final Source source;
    private int sparseReads;

    /** Where columns not yet at hand come from (an index, the ordering thread): values one by one at first, then whole columns. */
    interface Source {
        int[] column(String name);

        int at(String name, int o);
    }

    /**
     * The columns the sinks filled while reading, put in graph order by the builder that built the
     * graph on a thread of their own: the caller goes on meanwhile (to the dominator tree, on the
     * other core), and whatever reads a column first waits for them.
     */
    static RubyObjectColumns ordering(HeapGraphBuilder built, List<RubyGraphSink> sinks) {
        boolean[] has = new boolean[NAMES.size()];
        for (int c = 0; c < has.length; c++) { // before the thread, which empties them when done
            int column = c;
            has[c] = !sinks.stream().allMatch(s -> s.column(column).isEmpty());
        }
        FutureTask<int[][]> ordered = new FutureTask<>(() -> {
            int[][] columns = new int[NAMES.size()][];
            for (int c = 0; c < columns.length; c++) {
                int column = c;
                columns[c] = has[c] ? built.toGraphOrder(sinks.stream().map(s -> s.column(column)).toList()) : null;
                // each column's parts freed once it is ordered: this runs beside the dominator tree, whose
                // peak it would otherwise add 4 bytes an object to for every column still held twice
                sinks.forEach(s -> s.column(column).clear());
            }
            sinks.forEach(RubyGraphSink::releaseColumns);
            return columns;
        });
        Thread thread = new Thread(ordered, "heaplens-ruby-columns");
        thread.setDaemon(true); // a failed command does not wait for it
        thread.start();
        Source source = new Source() {
            @Override
            public int[] column(String name) {
                int[][] columns;
                try {
                    columns = ordered.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while ordering the Ruby columns", e);
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof Error error) {
                        throw error; // out of memory, say: as if it had happened on this thread
                    }
                    throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
                }
                return columns[NAMES.indexOf(name)];
            }

            @Override
            public int at(String name, int o) {
                return column(name)[o];
            }
        };
        return new RubyObjectColumns(source, has);
    }

    /** Columns stored in an index (or being ordered), each loaded by {@code source} when first used; {@code has} in {@link #NAMES}' order. */
    RubyObjectColumns(Source source, boolean[] has) {
        this.source = source;
        this.has = has.clone();
    }

    /** Whether the column {@code name} has values. */
    boolean has(String name) {
        return has[index(name)];
    }

    /** The column {@code name} itself, null when no object has it: for {@link RubyStore}. */
    int[] column(String name) {
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
    public int site(int o) {
        return value(0, o);
    }

    /** GC generation, -1 when absent. */
    public int generation(int o) {
        return value(1, o);
    }

    /** Detail string id, -1 when absent. */
    public int detail(int o) {
        return value(2, o);
    }

    /** Allocation method string id, -1 when absent. */
    public int method(int o) {
        return value(3, o);
    }

    /** Array length, hash size or string bytesize (saturated at 2^31 - 1), -1 when absent. */
    public int length(int o) {
        return value(4, o);
    }

    private int value(int c, int o) {
        if (!has[c]) {
            return -1;
        }
        int[] a = loaded[c];
        return a != null ? a[o] : sparse() ? source.at(NAMES.get(c), o) : column(c)[o];
    }

    /** Whether to read one more value alone rather than load its column (a report's rows need a few). */
    private boolean sparse() {
        return sparseReads++ < 4096;
    }

    /** The stored column {@code c}, loaded on first use through the graph's one loader. */
    private int[] column(int c) {
        return !has[c] ? null
                : LazyColumn.once(this, () -> loaded[c], () -> source.column(NAMES.get(c)), a -> loaded[c] = a);
    }
}
