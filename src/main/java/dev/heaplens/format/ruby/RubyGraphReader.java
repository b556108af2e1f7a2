package dev.heaplens.format.ruby;

import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.Phases;
import dev.heaplens.graph.Scratch;
import dev.heaplens.io.DumpInput;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a Ruby dump into a heap graph, with what the dump says beyond it: the class records, the
 * per-object columns (allocation site and method, generation, IMEMO kind or DATA struct name, length) and their
 * string tables. The Ruby side of the one load shape; {@link RubyStore} keeps the result in an index.
 */
public final class RubyGraphReader {
    /**
     * A Ruby dump read into a graph.
     *
     * @param lines what the line reader counted (skipped lines, a cut last line); null when read from an index
     * @param waste what the records told the waste checks, joined over the reading threads; null when read from an
     *              index, without references or without them ({@link Scope#GRAPH})
     */
    public record Result(HeapGraph graph, RubyObjectColumns columns, ClassTable classes, SharedStrings details,
                         SharedStrings sites, SharedStrings methods, ReadResult<?> lines, RubyWasteFacts waste) {
    }

    private RubyGraphReader() {
    }

    /**
     * Reads {@code input} (one pass, threads as {@code options} say) into a graph. A part of the
     * graph costs nothing up front, so the file is read in eight chunks per thread: the threads
     * then end together however unevenly the lines cost (a single chunk per thread left one
     * thread reading alone for about a tenth of the read on the 1.63 GB dump).
     */
    public static Result read(DumpInput input, RubyDumpReader.Options options) {
        return read(input, options, true);
    }

    /**
     * As {@link #read}, without the references and GC roots: a graph of the objects alone, for
     * what follows no reference (leaks without retained sizes). The read jumps over the
     * references, and the build has none to resolve.
     */
    public static Result readObjects(DumpInput input, RubyDumpReader.Options options) {
        return read(input, options, false);
    }

    private static Result read(DumpInput input, RubyDumpReader.Options options, boolean references) {
        return read(input, options, references ? Scope.GRAPH_AND_WASTE_FACTS : Scope.OBJECTS, Phases.NONE, Scratch.heap());
    }

    /** What a read makes. */
    public enum Scope {
        /** The objects alone, as {@link #readObjects}. */
        OBJECTS,
        /** The whole graph, as {@link #read}, without the waste facts: nothing will ask for the findings. */
        GRAPH,
        /** The whole graph and the waste facts ({@link Result#waste}), as {@link #read}. */
        GRAPH_AND_WASTE_FACTS
    }

    /**
     * What {@code scope} says, telling {@code phases} when the graph's references are being resolved;
     * the graph's parts are kept in {@code scratch} while read.
     */
    public static Result read(DumpInput input, RubyDumpReader.Options options, Scope scope, Phases phases,
                              Scratch scratch) {
        boolean references = scope != Scope.OBJECTS;
        HeapGraphBuilder builder = new HeapGraphBuilder(scratch);
        SharedStrings details = new SharedStrings();
        SharedStrings sites = new SharedStrings();
        SharedStrings methods = new SharedStrings();
        List<ClassTable> tables = new ArrayList<>(); // one a reading thread, joined after the read
        RubyWasteFacts.Gathering waste = scope == Scope.GRAPH_AND_WASTE_FACTS ? new RubyWasteFacts.Gathering(scratch) : null;
        RubyDumpReader.Options eightChunks = options.withFields(references ? RubyGraphSink.FIELDS : RubyGraphSink.OBJECT_FIELDS)
                .withChunksPerThread(8);
        ReadResult<RubyGraphSink> read = RubyDumpReader.read(input, eightChunks, () -> {
            ClassTable table = new ClassTable();
            synchronized (tables) {
                tables.add(table);
            }
            return references ? new RubyGraphSink(builder.newPart(), details, sites, methods, table::add, waste)
                    : RubyGraphSink.withoutReferences(builder.newPart(), details, sites, methods, table::add);
        });
        RubyWasteFacts facts = waste == null ? null : waste.joined(); // before the build: its tables go first
        ClassTable classes = new ClassTable();
        tables.forEach(classes::addAll);
        phases.enter("references", -1, () -> 0);
        RubyObjectColumns[] columns = new RubyObjectColumns[1];
        HeapGraph graph = builder.build(() -> columns[0] = RubyObjectColumns.ordered(builder, read.sinks()));
        return new Result(graph, columns[0], classes, details, sites, methods, read, facts);
    }
}
