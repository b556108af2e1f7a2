package dev.heaplens.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.analysis.suspects.SuspectsResult;
import dev.heaplens.io.DumpInput;
import dev.heaplens.testheap.TestHeap;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Suspects' first read writes its index behind the command: the graph's sections on the writer's
 * thread while the command's thread works out suspects' inputs, which the writer then stores. The
 * oracle is the same load written on the caller's thread (no write-behind scope): the index is the
 * same byte for byte, the result the same, and the index read back gives it again. Random heaps,
 * both runtimes.
 */
class SuspectsWrittenBehindTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"json", "hprof"})
    void theIndexWrittenBehindIsTheOneWrittenInTurn(String kind) throws Exception {
        for (long seed = 1; seed <= 6; seed++) {
            TestHeap heap = HeapIndexTest.randomHeap(seed, 300);
            Path dump = dir.resolve("heap-" + seed + "." + kind);
            if (kind.equals("json")) {
                heap.writeRuby(dump);
            } else {
                heap.writeHprof(dump);
            }
            Path inTurn = dir.resolve("in-turn-" + seed);
            Path behind = dir.resolve("behind-" + seed);
            SuspectsResult expected = suspects(dump, inTurn);
            SuspectsResult got;
            try (IndexWriteBehind ignored = IndexWriteBehind.during(true)) {
                got = suspects(dump, behind);
            }
            assertThat(got).as("seed " + seed).isEqualTo(expected);
            assertThat(Files.mismatch(index(behind), index(inTurn))).as("first byte that differs, seed " + seed).isEqualTo(-1L);
            assertThat(suspects(dump, behind)).as("read back, seed " + seed).isEqualTo(expected);
        }
    }

    private static SuspectsResult suspects(Path dump, Path indexDir) {
        DumpInput input = DumpInput.open(dump.toString(), InputStream.nullInputStream());
        IndexOptions index = new IndexOptions(true, indexDir, indexDir.resolve("cache"));
        HeapRuntime runtime = HeapRuntime.of(input, ReadOptions.defaults().withIndex(index), new HeapIndexTest.Reads());
        return runtime.suspects(runtime.loadForSuspects(input), 1);
    }

    private static Path index(Path indexDir) throws Exception {
        try (Stream<Path> files = Files.walk(indexDir)) {
            return files.filter(f -> f.toString().endsWith(HeapIndex.SUFFIX)).findFirst().orElseThrow();
        }
    }
}
