package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.HeapSummary;
import dev.heaplens.analysis.graph.Leaks;
import dev.heaplens.analysis.graph.ObjectRow;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.analysis.strings.DuplicateStrings;
import dev.heaplens.analysis.ruby.HistogramSink;
import dev.heaplens.analysis.ruby.LeakMarks;
import dev.heaplens.analysis.ruby.RubyHeap;
import dev.heaplens.analysis.ruby.RubyWasteChecks;
import dev.heaplens.analysis.ruby.RuntimeMethods;
import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.analysis.suspects.SuspectFinder;
import dev.heaplens.analysis.suspects.SuspectInputs;
import dev.heaplens.analysis.suspects.SuspectsResult;
import dev.heaplens.analysis.ruby.RubySummary;
import dev.heaplens.analysis.ruby.RubySummarySink;
import dev.heaplens.format.ruby.ReadResult;
import dev.heaplens.format.ruby.ReadBuffers;
import dev.heaplens.format.ruby.RubyDumpReader;
import dev.heaplens.format.ruby.RubyLineParser;
import dev.heaplens.format.ruby.RubyRecordSink;
import dev.heaplens.io.DumpFormat;
import dev.heaplens.io.DumpInput;


import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/** Ruby {@code ObjectSpace.dump_all} dumps (JSON lines), read with {@link RubyDumpReader}. */
final class RubyRuntime extends RuntimeBase {
    static final Vocabulary WORDS = new Vocabulary("Ruby", "a Ruby dump", "Ruby dumps", GroupBy.TYPE, GroupBy.GEM,
            List.of(GroupBy.TYPE, GroupBy.CLASS, GroupBy.IMEMO, GroupBy.LOCATION, GroupBy.FILE, GroupBy.GEM,
                    GroupBy.METHOD, GroupBy.GENERATION),
            List.of(GroupBy.CLASS, GroupBy.TYPE, GroupBy.LOCATION, GroupBy.GEM), Vocabulary.Synonyms.NONE,
            Map.of(GroupBy.TYPE, "the dump's type: STRING, ARRAY, HASH, IMEMO...",
                    GroupBy.CLASS, "the object's class",
                    GroupBy.IMEMO, "IMEMO objects only, by kind",
                    GroupBy.LOCATION, "the allocation site, file:line",
                    GroupBy.FILE, "the allocation site's file",
                    GroupBy.GEM, "from the site's path: a gem, vendor_ruby, ruby stdlib, ruby core or app",
                    GroupBy.METHOD, "the method that allocated it",
                    GroupBy.GENERATION, "the GC generation it was allocated in"),
            "location, file, gem, method and generation need a dump taken with"
                    + " ObjectSpace.trace_object_allocations_start; other objects fall in '(no allocation info)'.",
            GroupBy.LOCATION);

    /** Reads Ruby's JSON lines dumps. */
    static final RuntimeEntry ENTRY = RuntimeEntry.of(DumpFormat.RUBY_JSON_LINES, WORDS, RubyRuntime::new);

    /** Shared by this runtime's reads: leaks reads three dumps, and long lines grow a buffer once. */
    private final ReadBuffers buffers = new ReadBuffers();

    private final GraphLoad<RubyHeap> graphs;

    RubyRuntime(ReadOptions options, ReadListener listener) {
        super(options, listener, WORDS);
        this.graphs = new GraphLoad<>(new RubyGraphFormat(this::readerOptions), options, listener, this::findings, true);
    }

    @Override
    public List<Histogram> histograms(DumpInput input, List<GroupBy> by) {
        List<GroupBy> keys = histogramKeys(by, input.name());
        return HistogramSink.histograms(read(input, HistogramSink.fields(keys), () -> new HistogramSink(keys)).sinks());
    }

    @Override
    public SuspectsResult suspects(LoadedHeap heap, double thresholdPercent) {
        SuspectInputs stored = graphs.suspectInputs(heap);
        LongFunction<List<Finding>> found = analysed -> findings(heap, analysed);
        return SuspectFinder.find(heap.input().name(), graphs.namer(heap), heap.dominators(), thresholdPercent, GroupBy.GEM,
                stored, stored != null ? found : graphs.findingsBeside(heap, found), heap.scratch()); // no index: worked out beside
    }

    private List<Finding> findings(LoadedHeap heap, long analysedBytes) {
        List<Finding> found = new ArrayList<>();
        Finding methods = RuntimeMethods.of(graphs.namer(heap), heap.dominators(), analysedBytes);
        if (methods != null) {
            found.add(methods);
        }
        found.addAll(RubyWasteChecks.of(graphs.namer(heap), heap.dominators(), analysedBytes,
                objects -> Arrays.stream(objects).mapToObj(heap.rows(objects)::of).map(ObjectRow::value).toList()));
        return found;
    }

