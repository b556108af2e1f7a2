package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.HeapSummary;
import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.analysis.graph.ShownValue;
import dev.heaplens.analysis.graph.TopRetainers;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.analysis.strings.DuplicateStrings;
import dev.heaplens.analysis.suspects.SuspectFinder;
import dev.heaplens.analysis.suspects.SuspectsResult;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.Phases;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.HeapGraphPart;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;
import dev.heaplens.io.DumpInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A third runtime, made up for this test, added by following docs/architecture.md ("One load shape")
 * alone: a reader that builds the graph and its index section (what would go in format/toy/), a namer
 * that only names (analysis/toy/), a GraphFormat and a HeapRuntime that loads through GraphLoad
 * (runtime/). The format is a few lines of text, "object ADDRESS CLASS BYTES [-> ADDRESS...]" and
 * "root CATEGORY ADDRESS", and the answers are worked out by hand below.
 */
class ToyRuntimeTest {
    /**
     * A global root holds 1 (16 B), which holds 2 (100 B) and 3 (200 B), which both hold 4 (1000 B):
     * 1 dominates all four, 4's dominator is 1 (two paths), 5 (50 B) is held by nothing.
     */
    /** What a toy dump's first line says. */
    static final String DUMP_MARK = "# toy heap";

    private static final String DUMP = String.join("\n",
            DUMP_MARK,
            "object 1 Root 16 -> 2 3",
            "object 2 Node 100 -> 4",
            "object 3 Node 200 -> 4",
            "object 4 Leaf 1000",
            "object 5 Orphan 50",
            "what is this line",
            "root global 1", "");

    @TempDir
    Path dir;

    @Test
    void aToyRuntimeLoadsNamesIndexesAndAnswersThroughTheSharedLoad() throws IOException {
        Path file = Files.writeString(dir.resolve("heap.toy"), DUMP);
        HeapIndexTest.Reads listener = new HeapIndexTest.Reads();
        ReadOptions options = ReadOptions.defaults().withIndex(IndexOptions.fromEnvironment(Map.of(), dir.resolve("cache")));
        HeapRuntime picked = HeapRuntime.of(DumpInput.open(file.toString(), InputStream.nullInputStream()), options, listener);
        assertThat(picked).as("the registry's entry (META-INF/services) picks the toy: no case per format").isInstanceOf(ToyRuntime.class);
        ToyRuntime toy = (ToyRuntime) picked;

        LoadedHeap first = toy.load(DumpInput.open(file.toString(), InputStream.nullInputStream()));
        assertKnownAnswers(first);
        assertThat(listener.reads).as("reads of the dump, with their progress").isEqualTo(1);
        assertThat(listener.warnings).containsExactly("line 7 not understood: what is this line");
        try (var files = Files.list(dir.resolve("cache"))) {
            assertThat(files.map(Path::toString)).as("the index written in --index-dir").anyMatch(f -> f.endsWith(HeapIndex.SUFFIX));
        }

        LoadedHeap again = toy.load(DumpInput.open(file.toString(), InputStream.nullInputStream()));
        assertThat(listener.reads).as("the second load reads the index, not the dump").isEqualTo(1);
        assertKnownAnswers(again);
        assertThat(listener.warnings).as("the read's warning given again from the index").hasSize(2).allMatch(w -> w.startsWith("line 7"));

        Histogram byClass = toy.histogram(DumpInput.open(file.toString(), InputStream.nullInputStream()), GroupBy.CLASS);
        assertThat(byClass.totalCount()).isEqualTo(5);
        assertThat(byClass.totalBytes()).isEqualTo(1366);
        assertThat(byClass.groups().get(0).key()).isEqualTo("Leaf");

        SuspectsResult suspects = toy.suspects(again, 10);
        assertThat(suspects.suspects()).hasSize(1);
        assertThat(suspects.suspects().get(0).object().className()).isEqualTo("Root");
        assertThat(suspects.suspects().get(0).retainedBytes()).isEqualTo(1316);

        assertThatThrownBy(() -> toy.summary(again.input(), false)).isInstanceOf(HeaplensException.class)
                .hasMessageContaining("no summary");
    }

    @Test
    void aHeapOfAnotherRuntimeIsRefusedInOneLine() throws IOException {
        Path file = Files.writeString(dir.resolve("other.toy"), DUMP);
        ReadOptions noIndex = ReadOptions.defaults().withIndex(IndexOptions.OFF);
        LoadedHeap toyHeap = new ToyRuntime(noIndex, ReadListener.QUIET)
                .load(DumpInput.open(file.toString(), InputStream.nullInputStream()));
        GraphLoad<dev.heaplens.analysis.ruby.RubyHeap> ruby = new GraphLoad<>(
                new RubyGraphFormat(dev.heaplens.format.ruby.RubyDumpReader.Options::defaults), noIndex, ReadListener.QUIET);
        assertThatThrownBy(() -> ruby.namer(toyHeap)).isInstanceOf(HeaplensException.class)
                .hasMessage(file + " was not read as ruby");
    }

