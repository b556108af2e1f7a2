package dev.heaplens.format.ruby;

import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.IntColumn;
import dev.heaplens.graph.LazyColumn;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * What a Ruby dump says of each object beyond the runtime-neutral graph, by graph object id: the
 * allocation site, the GC generation and the detail (IMEMO kind or DATA struct name); string ids
 * of the heap's tables, -1 when absent. Kept beside the graph, not in it: a JVM dump has none.
 */
public final class RubyObjectColumns {
    /** The names of the columns, as the index stores them (after "ruby."). */
    static final String SITE = "site";
    static final String GENERATION = "generation";
    static final String DETAIL = "detail";
    /** Each column is null when no object has it, or until first used (read from an index, or being ordered). */
    private int[] site;
    private int[] generation;
    private int[] detail;
    /** Loads a column by name ({@code site}, ...): from an index, or as {@link #ordering} orders it. */
    private final Source source;
    private int sparseReads;

    /** Where columns not yet at hand come from (an index, the ordering thread): values one by one at first, then whole columns. */
    interface Source {
        int[] column(String name);

        int at(String name, int o);
    }
    private final boolean hasSite;
    private final boolean hasGeneration;
    private final boolean hasDetail;

    /**
     * The columns the sinks filled while reading, put in graph order by the builder that built the
     * graph on a thread of their own: the caller goes on meanwhile (to the dominator tree, on the
     * other core), and whatever reads a column first waits for them.
     */
    static RubyObjectColumns ordering(HeapGraphBuilder built, List<RubyGraphSink> sinks) {
        List<IntColumn> sites = sinks.stream().map(RubyGraphSink::siteColumn).toList();
        List<IntColumn> generations = sinks.stream().map(RubyGraphSink::generationColumn).toList();
        List<IntColumn> details = sinks.stream().map(RubyGraphSink::detailColumn).toList();
        boolean hasSite = !allEmpty(sites); // before the thread, which empties them when done
        boolean hasGeneration = !allEmpty(generations);
        boolean hasDetail = !allEmpty(details);
        FutureTask<int[][]> ordered = new FutureTask<>(() -> {
            int[][] columns = {built.toGraphOrder(sites), built.toGraphOrder(generations), built.toGraphOrder(details)};
            sinks.forEach(RubyGraphSink::releaseColumns); // 12 bytes an object less for the dominator tree's time
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
                return columns[switch (name) {
                    case SITE -> 0;
                    case GENERATION -> 1;
                    default -> 2;
                }];
            }

            @Override
            public int at(String name, int o) {
                return column(name)[o];
            }
        };
        return new RubyObjectColumns(source, hasSite, hasGeneration, hasDetail);
    }

    private static boolean allEmpty(List<IntColumn> columns) {
        return columns.stream().allMatch(IntColumn::isEmpty);
    }

    /** Columns stored in an index (or being ordered), each loaded by {@code source} when first used. */
    RubyObjectColumns(Source source, boolean hasSite, boolean hasGeneration, boolean hasDetail) {
        this.source = source;
        this.hasSite = hasSite;
        this.hasGeneration = hasGeneration;
        this.hasDetail = hasDetail;
    }

    /** Whether the column {@code name} has values. */
    boolean has(String name) {
        return switch (name) {
            case SITE -> hasSite;
            case GENERATION -> hasGeneration;
            case DETAIL -> hasDetail;
            default -> throw new IllegalArgumentException(name);
        };
    }

    /** The column {@code name} (site, generation or detail) itself, null when no object has it: for {@link RubyStore}. */
    int[] column(String name) {
        return switch (name) {
            case SITE -> sites();
            case GENERATION -> generations();
            case DETAIL -> details();
            default -> throw new IllegalArgumentException(name);
        };
    }

    /** Allocation site id ({@code file:line}), -1 when absent. */
    public int site(int o) {
        if (!hasSite) {
            return -1;
        }
        int[] a = site;
        return a != null ? a[o] : sparse() ? source.at(SITE, o) : sites()[o];
    }

    /** GC generation, -1 when absent. */
    public int generation(int o) {
        if (!hasGeneration) {
            return -1;
        }
        int[] a = generation;
        return a != null ? a[o] : sparse() ? source.at(GENERATION, o) : generations()[o];
    }

    /** Detail string id, -1 when absent. */
    public int detail(int o) {
        if (!hasDetail) {
            return -1;
        }
        int[] a = detail;
        return a != null ? a[o] : sparse() ? source.at(DETAIL, o) : details()[o];
    }

    /** Whether to read one more value alone rather than load its column (a report's rows need a few). */
    private boolean sparse() {
        return sparseReads++ < 4096;
    }

    // The stored columns, loaded on first use through the graph's one loader.
    private int[] sites() {
        return !hasSite ? null : LazyColumn.once(this, () -> site, () -> source.column(SITE), a -> site = a);
    }

    private int[] generations() {
        return !hasGeneration ? null
                : LazyColumn.once(this, () -> generation, () -> source.column(GENERATION), a -> generation = a);
    }

    private int[] details() {
        return !hasDetail ? null : LazyColumn.once(this, () -> detail, () -> source.column(DETAIL), a -> detail = a);
    }
}
