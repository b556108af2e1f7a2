package dev.heaplens.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heaplens.HeaplensException;
import dev.heaplens.io.DumpInput;
import dev.heaplens.testheap.TestHeap;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Out of core where no index is kept ({@code --no-index}, standard input): with a tiny
 * {@code --memory} the graph is read out of core, its index written to a scratch directory in the
 * temporary directory, mapped and deleted, and the heap is, column by column, the one an in-heap read
 * gives (both runtimes, seeded random heaps); no file is left behind, after a failed read either.
 */
class NoIndexOutOfCoreTest {
    @TempDir
    Path dir;
    @TempDir
    Path tmp;
    private String savedTmp;

    @BeforeEach
    void scratchInTmp() {
        savedTmp = System.getProperty("java.io.tmpdir");
        System.setProperty("java.io.tmpdir", tmp.toString()); // where ScratchIndex puts its directory
    }

    @AfterEach
    void restoreTmp() {
        System.setProperty("java.io.tmpdir", savedTmp);
    }

    private static LoadedHeap load(Path dump, InputStream stdin, ReadOptions options, ReadListener listener) {
        DumpInput input = DumpInput.open(dump == null ? "-" : dump.toString(), stdin);
        return HeapRuntime.of(input, options, listener).load(input);
    }

    private List<Path> leftInTmp() throws IOException {
        try (Stream<Path> files = Files.walk(tmp)) {
            return files.filter(p -> !p.equals(tmp)).toList();
        }
    }

    @Test
    void noIndexOutOfCoreGivesTheHeapTheHeapGivesAndLeavesNothing() throws IOException {
        ReadOptions noIndex = ReadOptions.defaults().withIndex(IndexOptions.OFF);
        for (long seed = 0; seed < 3; seed++) {
            TestHeap h = HeapIndexTest.randomHeap(seed, 4000 + 3000 * (int) seed);
            for (Path dump : List.of(h.writeRuby(dir.resolve(seed + ".json")), h.writeHprof(dir.resolve(seed + ".hprof")))) {
                LoadedHeap inHeap = load(dump, InputStream.nullInputStream(), noIndex, ReadListener.QUIET);
                assertThat(inHeap.graph().isOutOfCore()).isFalse();
                HeapIndexTest.Reads reads = new HeapIndexTest.Reads();
                LoadedHeap outOfCore = load(dump, InputStream.nullInputStream(), noIndex.withMemory(1), reads);
                assertThat(reads.notes).singleElement().asString().startsWith(dump + ": about ")
                        .contains("(--memory): working out of core on a scratch index in " + tmp.resolve("heaplens-scratch-"))
                        .endsWith("deleted when done)");
                assertThat(reads.warnings).isEmpty();
                assertThat(outOfCore.graph().isOutOfCore()).isTrue();
                assertThat(outOfCore.index()).as("no index kept to extend later").isNull();
                assertThat(leftInTmp()).as("nothing left once mapped").isEmpty();
                HeapIndexTest.assertSame(inHeap, outOfCore, dump + " --no-index out of core");
                try (Stream<Path> files = Files.list(dir)) {
                    assertThat(files.map(f -> f.getFileName().toString())).as("no index beside the dump")
                            .noneMatch(f -> f.contains("heaplens"));
                }
            }
        }
    }

    @Test
    void noWritableDirectoryGoesOutOfCoreOnAScratchIndex() throws IOException {
        // --index-dir under a regular file: no index can be written there (as root, a read-only
        // directory would still be writable)
        Path notADirectory = Files.writeString(dir.resolve("file"), "x");
        ReadOptions nowhere = ReadOptions.defaults().withIndex(new IndexOptions(true, notADirectory.resolve("idx"), null));
        Path dump = HeapIndexTest.randomHeap(5, 5000).writeRuby(dir.resolve("ro.json"));
        LoadedHeap inHeap = load(dump, InputStream.nullInputStream(), nowhere.withIndex(IndexOptions.OFF), ReadListener.QUIET);
        HeapIndexTest.Reads reads = new HeapIndexTest.Reads();
        LoadedHeap outOfCore = load(dump, InputStream.nullInputStream(), nowhere.withMemory(1), reads);
        assertThat(reads.notes).singleElement().asString().contains("working out of core on a scratch index in " + tmp);
        assertThat(reads.warnings).isEmpty();
        assertThat(outOfCore.graph().isOutOfCore()).isTrue();
        assertThat(leftInTmp()).isEmpty();
        HeapIndexTest.assertSame(inHeap, outOfCore, dump + " with no writable directory");
    }

    @Test
    void standardInputWithMemoryGoesOutOfCore() throws IOException {
        TestHeap h = HeapIndexTest.randomHeap(7, 6000);
        for (Path dump : List.of(h.writeRuby(dir.resolve("s.json")))) { // HPROF is read twice: never from a pipe
            ReadOptions options = ReadOptions.defaults();
            LoadedHeap inHeap;
            try (InputStream in = Files.newInputStream(dump)) {
                inHeap = load(null, in, options, ReadListener.QUIET);
            }
            assertThat(inHeap.graph().isOutOfCore()).as("not counted, no --memory: in the heap").isFalse();
            HeapIndexTest.Reads reads = new HeapIndexTest.Reads();
            LoadedHeap outOfCore;
            try (InputStream in = Files.newInputStream(dump)) {
                outOfCore = load(null, in, options.withMemory(1), reads);
            }
            assertThat(reads.notes).singleElement().asString()
                    .startsWith("standard input: objects not counted before the read, --memory ")
                    .contains("working out of core on a scratch index in " + tmp);
            assertThat(outOfCore.graph().isOutOfCore()).isTrue();
            assertThat(leftInTmp()).isEmpty();
            HeapIndexTest.assertSame(inHeap, outOfCore, dump + " from standard input out of core");
        }
    }

    @Test
    void aFailedReadLeavesNoScratch() throws IOException {
        Path dump = HeapIndexTest.randomHeap(3, 5000).writeRuby(dir.resolve("bad.json"));
        Files.writeString(dump, "{\"address\":\"0x1\", \"type\":\"OBJ\n", java.nio.file.StandardOpenOption.APPEND);
        ReadOptions strict = new ReadOptions(true, 2, null, IndexOptions.OFF, 1);
        assertThatThrownBy(() -> load(dump, InputStream.nullInputStream(), strict, ReadListener.QUIET))
                .isInstanceOf(HeaplensException.class);
        assertThat(leftInTmp()).as("scratch removed after the failed read").isEmpty();
    }

    @Test
    void tooLittleRoomIsSaidInOneLine() {
        OutOfCore asked = new OutOfCore(64L << 20, 1024L << 20);
        assertThatThrownBy(() -> asked.requireScratchPlace("d.json", Long.MAX_VALUE / 1000, 100, OutOfCore.Disk.RUBY, tmp.resolve("sub")))
                .isInstanceOf(HeaplensException.class)
                .hasMessageStartingWith("d.json: its heap graph (about ")
                .hasMessageContaining("cannot work out of core: its scratch index and scratch files need about ")
                .hasMessageContaining(" on disk at their peak and " + tmp + " has ")
                .hasMessageEndingWith("free (HEAPLENS_SCRATCH=DIR names another place)")
                .message().doesNotContain("\n");
        asked.requireScratchPlace("d.json", 1_000_000, 100, OutOfCore.Disk.RUBY, tmp); // room enough
    }
}