    private static void assertKnownAnswers(LoadedHeap heap) {
        HeapGraph g = heap.graph();
        Dominators d = heap.dominators();
        long root = g.objectOf(1);
        long leaf = g.objectOf(4);
        assertThat(g.objectCount()).isEqualTo(5);
        assertThat(d.retainedSize(root)).isEqualTo(16 + 100 + 200 + 1000);
        assertThat(d.retainedSize(g.objectOf(2))).isEqualTo(100);
        assertThat(d.retainedSize(leaf)).isEqualTo(1000);
        assertThat(d.immediateDominator(leaf)).isEqualTo(root);
        assertThat(d.isReachable(g.objectOf(5))).isFalse();
        assertThat(TopRetainers.largest(d, 2)).containsExactly((int) root, (int) leaf);
        assertThat(heap.namer().className(leaf)).isEqualTo("Leaf");
        assertThat(heap.namer().group(root, GroupBy.KIND)).isEqualTo("object");
        assertThat(heap.recordText(g.objectOf(3))).isEqualTo("object 3 Node 200 -> 4");
    }

    // ---- what would be format/toy/: the reader builds the graph; its store keeps what the namer needs ----

    /** The reader's result: the graph, each object's class name, and what the read warned about. */
    record ToyRead(HeapGraph graph, List<String> classOfObject, List<String> warnings) {
    }

