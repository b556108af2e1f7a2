package dev.heaplens.runtime;


import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.analysis.graph.ObjectReport;
import dev.heaplens.analysis.graph.ObjectRow;
import dev.heaplens.analysis.graph.ObjectRows;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.graph.ThreadsReport;
import dev.heaplens.analysis.graph.ValueSink;
import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.analysis.suspects.SuspectInputs;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.RetainedSet;
import dev.heaplens.graph.ThreadStacks;
import dev.heaplens.io.DumpInput;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A dump read into a heap graph, with what its runtime calls the objects (the namer), its
 * dominator tree, and the records behind the objects for display. What the graph commands
 * (top, retained, object, paths, graph, leaks) work on, whatever the runtime.
 */
public final class LoadedHeap {
    /** How a runtime reads an object's record again to show it. */
    interface Records {
        /** The record of {@code o} as text, or null when it cannot be read again. */
        String text(long o);

        /** Fetches the records of {@code objects} so the namer shows their values. */
        void show(long... objects);

        /** Reads the dump once more for its values ({@code export --values}), its columns over every object in {@code scratch}. */
        default void values(ValueSink sink, Scratch scratch) {
            throw new HeaplensException("--values: this runtime's values are not exported");
        }
    }

    private final DumpInput input;
    private final NamedHeap heap;
    private final Records records;
    private volatile Dominators dominators;
    private volatile Reachability reachability;
    private ReadListener listener = ReadListener.QUIET;
    /** Where the dominators' computation and suspects' lists keep their scratch: mapped files beside the index when out of core. */
    private Scratch scratch = Scratch.heap();
    /** Suspects' inputs, stored or being worked out beside the index write (null: none yet). */
    private volatile WorkedOnce<SuspectInputs> suspectInputs;
    /** The findings an index holds without the rest of what suspects reads; null when it holds none. */
    private volatile List<Finding> storedFindings;
    /** The index this heap was read from or written to, or null: where sections first needed later go. */
    private volatile HeapIndex.Place index;
    private volatile java.util.concurrent.FutureTask<Void> indexWriting;

    /** Dominators computed when first asked for (leaks never asks). */
    LoadedHeap(DumpInput input, NamedHeap heap, Records records) {
        this(input, heap, records, null);
    }

    /** With dominators computed before (read from the index cache), or null for when first asked. */
    LoadedHeap(DumpInput input, NamedHeap heap, Records records, Dominators dominators) {
        this.input = input;
        this.heap = heap;
        this.records = records;
        this.dominators = dominators;
    }

    /** This heap, showing the phases of its dominators on {@code progress}. */
    LoadedHeap reportingTo(ReadListener progress) {
        this.listener = progress;
        return this;
    }

    /** Where this heap's computations keep their scratch arrays: mapped beside the index when out of core. */
    public Scratch scratch() {
        return scratch;
    }

    /** This heap, computing its dominators, their child lists, suspects' per-object lists and inbound references with their scratch arrays in {@code scratch}. */
    LoadedHeap computingIn(Scratch scratch) {
        this.scratch = scratch;
        heap.graph().keepInboundIn(scratch);
        Dominators d = dominators;
        if (d != null) {
            d.keepChildrenIn(scratch);
        }
        return this;
    }

    /**
     * Strings' contents and (JVM) primitive fields, read from the dump once more (the graph keeps no
     * values), handed to {@code sink} from the reading threads in no particular order.
     */
    public void values(ValueSink sink) {
        records.values(sink, scratch);
    }

    public DumpInput input() {
        return input;
    }

    /**
     * Whether a Ruby dump was loaded (else a JVM one): for what must name the runtime's own columns, as
     * export's {@code type} (Ruby) against {@code kind} (JVM). Asked of the registry that chose the runtime.
     */
    public boolean isRuby() {
        return Runtimes.reading(input) == RubyRuntime.ENTRY;
    }

    public HeapGraph graph() {
        return heap.graph();
    }

    /** What the runtime calls the objects: classes, kinds, groups, values, reference names. */
    public NamedHeap namer() {
        return heap;
    }

    public Dominators dominators() {
        Dominators d = dominators;
        if (d == null) {
            synchronized (this) {
                d = dominators;
                if (d == null) {
                    try (PhaseProgress phases = new PhaseProgress(listener, input.name())) {
                        d = Dominators.compute(heap.graph(), heap.graph().strongReferences(), phases, scratch);
                    }
                    d.keepChildrenIn(scratch);
                    dominators = d;
                }
            }
        }
        return d;
    }

    /** What the GC roots reach, computed once (or read from the index cache). */
    public Reachability reachability() {
        Reachability r = reachability;
        if (r == null) {
            r = Reachability.of(dominators(), heap, scratch);
            reachability = r;
        }
        return r;
    }

    /**
     * What only weak references keep (null when the dump has none): from the reachability when it
     * is known, else worked out alone, without the rest of the reachability (its walk by kind).
     */
    public Reachability.WeakOnly weakOnly() {
        Reachability r = reachability;
        return r != null ? r.weakOnly() : Reachability.weakOnly(dominators(), scratch);
    }

