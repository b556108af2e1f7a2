package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.HeapSummary;
import dev.heaplens.analysis.graph.Leaks;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.analysis.strings.DuplicateStrings;
import dev.heaplens.analysis.jvm.JvmDuplicateStrings;
import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.analysis.jvm.JvmHistogram;
import dev.heaplens.analysis.jvm.JvmIdentities;
import dev.heaplens.analysis.jvm.JvmSummary;
import dev.heaplens.format.hprof.HprofCountReader;
import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.io.DumpInput;
import dev.heaplens.util.LongLongMap;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.Function;

/** JVM HPROF heap dumps, read with the readers of {@code format.hprof}; sizes are shallow sizes. */
final class JvmRuntime implements HeapRuntime {
    static final List<GroupBy> HISTOGRAM_KEYS = List.of(GroupBy.CLASS, GroupBy.PACKAGE, GroupBy.LOADER, GroupBy.KIND);
    static final List<GroupBy> GRAPH_KEYS = List.of(GroupBy.CLASS, GroupBy.PACKAGE, GroupBy.KIND);
    /** Ruby's words for the same keys: a Ruby type is a JVM kind; a gem groups code as a package does. */
    private static final Map<GroupBy, GroupBy> SYNONYMS = Map.of(GroupBy.TYPE, GroupBy.KIND, GroupBy.GEM, GroupBy.PACKAGE);
    private static final Map<GroupBy, String> NOTES = Map.of(GroupBy.GEM,
            "--by gem on a JVM heap dump groups by Java package: say --by package");

    private final ReadOptions options;
    private final ReadListener listener;

    JvmRuntime(ReadOptions options, ReadListener listener) {
        this.options = options;
        this.listener = listener;
    }

    @Override
    public String name() {
        return "JVM";
    }

    @Override
    public List<GroupBy> histogramKeys() {
        return HISTOGRAM_KEYS;
    }

    @Override
    public List<GroupBy> graphKeys() {
        return GRAPH_KEYS;
    }

    @Override
    public GroupBy defaultLeakKey() {
        return GroupBy.CLASS; // an HPROF dump has no allocation sites
    }

    @Override
    public GroupBy key(GroupBy asked, List<GroupBy> keys, String dumpName) {
        // A histogram never took gem for package: only retained and leaks did.
        Map<GroupBy, GroupBy> synonyms = keys == GRAPH_KEYS ? SYNONYMS : Map.of(GroupBy.TYPE, GroupBy.KIND);
        List<GroupBy> other = keys == GRAPH_KEYS ? RubyRuntime.GRAPH_KEYS : RubyRuntime.HISTOGRAM_KEYS;
        return Keys.resolve(asked, keys, synonyms, NOTES, dumpName, "a JVM heap dump", other, "Ruby dumps", listener);
    }

    @Override
    public Histogram histogram(DumpInput input, GroupBy by) {
        GroupBy key = key(by, HISTOGRAM_KEYS, input.name());
        HprofCountReader.Result counts = JvmHistogram.count(input, key == GroupBy.LOADER, options.threads(), layout(),
                options.strict());
        warn(input, counts.warnings());
        return JvmHistogram.of(counts, key);
    }

    @Override
    public LoadedHeap load(DumpInput input) {
        // Two passes (classes, then objects) over the dump.
        JvmHeap heap = new JvmHeap(withProgress(input, 2, source -> HprofGraphReader.read(source, layout(),
                options.strict())));
        warn(input, heap.read().warnings());
        return new LoadedHeap(input, heap, new LoadedHeap.Records() {
            @Override
            public String text(int o) {
                return heap.recordText(o);
            }

            @Override
            public void show(int... objects) {
                heap.fetch(objects);
            }
        });
    }

    @Override
    public HeapSummary summary(DumpInput input, boolean reachability) {
        LoadedHeap loaded = load(input);
        JvmHeap heap = (JvmHeap) loaded.namer();
        return JvmSummary.of(heap, Reachability.of(loaded.dominators(), heap));
    }

    @Override
    public LeakIdentities identities(DumpInput input, LeakIdentities unless) {
        JvmIdentities skip = unless == null ? null : ((Identities) unless).kept;
        JvmIdentities kept = withProgress(input, 1, source -> JvmIdentities.read(source, skip, layout(), options.strict()));
        warn(input, kept.warnings());
        return new Identities(kept);
    }

    /** A JVM object's identity: its address and its class's name (class addresses move between dumps). */
    private record Identities(JvmIdentities kept) implements LeakIdentities {
        @Override
        public long bytes() {
            return kept.bytes();
        }

        @Override
        public Leaks.Rule rule() {
            return Leaks.Rule.ADDRESS_AND_CLASS;
        }

        @Override
        public IntPredicate in(LoadedHeap loaded) {
            JvmHeap jvm = (JvmHeap) loaded.namer();
            HeapGraph g = jvm.graph();
            LongLongMap classKeys = new LongLongMap(); // per class address: the key of its name, computed once
            return o -> {
                long key = classKeys.get(g.classAddress(o), 0);
                if (key == 0) {
                    key = JvmIdentities.classKey(jvm.className(o));
                    classKeys.put(g.classAddress(o), key);
                }
                return kept.contains(g.address(o), key);
            };
        }
    }

    @Override
    public DuplicateStrings duplicateStrings(DumpInput input, int shown) {
        List<String> warnings = new ArrayList<>();
        DuplicateStrings d = withProgress(input, 2, source -> JvmDuplicateStrings.of(source, layout(), options.strict(),
                shown, warnings));
        warn(input, warnings);
        return d;
    }

    /** The --layout given, or null to detect it. */
    private HprofLayout layout() {
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
    private static HprofSource source(DumpInput input) {
        if (!input.canReopen()) {
            throw new HeaplensException("standard input: HPROF dumps are read more than once; give the file's path");
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
        long total = input.isGzip() ? -1 : passes * input.size();
        try (ReadListener.Reading ignored = listener.reading("reading " + input.name(), total, source::bytesRead)) {
            return read.apply(source);
        }
    }
}
