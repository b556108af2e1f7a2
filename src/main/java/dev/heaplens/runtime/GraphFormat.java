package dev.heaplens.runtime;

import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.Phases;
import dev.heaplens.graph.Scratch;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;
import dev.heaplens.io.DumpInput;

import java.io.IOException;
import java.util.List;

/**
 * What one runtime gives {@link GraphLoad}, the load every runtime shares: its reader (in
 * {@code format/<runtime>/}), which builds the graph and keeps its own index section, and its
 * namer (in {@code analysis/<runtime>/}), which only names. A new runtime writes one of these.
 *
 * @param <N> the runtime's namer
 */
interface GraphFormat<N extends NamedHeap> {
    /** The namer's class: what {@link GraphLoad#namer} hands back to the runtime's own analyses. */
    Class<N> namerType();

    /** What else an index of the dump depends on: the runtime, and read options that change the graph. */
    String variant();

    /** About how many objects the dump holds, for the check that its graph fits in memory. */
    long estimatedObjects(DumpInput input);

    /** What one object of the graph costs in memory, about. */
    long bytesPerObject();

    /**
     * What one object costs in the heap when a dump without an index is read out of core: the parts
     * the read fills and the built graph's columns are in mapped scratch files.
     */
    default long firstReadOutOfCoreBytesPerObject() {
        return bytesPerObject();
    }

    /**
     * What a first read out of core takes on disk per object: its index, and index and scratch at
     * their peak; Ruby's, the larger, unless a runtime measured its own.
     */
    default OutOfCore.Disk outOfCoreDisk() {
        return OutOfCore.Disk.RUBY;
    }

    /** How many times a graph read goes over the file, for progress. */
    int passes();

    /**
     * A read of {@code input} about to start; {@code references} false reads the objects alone.
     * It tells {@code phases} when the bytes are read and the graph's references are being resolved;
     * the graph's parts are kept in {@code scratch} while read (in files, out of core).
     */
    Read<N> reader(DumpInput input, boolean references, Phases phases, Scratch scratch);

    /**
     * As above; {@code findings} false when nothing will ask for the runtime's findings (no index is
     * written, not suspects), so that a runtime whose findings need what only the read sees
     * (Ruby's string values) need not gather it. By default the same read.
     */
    default Read<N> reader(DumpInput input, boolean references, boolean findings, Phases phases, Scratch scratch) {
        return reader(input, references, phases, scratch);
    }

    /** A graph read: the bytes it has read so far (for progress), and the read itself. */
    interface Read<N> {
        long bytesRead();

        N read();
    }

    /** What the read warned about (skipped records, a cut dump), given again with the index. */
    List<String> warnings(N heap);

    /** How an object's record is read again to show it. */
    LoadedHeap.Records records(DumpInput input, N heap);

    /** Writes the runtime's own index section: what the namer needs beyond {@code heap.graph()}. */
    void write(N heap, IndexWriter out) throws IOException;

    /** The namer over {@code graph}, from the section {@link #write} wrote. */
    N restore(DumpInput input, HeapGraph graph, IndexReader in) throws IOException;
}