    static final class ToyGraphReader {
        static ToyRead read(DumpInput input, AtomicLong bytesRead) {
            HeapGraphBuilder builder = new HeapGraphBuilder();
            HeapGraphPart part = builder.newPart();
            Map<Long, String> classes = new LinkedHashMap<>();
            List<String> warnings = new ArrayList<>();
            try (BufferedReader in = new BufferedReader(new InputStreamReader(input.openStream(), StandardCharsets.UTF_8))) {
                long position = 0;
                int number = 0;
                for (String line; (line = in.readLine()) != null; ) {
                    number++;
                    String[] w = line.split(" ");
                    if (w[0].equals("object") && w.length >= 4) {
                        long address = Long.parseLong(w[1]);
                        classes.put(address, w[2]);
                        part.addObject(address, (byte) 0, 0, Long.parseLong(w[3]));
                        part.setPosition(position);
                        for (int i = 5; i < w.length; i++) {
                            part.addReference(Long.parseLong(w[i]));
                        }
                    } else if (w[0].equals("root") && w.length == 3) {
                        part.addRoot(w[1], Long.parseLong(w[2]));
                    } else if (!line.startsWith("#") && !line.isEmpty()) {
                        warnings.add("line " + number + " not understood: " + line);
                    }
                    position += line.length() + 1;
                    bytesRead.set(position);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            HeapGraph graph = builder.build();
            List<String> classOfObject = new ArrayList<>();
            for (long o = 0; o < graph.objectCount(); o++) {
                classOfObject.add(classes.get(graph.address(o)));
            }
            return new ToyRead(graph, classOfObject, warnings);
        }
    }

    static final class ToyStore {
        static void write(ToyRead read, IndexWriter out) throws IOException {
            out.strings("toy.classes", read.classOfObject());
        }

        static ToyRead read(HeapGraph graph, IndexReader in) {
            return new ToyRead(graph, in.strings("toy.classes"), List.of());
        }
    }

    // ---- what would be analysis/toy/: the namer only names ----

    static final class ToyHeap implements NamedHeap {
        final ToyRead read;

        ToyHeap(ToyRead read) {
            this.read = read;
        }

        @Override
        public HeapGraph graph() {
            return read.graph();
        }

        @Override
        public String kind(long o) {
            return "object";
        }

        @Override
        public String group(long o, GroupBy key) {
            return key == GroupBy.KIND ? kind(o) : read.classOfObject().get((int) o);
        }

        @Override
        public ShownValue value(long o) {
            return ShownValue.NONE;
        }

        @Override
        public String location(long o) {
            return null;
        }

        @Override
        public String classObjectName(long o) {
            return null;
        }

        /** A toy reference has no name: its position among the object's references. */
        @Override
        public String edgeLabel(long from, int position, long to) {
            return "[" + position + "]";
        }
    }

    // ---- runtime/: the glue, and the runtime ----

    static final class ToyGraphFormat implements GraphFormat<ToyHeap> {
        @Override
        public Class<ToyHeap> namerType() {
            return ToyHeap.class;
        }

        @Override
        public String variant() {
            return "toy";
        }

        @Override
        public long estimatedObjects(DumpInput input) {
            return input.size() / 10; // a line is ten bytes or more
        }

        @Override
        public long bytesPerObject() {
            return 100;
        }

        @Override
        public int passes() {
            return 1;
        }

        @Override
        public Read<ToyHeap> reader(DumpInput input, boolean references, Phases phases, Scratch scratch) {
            AtomicLong bytesRead = new AtomicLong();
            return new Read<>() {
                @Override
                public long bytesRead() {
                    return bytesRead.get();
                }

                @Override
                public ToyHeap read() {
                    return new ToyHeap(ToyGraphReader.read(input, bytesRead));
                }
            };
        }

        @Override
        public List<String> warnings(ToyHeap heap) {
            return heap.read.warnings();
        }

        @Override
        public LoadedHeap.Records records(DumpInput input, ToyHeap heap) {
            return new LoadedHeap.Records() {
                @Override
                public String text(long o) {
                    try {
                        List<String> lines = Files.readAllLines(Path.of(input.name()));
                        long position = 0;
                        for (String line : lines) {
                            if (position == heap.graph().position(o)) {
                                return line;
                            }
                            position += line.length() + 1;
                        }
                        return null;
                    } catch (IOException e) {
                        return null;
                    }
                }

                @Override
                public void show(long... objects) {
                }
            };
        }

        @Override
        public void write(ToyHeap heap, IndexWriter out) throws IOException {
            ToyStore.write(heap.read, out);
        }

        @Override
        public ToyHeap restore(DumpInput input, HeapGraph graph, IndexReader in) {
            return new ToyHeap(ToyStore.read(graph, in));
        }
    }

    /**
     * The toy's entry in the registry: its words (keys and what each means), which dumps it reads, and how
     * to make it. Named in src/test/resources/META-INF/services/dev.heaplens.runtime.RuntimeEntry, so in
     * the tests the CLI's help, HeapRuntime.of and the key checks know it with no line of cli/ changed.
     */
    public static final class ToyEntry implements RuntimeEntry {
        @Override
        public Vocabulary words() {
            return ToyRuntime.WORDS;
        }

        /** A toy dump is text whose first line says so. */
        @Override
        public boolean reads(DumpInput input) {
            return new String(input.head(DUMP_MARK.length()), StandardCharsets.UTF_8).equals(DUMP_MARK);
        }

        @Override
        public HeapRuntime open(ReadOptions options, ReadListener listener) {
            return new ToyRuntime(options, listener);
        }
    }

    static final class ToyRuntime extends RuntimeBase {
        static final Vocabulary WORDS = new Vocabulary("Toy", "a toy dump", "toy dumps", GroupBy.KIND, GroupBy.CLASS,
                List.of(GroupBy.CLASS, GroupBy.KIND), List.of(GroupBy.CLASS, GroupBy.KIND), Vocabulary.Synonyms.NONE,
                Map.of(GroupBy.CLASS, "the word after the toy's address", GroupBy.KIND, "always object in a toy"),
                "A toy dump is text: 'object ADDRESS CLASS BYTES -> ADDRESS...' and 'root CATEGORY ADDRESS'.", GroupBy.CLASS);
        private final GraphLoad<ToyHeap> graphs;

        ToyRuntime(ReadOptions options, ReadListener listener) {
            super(options, listener, WORDS);
            graphs = new GraphLoad<>(new ToyGraphFormat(), options, listener);
        }

        @Override
        public LoadedHeap load(DumpInput input) {
            return graphs.load(input);
        }

        @Override
        public LoadedHeap loadObjects(DumpInput input) {
            return graphs.loadObjects(input);
        }

        /** A toy histogram counts over its graph (a real runtime streams its dump instead). */
        @Override
        public List<Histogram> histograms(DumpInput input, List<GroupBy> by) {
            LoadedHeap heap = load(input);
            List<Histogram> out = new ArrayList<>();
            for (GroupBy key : histogramKeys(by, input.name())) {
                Map<String, long[]> sums = new HashMap<>();
                for (int o = 0; o < heap.graph().objectCount(); o++) {
                    long[] s = sums.computeIfAbsent(heap.namer().group(o, key), k -> new long[2]);
                    s[0]++;
                    s[1] += heap.graph().shallowSize(o);
                }
                out.add(Histogram.of(key, sums));
            }
            return out;
        }

        @Override
        public SuspectsResult suspects(LoadedHeap heap, double thresholdPercent) {
            return SuspectFinder.find(heap.input().name(), graphs.namer(heap), heap.dominators(), thresholdPercent,
                    GroupBy.CLASS, heap.storedSuspectInputs(), analysed -> List.of());
        }

        @Override
        public HeapSummary summary(DumpInput input, boolean reachability) {
            throw new HeaplensException(input.name() + ": toy dumps have no summary");
        }

        @Override
        public LeakCandidates leakCandidates(DumpInput a, DumpInput b, LoadedHeap heapC) {
            throw new HeaplensException(a.name() + ": toy dumps have no identities to compare");
        }

        @Override
        public DuplicateStrings duplicateStrings(DumpInput input, int shown) {
            throw new HeaplensException(input.name() + ": toy dumps have no strings");
        }

        @Override
        public LoadedHeap loadThreads(DumpInput input) {
            throw new HeaplensException(input.name() + ": toy dumps have no threads");
        }
    }
}
