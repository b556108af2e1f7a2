package dev.heaplens.runtime;

import dev.heaplens.analysis.ruby.RubyHeap;
import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.analysis.suspects.SuspectsResult;
import dev.heaplens.io.DumpInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Ruby first read gathers the waste facts (string values grouped, empty and half-empty
 * collections) only when something will ask for the findings: suspects, or the index it writes,
 * which keeps them. The oracle is suspects itself: on a real Ruby program's known waste
 * (scripts/fixtures/suspects/make-waste.rb), the findings from an index written by a plain load
 * equal those of suspects reading the dump with no index.
 */
class WasteFactsWhenAskedTest {
    private static final Path WASTE = Path.of("src/test/resources/fixtures/suspects/waste.json.gz");
    @TempDir
    Path dir;

    private static HeapRuntime runtime(DumpInput input, IndexOptions index) {
        return HeapRuntime.of(input, ReadOptions.defaults().withIndex(index), new HeapIndexTest.Reads());
    }

    private static DumpInput open(Path dump) {
        return DumpInput.open(dump.toString(), InputStream.nullInputStream());
    }

    private static boolean gathered(LoadedHeap heap) {
        return ((RubyHeap) heap.namer()).read().waste() != null;
    }

    @Test
    void aLoadThatWritesNoIndexGathersNoFactsAndSuspectsStillHasItsFindings() {
        DumpInput input = open(WASTE);
        HeapRuntime runtime = runtime(input, IndexOptions.OFF);
        assertThat(gathered(runtime.load(input))).as("top --no-index").isFalse();

        DumpInput again = open(WASTE);
        LoadedHeap forSuspects = runtime(again, IndexOptions.OFF).loadForSuspects(again);
        assertThat(gathered(forSuspects)).as("suspects --no-index").isTrue();
        assertThat(runtime.suspects(forSuspects, 1).findings()).extracting(Finding::check)
                .contains("duplicate-strings", "empty-collections", "unused-capacity");
    }

    @Test
    void aLoadThatWritesTheIndexGathersThemAndTheIndexGivesSuspectsTheSameFindings() throws Exception {
        Path dump = Files.copy(WASTE, dir.resolve("waste.json.gz"));
        IndexOptions index = IndexOptions.fromEnvironment(Map.of(), dir.resolve("cache"));
        DumpInput first = open(dump);
        assertThat(gathered(runtime(first, index).load(first))).as("top, writing the index").isTrue();

        DumpInput fromIndex = open(dump);
        HeapRuntime indexed = runtime(fromIndex, index);
        SuspectsResult stored = indexed.suspects(indexed.loadForSuspects(fromIndex), 1);
        DumpInput read = open(dump);
        HeapRuntime noIndex = runtime(read, IndexOptions.OFF);
        SuspectsResult fresh = noIndex.suspects(noIndex.loadForSuspects(read), 1);
        assertThat(stored.findings()).isNotEmpty().isEqualTo(fresh.findings());
    }
}
