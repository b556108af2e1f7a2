package dev.heaplens.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.Leaks;
import dev.heaplens.analysis.suspects.SuspectsResult;
import dev.heaplens.format.hprof.LeakDumps;
import dev.heaplens.graph.WideIds;
import dev.heaplens.io.DumpInput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ruby suspects and the leaks of both runtimes as past 2^31 objects: read for any graph size, out of
 * core (the first read writes the index, the second maps it), ids forced wide and every heap array an
 * object refused, they find what an in-heap read without an index finds, field by field: the suspects
 * and findings of the Rails sample and the Ruby fixtures (runtime methods, waste, a leak); the leaks of
 * the Ruby leak fixtures, of a triple whose C's objects are mostly new, and of the JVM's leak dumps
 * (with and without retained sizes, by bytes and by retained size): the steps beneath the commands,
 * whose printed output {@code LeaksAndRubySuspectsWideTest} checks.
 */
class LeaksAndRubySuspectsPast2To31Test {
    private static final String FIXTURES = "src/test/resources/fixtures/";

    @TempDir
    Path dir;

    private ReadOptions indexed() {
        return ReadOptions.defaults().withIndex(IndexOptions.fromEnvironment(Map.of(), dir.resolve("cache")));
    }

    /** Out of core (run as past 2^31: wide, refusing heap arrays an object). */
    private ReadOptions past2To31() {
        return indexed().withMemory(1);
    }


    private static DumpInput input(String file) {
        return DumpInput.open(file, InputStream.nullInputStream());
    }

    private static SuspectsResult suspects(String dump, ReadOptions options) {
        HeapRuntime runtime = HeapRuntime.of(input(dump), options, ReadListener.QUIET);
        LoadedHeap heap = runtime.loadForSuspects(input(dump));
        assertThat(heap.graph().isOutOfCore()).isEqualTo(options.memory() == 1);
        return runtime.suspects(heap, 0.5);
    }

    @Test
    void suspectsAreTheHeaps() throws IOException {
        for (String resource : List.of("samples/rails-ish.json.gz", FIXTURES + "suspects/methods.json.gz",
                FIXTURES + "suspects/waste.json.gz", FIXTURES + "suspects/leak.json.gz", FIXTURES + "basic.json.gz")) {
            String dump = Files.copy(Path.of(resource), dir.resolve(Path.of(resource).getFileName())).toString();
            SuspectsResult inHeap = suspects(dump, indexed().withIndex(IndexOptions.OFF));
            assertThat(inHeap.suspects().size() + inHeap.findings().size()).as(dump).isPositive();
            for (String pass : List.of("first read", "mapped index")) {
                SuspectsResult past = WideIds.asPast2To31(() -> suspects(dump, past2To31()));
                assertThat(past).as(pass + " " + dump).usingRecursiveComparison().isEqualTo(inHeap);
            }
        }
    }

    /** Leaks as the command finds them: with retained sizes by bytes and by retained size, and without. */
    private static List<Leaks> leaks(List<String> dumps, ReadOptions options, GroupBy by) {
        HeapRuntime runtime = HeapRuntime.of(input(dumps.get(2)), options, ReadListener.QUIET);
        List<Leaks> found = new ArrayList<>();
        LeakCandidates c = runtime.leakCandidates(input(dumps.get(0)), input(dumps.get(1)), input(dumps.get(2)));
        assertThat(c.heapC().graph().isOutOfCore()).isEqualTo(options.memory() == 1);
        for (Leaks.Order order : Leaks.Order.values()) {
            found.add(Leaks.find(c.heapC().namer(), c.heapC().graph().strongReferences(), c.newInB(), c.rule(), by, 10, order));
        }
        LeakCandidates objects = runtime.leakCandidates(input(dumps.get(0)), input(dumps.get(1)),
                runtime.loadObjects(input(dumps.get(2))));
        found.add(Leaks.withoutRetained(objects.heapC().namer(), objects.newInB(), objects.rule(), by));
        return found;
    }

    @Test
    void leaksAreTheHeaps() throws IOException {
        List<String> fixtures = new ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            fixtures.add(Files.copy(Path.of(FIXTURES + "leak/" + name + ".json.gz"), dir.resolve(name + ".json.gz")).toString());
        }
        List<String> rails = List.of(fixtures.get(0),
                Files.copy(Path.of(FIXTURES + "rails_ish.json.gz"), dir.resolve("rails-b.json.gz")).toString(),
                Files.copy(Path.of("samples/rails-ish.json.gz"), dir.resolve("rails-c.json.gz")).toString());
        for (List<String> dumps : List.of(fixtures, rails)) {
            sameAsInTheHeap(dumps, GroupBy.LOCATION);
        }
    }

    @Test
    void theJvmsLeaksAreTheHeaps() throws IOException {
        LeakDumps.write(dir);
        sameAsInTheHeap(List.of("a", "b", "c").stream().map(n -> dir.resolve(n + ".hprof").toString()).toList(), GroupBy.CLASS);
    }

    private void sameAsInTheHeap(List<String> dumps, GroupBy by) {
        List<Leaks> inHeap = leaks(dumps, indexed().withIndex(IndexOptions.OFF), by);
        assertThat(inHeap.get(0).groups()).as(dumps.get(2)).hasSizeGreaterThan(1);
        for (String pass : List.of("first read", "mapped index")) {
            List<Leaks> past = WideIds.asPast2To31(() -> leaks(dumps, past2To31(), by));
            assertThat(past).as(pass + " " + dumps.get(2)).usingRecursiveComparison().isEqualTo(inHeap);
        }
    }
}