    @Override
    public LoadedHeap load(DumpInput input) {
        input.requireRuby();
        return graphs.load(input);
    }

    @Override
    public LoadedHeap loadForSuspects(DumpInput input) {
        input.requireRuby();
        return graphs.load(input, true);
    }

    @Override
    public LoadedHeap loadObjects(DumpInput input) {
        input.requireRuby();
        return graphs.loadObjects(input);
    }

    @Override
    public HeapSummary summary(DumpInput input, boolean reachability) {
        if (reachability && !input.canReopen()) {
            throw new HeaplensException(input.name() + ": --reachability reads the dump twice; give the file's path");
        }
        ReadResult<RubySummarySink> read = read(input, RubySummarySink.FIELDS, RubySummarySink::new);
        RubySummary summary = RubySummary.of(RubySummary.Input.of(input.name(), read), read.sinks());
        if (!reachability) {
            return summary;
        }
        LoadedHeap loaded = load(input);
        return summary.withReachability(loaded.reachability());
    }

    /** C's graph first; then B's and A's records looked up among C's objects as they are read ({@link LeakMarks}). */
    @Override
    public LeakCandidates leakCandidates(DumpInput a, DumpInput b, DumpInput c) {
        a.requireRuby(); // a dump of the wrong kind is named before C is read
        b.requireRuby();
        return leakCandidates(a, b, load(c));
    }

    @Override
    public LeakCandidates leakCandidates(DumpInput a, DumpInput b, LoadedHeap heapC) {
        try (LeakMarks marks = new LeakMarks(graphs.namer(heapC), heapC.scratch())) {
            marks.addB(read(b, LeakMarks.FIELDS, marks::bSink).sinks());
            marks.addA(read(a, LeakMarks.FIELDS, marks::aSink).sinks());
            Leaks.Rule rule = marks.byGenerationOnly() ? Leaks.Rule.ADDRESS_AND_GENERATION : Leaks.Rule.ADDRESS_TYPE_AND_CLASS;
            return new LeakCandidates(heapC, marks.newInB(), rule, marks.bytesOfA());
        }
    }

    @Override
    public DuplicateStrings duplicateStrings(DumpInput input, int shown) {
        throw new HeaplensException(input.name() + ": strings reads JVM heap dumps; for a Ruby dump, "
                + "histogram --by location shows where String objects come from");
    }

    /** ObjectSpace.dump_all writes no frames: its ROOT lines name categories (vm, machine_context...), not threads. */
    @Override
    public LoadedHeap loadThreads(DumpInput input) {
        throw new HeaplensException(input.name() + ": Ruby heap dumps carry no thread stacks (ObjectSpace.dump_all"
                + " writes no frames, and its roots name no thread); threads reads JVM heap dumps");
    }

    private RubyDumpReader.Options readerOptions() {
        return RubyDumpReader.Options.defaults().withStrict(options.strict()).withThreads(options.threads())
                .withBuffers(buffers);
    }

    /** Reads a Ruby dump into one sink per thread, reporting progress and skipped lines. */
    private <S extends RubyRecordSink> ReadResult<S> read(DumpInput input, Set<RubyLineParser.Field> fields,
                                                         Supplier<S> sinks) {
        input.requireRuby();
        RubyDumpReader.Options read = readerOptions().withFields(fields);
        ReadResult<S> result;
        try (ReadListener.Reading ignored = progress(input, read)) {
            result = RubyDumpReader.read(input, read, sinks);
        }
        warnAboutSkippedLines(input, result);
        return result;
    }

    private ReadListener.Reading progress(DumpInput input, RubyDumpReader.Options read) {
        return listener.reading("reading " + input.name(), input.isGzip() ? -1 : input.size(), read.bytesRead()::get);
    }

    private void warnAboutSkippedLines(DumpInput input, ReadResult<?> result) {
        skippedLineWarnings(result).forEach(w -> listener.warning(input.name(), w));
    }

    static List<String> skippedLineWarnings(ReadResult<?> result) {
        List<String> warnings = new ArrayList<>();
        if (result.malformed() > 0) {
            StringBuilder msg = new StringBuilder("skipped ").append(result.malformed()).append(" malformed line")
                    .append(result.malformed() == 1 ? "" : "s").append(" (--strict makes them fatal); first: ");
            for (int i = 0; i < result.firstProblems().size(); i++) {
                msg.append(i > 0 ? "; " : "").append(result.firstProblems().get(i));
            }
            warnings.add(msg.toString());
        }
        if (result.partial() > 0) {
            warnings.add(result.partial() + " line" + (result.partial() == 1 ? "" : "s")
                    + " read in part; first: " + result.firstPartial());
        }
        if (result.truncatedLastLine() != null) {
            warnings.add(result.truncatedLastLine().toString());
        }
        return warnings;
    }
}