    /** What the index cache stored for suspects, or null (then suspects computes it). */
    public SuspectInputs storedSuspectInputs() {
        WorkedOnce<SuspectInputs> inputs = suspectInputs;
        return inputs != null ? inputs.get() : null;
    }

    /** Suspects' inputs as the index cache stored them; null leaves them to be computed. */
    LoadedHeap withSuspectInputs(SuspectInputs stored) {
        return withSuspectInputs(stored != null ? new WorkedOnce<>(() -> stored) : null);
    }

    /** Suspects' inputs worked out once, by this heap's first asker or by the index write that stores them. */
    LoadedHeap withSuspectInputs(WorkedOnce<SuspectInputs> inputs) {
        suspectInputs = inputs;
        return this;
    }

    /** Findings the index kept alone (worked out on the read: {@link GraphLoad}); null leaves them to be worked out. */
    LoadedHeap withStoredFindings(List<Finding> stored) {
        storedFindings = stored;
        return this;
    }

    List<Finding> storedFindings() {
        return storedFindings;
    }

    /** Where this heap's index lies, once read from it or written. */
    LoadedHeap indexedIn(HeapIndex.Place place) {
        index = place;
        return this;
    }

    /** The index this heap was read from or written to; null without one (--no-index, standard input, a failed write). */
    HeapIndex.Place index() {
        java.util.concurrent.FutureTask<Void> writing = indexWriting;
        if (writing != null) {
            IndexWriteBehind.await(writing);
        }
        return index;
    }

    /** The write of this heap's index under way beside the command ({@link IndexWriteBehind}). */
    void indexWriting(java.util.concurrent.FutureTask<Void> write) {
        indexWriting = write;
    }

    /** Reachability as the index cache stored it; null leaves it to be computed. */
    LoadedHeap withReachability(Reachability stored) {
        reachability = stored;
        return this;
    }

    /** The record of {@code o} as text (a Ruby line, a JVM object's fields), or null when it cannot be read again. */
    public String recordText(long o) {
        return records.text(o);
    }

    /** The rows of {@code objects}, in order, their values fetched first (one pass over the dump for all). */
    public ObjectRows rows(long... objects) {
        return rows(objects, null);
    }

    /** As {@link #rows(long...)}, for objects as a collection (a set of the objects a view shows). */
    public ObjectRows rows(Collection<Long> objects) {
        return rows(objects.stream().mapToLong(Long::longValue).toArray());
    }

    /**
     * As {@link #rows(long...)}, each object with the retained set given in place of the dominator
     * tree's ({@code leaks}' sample paths), or null in {@code retained} when not computed (shown as -1).
     */
    public ObjectRows rows(long[] objects, RetainedSet[] retained) {
        fetchValues(objects);
        Map<Long, ObjectRow> rows = new LinkedHashMap<>();
        for (int i = 0; i < objects.length; i++) {
            long o = objects[i];
            rows.put(o, retained == null ? ObjectRow.of(o, dominators(), heap)
                    : ObjectRow.of(o, heap.graph(), retained[i], heap));
        }
        return new ObjectRows(rows);
    }

    /**
     * What {@code object} shows of {@code o}: its dominator chain, up to {@code neighbours} objects that
     * refer to it and that it refers to, and its record; every object shown with its value.
     */
    public ObjectReport objectReport(long o, int neighbours) {
        Set<Long> shown = new LinkedHashSet<>(List.of(o));
        HeapGraph g = graph();
        for (long up = dominators().immediateDominator(o); up >= 0; up = dominators().immediateDominator(up)) {
            shown.add(up);
        }
        for (long i = g.inStart(o), n = 0; i < g.inEnd(o) && n < neighbours; i++, n++) {
            shown.add(g.source(i));
        }
        for (long i = g.outStart(o), n = 0; i < g.outEnd(o) && n < neighbours; i++, n++) {
            shown.add(g.target(i));
        }
        fetchValues(shown.stream().mapToLong(Long::longValue).toArray());
        return ObjectReport.of(o, dominators(), heap, recordText(o), Math.max(0, neighbours));
    }

    /** Fetches the records of {@code objects} (one pass for all) so the namer shows their values. */
    private void fetchValues(long... objects) {
        records.show(objects);
    }

    /** Each thread with its stack, its frames' locals and what they alone keep alive; null when the dump has no threads. */
    public ThreadsReport threads() {
        ThreadStacks stacks = heap.threads();
        return stacks == null ? null : ThreadsReport.of(dominators(), heap, stacks, this::fetchValues, scratch());
    }

    /** The object at {@code address} ({@code 0x7f...} or plain hex), or a clear error. */
    public long objectAt(String address) {
        String hex = address.startsWith("0x") || address.startsWith("0X") ? address.substring(2) : address;
        long value;
        try {
            value = Long.parseUnsignedLong(hex, 16);
        } catch (NumberFormatException e) {
            throw new HeaplensException("not an address: '" + address + "' (expected hex like 0x7f84e29f8008)");
        }
        long o = graph().objectOf(value);
        if (o < 0) {
            throw new HeaplensException("no object at address 0x" + Long.toHexString(value) + " in " + input.name());
        }
        return o;
    }
}
