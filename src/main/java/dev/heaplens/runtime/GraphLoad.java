package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.graph.ReachabilityStore;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.analysis.graph.TopRetainers;
import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.analysis.suspects.SuspectFinder;
import dev.heaplens.analysis.suspects.SuspectInputs;
import dev.heaplens.analysis.suspects.SuspectsStore;
import dev.heaplens.graph.GraphStore;
import dev.heaplens.graph.Scratch;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;
import dev.heaplens.io.DumpInput;
import dev.heaplens.util.Parallel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongFunction;

/**
 * The one load of a heap graph, whatever the runtime: the dump's index when it has a sound one;
 * else the check that the graph fits, the read with its progress, and the index written for next
 * time (the graph's sections, the runtime's own, then reachability; what suspects reads when it
 * first runs). What differs between runtimes is their {@link GraphFormat}.
 */
final class GraphLoad<N extends NamedHeap> {
    private final GraphFormat<N> format;
    private final ReadOptions options;
    private final ReadListener listener;
    private final Findings findings;
    private final boolean findingsNeedTheRead;
    private final OutOfCore outOfCore;
    /**
     * What {@link #besideDominators} holds beside the dominators' scratch, per object: the path
     * tree's two int columns (parents, queue) and its bits, with room for the duplicate strings'
     * columns and groups (kept at 32 when the tree lost its column of edges: room to spare).
     */
    static final long AHEAD_BYTES_PER_OBJECT = 32;
    /** Set when this load read the dump and chose to work out of core: its index is then read in place. */
    private boolean readOutOfCore;

    /** The runtime's checks beside the suspects, given the heap's bytes less tool overhead (what their shares are of). */
    interface Findings {
        List<Finding> of(LoadedHeap heap, long analysedBytes);

        /** Their work that needs no dominator tree, done while it is computed (see {@link #besideDominators}); none by default. */
        default void besideDominators(LoadedHeap heap) {
        }
    }

    /** A load for a runtime with no findings of its own beside the suspects. */
    GraphLoad(GraphFormat<N> format, ReadOptions options, ReadListener listener) {
        this(format, options, listener, (heap, analysedBytes) -> List.of());
    }

    /** @param findings the runtime's suspects findings, worked out from the index (the JVM's checks) when suspects first runs */
    GraphLoad(GraphFormat<N> format, ReadOptions options, ReadListener listener, Findings findings) {
        this(format, options, listener, findings, false);
    }

    /**
     * @param findings            the runtime's suspects findings, kept in the index once worked out
     * @param findingsNeedTheRead whether they need what only a read of the dump sees (Ruby's string
     *                            values): then they are worked out with the read and kept in the
     *                            index it writes, whatever the command
     */
    GraphLoad(GraphFormat<N> format, ReadOptions options, ReadListener listener, Findings findings,
              boolean findingsNeedTheRead) {
        this.format = format;
        this.options = options;
        this.listener = listener;
        this.findings = findings;
        this.findingsNeedTheRead = findingsNeedTheRead;
        this.outOfCore = OutOfCore.of(options);
    }

    /** The dump read into a whole heap graph: from its index, or read and then indexed. */
    LoadedHeap load(DumpInput input) {
        return load(input, false);
    }

    /**
     * As {@link #load}; {@code forSuspects}: an index written now also keeps what suspects reads
     * (else the first suspects run adds it: see {@link #suspectInputs}).
     */
    LoadedHeap load(DumpInput input, boolean forSuspects) {
        HeapIndex index = new HeapIndex(options.index(), listener);
        return index.load(input, format.variant(), options.strict(), () -> read(input, true, forSuspects, index),
                store(input, forSuspects));
    }

    /**
     * What suspects reads at any threshold: as the index stored it; else, for a heap with an index,
     * worked out once here and added to that index, so that later runs read it (the first command
     * on a dump does not pay for it unless it is suspects). Null without an index: suspects then
     * works out only what its threshold needs.
     */
    SuspectInputs suspectInputs(LoadedHeap heap) {
        synchronized (heap) { // the web asks at several thresholds at once: one extension
            SuspectInputs known = heap.storedSuspectInputs();
            if (known != null || heap.index() == null) {
                return known;
            }
            SuspectInputs inputs = suspectInputsOf(heap);
            new HeapIndex(options.index(), listener).extend(heap, out -> SuspectsStore.write(inputs, out));
            heap.withSuspectInputs(inputs);
            return inputs;
        }
    }

    private SuspectInputs suspectInputsOf(LoadedHeap heap) {
        return suspectInputsOf(heap, null);
    }

    /** @param paths the whole tree of shortest paths from the roots when made ahead, else null */
    private SuspectInputs suspectInputsOf(LoadedHeap heap, RootPaths.Tree paths) {
        List<Finding> kept = heap.storedFindings();
        return SuspectFinder.inputs(heap.namer(), heap.dominators(), paths, heap.scratch(),
                analysed -> kept != null ? kept : findings.of(heap, analysed));
    }

