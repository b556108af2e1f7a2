package dev.heaplens.analysis.ruby;

import dev.heaplens.format.ruby.RubyGraphSink;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.IntColumn;

import java.util.List;

/**
 * What a Ruby dump says of each object beyond the runtime-neutral graph, by graph object id: the
 * allocation site, the GC generation and the detail (IMEMO kind or DATA struct name); string ids
 * of the heap's tables, -1 when absent. Kept beside the graph, not in it: a JVM dump has none.
 */
final class RubyObjectColumns {
    /** Each column is null when no object has it. */
    private final int[] site;
    private final int[] generation;
    private final int[] detail;

    /** The columns the sinks filled while reading, put in graph order by the builder that built the graph. */
    RubyObjectColumns(HeapGraphBuilder built, List<RubyGraphSink> sinks) {
        site = built.toGraphOrder(sinks.stream().map(RubyGraphSink::siteColumn).toList());
        generation = built.toGraphOrder(sinks.stream().map(RubyGraphSink::generationColumn).toList());
        detail = built.toGraphOrder(sinks.stream().map(RubyGraphSink::detailColumn).toList());
    }

    /** Columns as stored in an index (each may be null). */
    RubyObjectColumns(int[] site, int[] generation, int[] detail) {
        this.site = site;
        this.generation = generation;
        this.detail = detail;
    }

    /** The column {@code name} (site, generation or detail) itself, null when no object has it: for {@link RubyHeapStore}. */
    int[] column(String name) {
        return switch (name) {
            case "site" -> site;
            case "generation" -> generation;
            case "detail" -> detail;
            default -> throw new IllegalArgumentException(name);
        };
    }

    /** Allocation site id ({@code file:line}), -1 when absent. */
    int site(int o) {
        return site == null ? -1 : site[o];
    }

    /** GC generation, -1 when absent. */
    int generation(int o) {
        return generation == null ? -1 : generation[o];
    }

    /** Detail string id, -1 when absent. */
    int detail(int o) {
        return detail == null ? -1 : detail[o];
    }
}
