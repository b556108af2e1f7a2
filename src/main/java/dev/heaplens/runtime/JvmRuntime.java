package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.HeapSummary;
import dev.heaplens.analysis.graph.Leaks;
import dev.heaplens.analysis.graph.ObjectBits;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.analysis.strings.DuplicateStrings;
import dev.heaplens.analysis.jvm.JvmDuplicateStrings;
import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.analysis.suspects.SuspectFinder;
import dev.heaplens.analysis.suspects.SuspectsResult;
import dev.heaplens.analysis.jvm.JvmHistogram;
import dev.heaplens.analysis.jvm.JvmIdentities;
import dev.heaplens.analysis.jvm.JvmSummary;
import dev.heaplens.format.hprof.HprofCountReader;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.graph.BitCells;
import dev.heaplens.io.DumpFormat;
import dev.heaplens.io.DumpInput;
import dev.heaplens.util.Parallel;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** JVM HPROF heap dumps, read with the readers of {@code format.hprof}; sizes are shallow sizes. */
final class JvmRuntime extends RuntimeBase {
    /**
     * Ruby's words are taken for the same keys: a Ruby type is a JVM kind. retained and leaks also
     * took gem for package before package was a key of its own; a histogram never did.
     */
    static final Vocabulary WORDS = new Vocabulary("JVM", "a JVM heap dump", "JVM heap dumps", GroupBy.KIND, GroupBy.PACKAGE,
            List.of(GroupBy.CLASS, GroupBy.PACKAGE, GroupBy.LOADER, GroupBy.KIND),
            List.of(GroupBy.CLASS, GroupBy.PACKAGE, GroupBy.KIND),
            new Vocabulary.Synonyms(Map.of(GroupBy.TYPE, GroupBy.KIND), Map.of(GroupBy.TYPE, GroupBy.KIND, GroupBy.GEM, GroupBy.PACKAGE),
                    Map.of(GroupBy.GEM, "--by gem on a JVM heap dump groups by Java package: say --by package")),
            Map.of(GroupBy.CLASS, "the object's class",
                    GroupBy.PACKAGE, "the class's Java package; arrays under their element's",
                    GroupBy.LOADER, "the class's defining class loader",
                    GroupBy.KIND, "instance, object array, primitive array or class"),
            null, GroupBy.CLASS); // an HPROF dump has no allocation sites

    /** Reads HPROF heap dumps. */
    static final RuntimeEntry ENTRY = RuntimeEntry.of(DumpFormat.HPROF, WORDS, JvmRuntime::new);

    private final GraphLoad<JvmHeap> graphs;
    private final JvmFindings findings;

    JvmRuntime(ReadOptions options, ReadListener listener) {
        super(options, listener, WORDS);
        this.findings = new JvmFindings();
        this.graphs = new GraphLoad<>(new JvmGraphFormat(options), options, listener, findings);
    }

    @Override
    public boolean hasStringValues() {
        return true;
    }

    @Override
    public boolean hasThreads() {
        return true;
    }

    @Override
    public List<Histogram> histograms(DumpInput input, List<GroupBy> by) {
        List<GroupBy> keys = histogramKeys(by, input.name());
        HprofCountReader.Result counts = JvmHistogram.count(input, keys.contains(GroupBy.LOADER), options.threads(),
                layout(), options.strict());
        warn(input, counts.warnings());
        List<Histogram> histograms = new ArrayList<>(keys.size());
        for (GroupBy key : keys) {
            histograms.add(JvmHistogram.of(counts, key));
        }
        return histograms;
    }

    @Override
    public SuspectsResult suspects(LoadedHeap heap, double thresholdPercent) {
        // the findings kept in the index, or added to it (asked first: the index waits for a write behind)
        if (heap.storedSuspectInputs() != null || heap.index() != null) {
            return SuspectFinder.find(heap.input().name(), heap.namer(), heap.dominators(), thresholdPercent, GroupBy.PACKAGE,
                    graphs.suspectInputs(heap), analysed -> findings.of(heap, analysed), heap.scratch());
        }
        // Worked out here, only what the threshold needs; the duplicate strings grouped while the tree is computed,
        // the findings beside the suspects' own work after it
        graphs.besideDominators(heap, false);
        return SuspectFinder.find(heap.input().name(), heap.namer(), heap.dominators(), thresholdPercent, GroupBy.PACKAGE,
                null, graphs.findingsBeside(heap, analysed -> findings.of(heap, analysed)), heap.scratch());
    }

    @Override
    public LoadedHeap load(DumpInput input) {
        return graphs.load(input);
    }