    /**
     * The heap's dominator tree, and beside it on a second thread what suspects needs that does not
     * wait for it: the findings' own work and, with {@code pathTree}, the whole tree of shortest
     * paths from the roots (returned; else null). The tree's serial phases leave a core idle: the
     * wall, not the CPU, is cut. Out of core, in a heap without room for both, or with one thread
     * asked for, nothing is done ahead, so that nothing more is held while the tree is computed.
     */
    RootPaths.Tree besideDominators(LoadedHeap heap, boolean pathTree) {
        if (!roomBeside(heap)) {
            heap.dominators();
            return null;
        }
        RootPaths.Tree[] paths = new RootPaths.Tree[1];
        Parallel.runUnchecked("heaplens-suspects", 2, t -> {
            if (t == 0) {
                heap.dominators();
            } else {
                if (pathTree) {
                    paths[0] = SuspectFinder.pathTree(heap.graph());
                }
                findings.besideDominators(heap);
            }
        });
        return paths[0];
    }

    /** Whether a second thread may work beside this one: in the heap, with room for what both hold. */
    private boolean roomBeside(LoadedHeap heap) {
        long room = HeapFit.need(heap.graph().objectCount(), format.bytesPerObject() + AHEAD_BYTES_PER_OBJECT);
        return !readOutOfCore && Runtime.getRuntime().maxMemory() >= room && options.threads() >= 2;
    }

    /**
     * Suspects' findings for a heap without an index ({@code of}, given the analysed bytes): begun
     * on a second thread once the dominator tree is there, while suspects finds its objects and
     * their paths on this one (nothing else runs then, a core was idle). Worked out when asked
     * where there is no room beside, or when asked of other bytes than those begun with.
     */
    LongFunction<List<Finding>> findingsBeside(LoadedHeap heap, LongFunction<List<Finding>> of) {
        if (!roomBeside(heap)) {
            return of;
        }
        long analysed = SuspectFinder.analysedBytes(heap.namer(), heap.dominators());
        WorkedOnce<List<Finding>> found = new WorkedOnce<>(() -> of.apply(analysed));
        Thread beside = new Thread(() -> {
            try {
                found.get();
            } catch (RuntimeException | Error e) {
                // kept by the task: thrown again on the thread that asks for the findings
            }
        }, "heaplens-findings");
        beside.setDaemon(true);
        beside.start();
        return asked -> asked == analysed ? found.get() : of.apply(asked);
    }

    /** The whole graph from a sound index, else the objects alone (not indexed: less than an index holds). */
    LoadedHeap loadObjects(DumpInput input) {
        return new HeapIndex(options.index(), listener).loadIndexedOr(input, format.variant(), options.strict(),
                () -> read(input, false, false, null), store(input, false));
    }

    /** The runtime's own namer of a heap this load made; refuses, in one line, a heap of another runtime. */
    N namer(LoadedHeap heap) {
        if (!format.namerType().isInstance(heap.namer())) {
            throw new HeaplensException(heap.input().name() + " was not read as " + format.variant());
        }
        return format.namerType().cast(heap.namer());
    }

    /**
     * The graph read from the dump, after the check that it fits. Progress is shown here, once for
     * every runtime: by bytes read over all the read's passes. Out of core (when {@code index} can
     * write the index), the read's parts and the built graph's columns are in scratch files mapped
     * beside the index, and so is its dominators' scratch; then it is indexed and used from there. The read
     * gathers what the runtime's findings need only when something will ask for them: suspects, or
     * the index it writes (which keeps them).
     */
    private HeapIndex.Built read(DumpInput input, boolean references, boolean forSuspects, HeapIndex index) {
        long objects = format.estimatedObjects(input);
        long perObject = format.bytesPerObject();
        boolean goOutOfCore = index != null && outOfCore.needed(objects, perObject);
        Path file = goOutOfCore ? index.target(input) : null;
        ScratchIndex scratchIndex = null;
        if (goOutOfCore) {
            // the parts the read fills and the graph's columns go to scratch files (mapped)
            HeapFit.require(input.name(), objects, format.firstReadOutOfCoreBytesPerObject());
            if (file == null) { // no index kept: one made in a scratch directory, deleted once mapped
                Path place = ScratchIndex.place();
                outOfCore.requireScratchPlace(input.name(), objects, perObject, format.outOfCoreDisk(), place);
                scratchIndex = ScratchIndex.in(place);
                file = scratchIndex.file();
                listener.note(outOfCore.scratchLine(input.name(), objects, perObject, format.outOfCoreDisk(), scratchIndex.dir()));
            } else {
                outOfCore.requirePlace(input.name(), objects, perObject, format.outOfCoreDisk(), file);
                listener.note(outOfCore.line(input.name(), objects, perObject, format.outOfCoreDisk(), file, -1));
            }
            readOutOfCore = true;
        } else {
            HeapFit.require(input.name(), objects, perObject);
        }
        try {
            return read(input, references, forSuspects, index, goOutOfCore, file, scratchIndex);
        } catch (RuntimeException | Error e) {
            if (scratchIndex != null) {
                scratchIndex.release();
            }
            throw e;
        }
    }