    @Override
    public LoadedHeap loadForSuspects(DumpInput input) {
        return graphs.load(input, true);
    }

    @Override
    public LoadedHeap loadThreads(DumpInput input) {
        return load(input);
    }

    @Override
    public LoadedHeap loadObjects(DumpInput input) {
        return graphs.loadObjects(input);
    }

    @Override
    public HeapSummary summary(DumpInput input, boolean reachability) {
        LoadedHeap loaded = load(input);
        return JvmSummary.of(graphs.namer(loaded), loaded.dominators());
    }

    /**
     * C's graph (loaded first), then A and B side by side (one thread each) marking which of C's objects
     * they hold: a JVM object's identity is an exact (address, class) pair, so "in B and not in
     * A" asked of each object of C is what comparing B's identities with A's then C's gives,
     * with a bit per object of C in place of a set of A's identities (fewer bytes, and the two
     * reads no longer wait for each other).
     */
    @Override
    public LeakCandidates leakCandidates(DumpInput a, DumpInput b, LoadedHeap heapC) {
        JvmIdentities.ObjectKeys keysOfC = new JvmIdentities.ObjectKeys(graphs.namer(heapC));
        List<DumpInput> earlier = List.of(a, b);
        List<ProgressSource> sources = List.of(new ProgressSource(source(a)), new ProgressSource(source(b)));
        JvmIdentities.Marked[] marked = new JvmIdentities.Marked[2];
        long total = a.isGzip() || b.isGzip() ? -1 : a.size() + b.size();
        String what = "reading " + a.name() + " and " + b.name();
        try (ReadListener.Reading ignored = listener.reading(what, total,
                () -> sources.get(0).bytesRead() + sources.get(1).bytesRead())) {
            int threads = Math.max(1, Math.min(2, options.threads()));
            Parallel.runUnchecked("heaplens-leaks", threads, t -> {
                for (int i = t; i < 2; i += threads) {
                    marked[i] = JvmIdentities.mark(sources.get(i), keysOfC, layout(), options.strict(), heapC.scratch());
                }
            });
        }
        for (int i = 0; i < 2; i++) {
            warn(earlier.get(i), marked[i].warnings());
        }
        BitCells newInB = marked[1].objects(); // B's marks, not needed after this
        BitCells inA = marked[0].objects();
        long objects = heapC.graph().objectCount();
        for (long w = 0, words = (objects + 63) >>> 6; w < words; w++) {
            newInB.setWord(w, newInB.word(w) & ~inA.word(w));
        }
        heapC.scratch().release(inA);
        return new LeakCandidates(heapC, ObjectBits.over(newInB, objects, heapC.scratch()), Leaks.Rule.ADDRESS_AND_CLASS,
                marked[0].bytes());
    }

    @Override
    public DuplicateStrings duplicateStrings(DumpInput input, int shown) {
        List<String> warnings = new ArrayList<>();
        DuplicateStrings d = withProgress(input, 2, source -> JvmDuplicateStrings.of(source, layout(), options.strict(),
                shown, warnings));
        warn(input, warnings);
        return d;
    }

    private HprofLayout layout() {
        return layout(options);
    }

    /** The --layout given, or null to detect it. */
    static HprofLayout layout(ReadOptions options) {
        if (options.layout() == null) {
            return null;
        }
        try {
            return HprofLayout.parse(options.layout());
        } catch (IllegalArgumentException e) {
            throw new HeaplensException("--layout: " + e.getMessage());
        }
    }

    private void warn(DumpInput input, List<String> warnings) {
        warnings.forEach(w -> listener.warning(input.name(), w));
    }

    /** An HPROF dump's file: read more than once (classes, objects, records to show), so not standard input. */
    static HprofSource source(DumpInput input) {
        if (!input.canReopen()) {
            throw new HeaplensException(input.name() + ": HPROF dumps are read more than once; give the file's path, not a pipe");
        }
        try {
            return HprofSource.of(Path.of(input.name()));
        } catch (IOException e) {
            throw new HeaplensException(input.name() + ": cannot read: " + e.getMessage());
        }
    }

    /** Runs a read of {@code passes} passes over the dump's file, its progress shown by bytes read. */
    private <T> T withProgress(DumpInput input, int passes, Function<HprofSource, T> read) {
        ProgressSource source = new ProgressSource(source(input));
        try (ReadListener.Reading ignored = listener.reading("reading " + input.name(), input.isGzip() ? -1 : input.size(),
                passes, source::bytesRead)) {
            return read.apply(source);
        }
    }
}