    private HeapIndex.Built read(DumpInput input, boolean references, boolean forSuspects, HeapIndex index,
                                 boolean goOutOfCore, Path file, ScratchIndex scratchIndex) {
        // out of core, the parts the read fills and the dominators' scratch go to files mapped beside the index
        Scratch scratch = goOutOfCore ? Scratch.mappedIn(file.toAbsolutePath().getParent()) : Scratch.heap();
        N heap;
        // the bytes read, then the references resolved: one line, the second taking it over
        try (PhaseProgress phases = new PhaseProgress(listener, input.name())) {
            boolean findingsAsked = forSuspects || (findingsNeedTheRead && index != null && index.target(input) != null);
            GraphFormat.Read<N> reader = format.reader(input, references, findingsAsked, phases, scratch);
            try (ReadListener.Reading ignored = listener.reading("reading " + input.name(),
                    input.isGzip() ? -1 : input.size(), format.passes(), reader::bytesRead)) {
                heap = reader.read();
            }
        }
        LoadedHeap loaded = new LoadedHeap(input, heap, format.records(input, heap)).reportingTo(listener);
        // the estimate can fall short: the count the read found is checked too
        if (goOutOfCore) {
            loaded.computingIn(scratch);
        }
        return new HeapIndex.Built(loaded, format.warnings(heap), goOutOfCore, scratchIndex);
    }

    /** Whether the index {@code in} of {@code input} is used in place: out of core, said in one line. */
    private boolean inPlace(DumpInput input, IndexReader in) throws IOException {
        if (readOutOfCore) {
            return true; // said before the read
        }
        long objects = GraphStore.objectCount(in);
        if (!outOfCore.needed(objects, format.bytesPerObject())) {
            return false;
        }
        listener.note(outOfCore.line(input.name(), objects, format.bytesPerObject(), format.outOfCoreDisk(), in.file(),
                Files.size(in.file())));
        return true;
    }

    private HeapIndex.Store store(DumpInput input, boolean forSuspects) {
        return new HeapIndex.Store() {
            @Override
            public HeapIndex.Sections sectionsOf(LoadedHeap heap) {
                // the path tree made beside the dominators (asked for next), on the second core
                RootPaths.Tree paths = forSuspects ? besideDominators(heap, true) : null;
                long[] largest = TopRetainers.largest(heap.dominators(), TopRetainers.STORED);
                Reachability reachability = heap.reachability();
                N namer = namer(heap);
                if (forSuspects) { // worked out once: the suspects run that asked uses them too
                    WorkedOnce<SuspectInputs> inputs = new WorkedOnce<>(() -> suspectInputsOf(heap, paths));
                    if (readOutOfCore) {
                        inputs.get(); // the write gives back the scratch they are worked out from
                    }
                    heap.withSuspectInputs(inputs);
                    // written behind the command, the graph's sections go while its thread works the inputs out
                    return out -> {
                        writeHeap(heap, largest, namer, reachability, out);
                        out.forceWritten(); // to disk while they are worked out; the commit then forces a few small sections
                        SuspectsStore.write(inputs.get(), out);
                    };
                }
                List<Finding> found = findingsNeedTheRead
                        ? findings.of(heap, SuspectFinder.analysedBytes(heap.namer(), heap.dominators())) : null;
                return out -> {
                    writeHeap(heap, largest, namer, reachability, out);
                    if (found != null) {
                        SuspectsStore.writeFindings(found, out);
                    }
                };
            }

            private void writeHeap(LoadedHeap heap, long[] largest, N namer, Reachability reachability, IndexWriter out)
                    throws IOException {
                format.write(namer, out); // first: the runtime's columns may be packed over the graph's (JVM lengths)
                ReachabilityStore.write(reachability, out);
                // out of core, each of the first read's scratch columns is given back once written
                GraphStore.write(heap.graph(), heap.dominators(), largest, out, heap.scratch());
            }

            @Override
            public LoadedHeap read(IndexReader in) throws IOException {
                boolean inPlace = inPlace(input, in);
                GraphStore.Stored stored = GraphStore.read(in, inPlace);
                N heap = format.restore(input, stored.graph(), in);
                // out of core, what suspects works out per object goes to scratch files beside the index
                Scratch scratch = inPlace ? Scratch.mappedIn(ScratchIndex.scratchDirFor(in.file())) : Scratch.heap();
                return new LoadedHeap(input, heap, format.records(input, heap), stored.dominators()).computingIn(scratch)
                        .withReachability(ReachabilityStore.read(in))
                        .withSuspectInputs(SuspectsStore.read(in, stored.graph()))
                        .withStoredFindings(SuspectsStore.readFindings(in));
            }
        };
    }
}
