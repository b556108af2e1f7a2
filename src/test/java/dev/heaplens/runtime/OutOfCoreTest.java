package dev.heaplens.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heaplens.HeaplensException;
import dev.heaplens.graph.HeldScratch;
import dev.heaplens.io.DumpInput;
import dev.heaplens.testheap.TestHeap;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Out of core through the runtime seam: with a tiny {@code --memory}, the first load reads the dump,
 * writes its index and works from it mapped, the second maps the index; both give, column by column,
 * the heap an in-heap read with no index gives (both runtimes, seeded random heaps big enough that
 * the columns are mapped, not read one value at a time, and one whose read parts go to scratch
 * files). The choice and its refusals, worded once.
 */
class OutOfCoreTest {
    @TempDir
    Path dir;

    private LoadedHeap load(Path dump, ReadOptions options, ReadListener listener) {
        DumpInput input = DumpInput.open(dump.toString(), InputStream.nullInputStream());
        return HeapRuntime.of(input, options, listener).load(input);
    }

    @Test
    void outOfCoreGivesTheHeapTheHeapGives() throws IOException {
        ReadOptions everyCore = ReadOptions.defaults().withIndex(IndexOptions.fromEnvironment(Map.of(), dir.resolve("cache")));
        for (long seed = 0; seed < 5; seed++) {
            // one thread for the last heap: its HPROF read's one part passes the 16K objects at which
            // the part's chunks go to scratch files (a Ruby read's 8 parts, their references)
            ReadOptions indexed = seed < 4 ? everyCore : new ReadOptions(false, 1, null, everyCore.index());
            TestHeap h = HeapIndexTest.randomHeap(seed, seed == 4 ? 20_000 : 3000 + 1000 * (int) seed);
            for (Path dump : List.of(h.writeRuby(dir.resolve(seed + ".json")), h.writeHprof(dir.resolve(seed + ".hprof")))) {
                LoadedHeap inHeap = load(dump, indexed.withIndex(IndexOptions.OFF), ReadListener.QUIET);
                assertThat(inHeap.graph().isOutOfCore()).isFalse();
                HeapIndexTest.Reads first = new HeapIndexTest.Reads();
                LoadedHeap read = load(dump, indexed.withMemory(1), first);
                HeapIndexTest.Reads second = new HeapIndexTest.Reads();
                LoadedHeap reopened = load(dump, indexed.withMemory(1), second);
                for (HeapIndexTest.Reads n : List.of(first, second)) {
                    assertThat(n.notes).singleElement().asString().startsWith(dump + ": about ")
                            .contains("over the ").contains("(--memory): working out of core on its index " + dir.resolve("cache"));
                    assertThat(n.warnings).isEmpty();
                }
                if (HeldScratch.available()) { // the first read's scratch given back by the time it returns, not at a collection
                    assertThat(HeldScratch.sizes(dir.resolve("cache"), true)).as(dump + ": scratch still mapped with its disk")
                            .allMatch(size -> size == 0);
                    assertThat(HeldScratch.sizes(dir.resolve("cache"), false)).as(dump + ": scratch still open").isEmpty();
                }
                assertThat(first.notes.get(0)).contains("written first")
                        .contains(" at the peak with the scratch files beside it)");
                try (Stream<Path> files = Files.list(dir.resolve("cache"))) {
                    assertThat(files.map(f -> f.getFileName().toString())).as("no scratch file left")
                            .allMatch(f -> f.endsWith(".heaplens-index"));
                }
                assertThat(read.graph().isOutOfCore()).as("the read's heap, once indexed").isTrue();
                assertThat(reopened.graph().isOutOfCore()).isTrue();
                HeapIndexTest.assertSame(inHeap, read, dump + " read out of core");
                HeapIndexTest.assertSame(inHeap, reopened, dump + " reopened out of core");
                assertThat(load(dump, indexed, ReadListener.QUIET).graph().isOutOfCore()).as("enough memory").isFalse();
            }
        }
    }

    @Test
    void outOfCoreIsChosenPastTheLimitAndRefusedWhereItCannotWork() {
        long mib = 1L << 20;
        OutOfCore unbounded = new OutOfCore(0, 1024 * mib);
        assertThat(unbounded.limit()).isEqualTo(1024 * mib);
        assertThat(unbounded.needed(1_000_000, 100)).isFalse(); // 8 MiB + 95 MiB
        assertThat(unbounded.needed(20_000_000, 100)).isTrue();
        assertThat(unbounded.needed(0, 100)).as("unknown: tried in the heap").isFalse();
        OutOfCore asked = new OutOfCore(64 * mib, 1024 * mib);
        assertThat(asked.limit()).isEqualTo(64 * mib);
        assertThat(asked.needed(1_000_000, 100)).isTrue();
        assertThat(new OutOfCore(4096 * mib, 1024 * mib).limit()).as("never past the JVM's heap").isEqualTo(1024 * mib);
        // the launcher's young generation takes part of a small heap: a graph sized against the old one
        OutOfCore youngTaken = new OutOfCore(0, 420 * mib, () -> 315 * mib);
        assertThat(youngTaken.needed(3_457_879, 96)).as("1.2 GB Ruby dump at 420m: 325 MiB").isTrue();
        assertThat(youngTaken.limit()).isEqualTo(315 * mib);
        assertThat(youngTaken.line("big.json", 3_457_879, 96, OutOfCore.Disk.RUBY, Path.of("/i/big.json.heaplens-index"), -1))
                .contains("over the 315 MiB allowed (the heap's old generation)");
        assertThat(new OutOfCore(0, 420 * mib, () -> 315 * mib).needed(3_000_000, 96)).as("283 MiB").isFalse();
        assertThat(new OutOfCore(0, 1024 * mib, () -> { throw new AssertionError("asked for a small graph"); })
                .needed(1_000_000, 100)).isFalse();
        assertThat(asked.line("d.hprof", 7_386_747, 92, OutOfCore.Disk.JVM, Path.of("/i/d.hprof.heaplens-index"), 495_000_000))
                .isEqualTo("d.hprof: about 7,386,747 objects need about 656 MiB of heap, over the 64 MiB allowed (--memory):"
                        + " working out of core on its index /i/d.hprof.heaplens-index (495 MB on disk)");

        assertThat(asked.line("d.hprof", 10_000_000, 92, OutOfCore.Disk.JVM, Path.of("/i/d.hprof.heaplens-index"), -1))
                .as("the disk from the runtime's figures: the index, and index and scratch at their peak")
                .endsWith("(written first, about 660 MB on disk; about 800 MB at the peak with the scratch files beside it)");
        assertThat(asked.line("d.hprof.gz", 0, 92, OutOfCore.Disk.JVM, Path.of("/i/x.heaplens-index"), -1))
                .as("objects not counted: no '0 objects need 8 MiB, over the 64 MiB allowed'")
                .isEqualTo("d.hprof.gz: objects not counted before the read, --memory 64 MiB: working out of core on its"
                        + " index /i/x.heaplens-index (written first, with scratch files beside it)");
        // past 2^31 objects always out of core; on a heap with room for them, the count is why, not the heap
        long past = 3_000_000_000L;
        OutOfCore huge = new OutOfCore(0, 1L << 48);
        assertThat(huge.needed(past, 70)).isTrue();
        assertThat(huge.needed(2_000_000_000L, 70)).isFalse();
        assertThat(huge.line("d.hprof", past, 70, OutOfCore.Disk.JVM, Path.of("/i/d.hprof.heaplens-index"), 200_000_000_000L))
                .isEqualTo("d.hprof: about 3,000,000,000 objects, past the 2,147,483,639 a graph in the heap holds:"
                        + " working out of core on its index /i/d.hprof.heaplens-index (200.0 GB on disk)");
        assertThat(huge.scratchLine("d.hprof", past, 70, OutOfCore.Disk.JVM, Path.of("/s")))
                .isEqualTo("d.hprof: about 3,000,000,000 objects, past the 2,147,483,639 a graph in the heap holds:"
                        + " working out of core on a scratch index in /s (about 240.0 GB on disk at the peak, deleted when done)");
        assertThat(new OutOfCore(0, 1024 * mib).line("d.hprof", past, 70, OutOfCore.Disk.JVM, Path.of("/i/x"), -1))
                .as("over the heap too: the heap is why").startsWith("d.hprof: about 3,000,000,000 objects need about ");
        assertThatThrownBy(() -> asked.requirePlace("d.json", 1_000_000, 100, OutOfCore.Disk.RUBY, null))
                .isInstanceOf(HeaplensException.class)
                .hasMessageStartingWith("d.json: its heap graph (about 1,000,000 objects) needs about 103 MiB of heap,"
                        + " over the 64 MiB allowed, and cannot work out of core: that needs an index file");
        assertThatThrownBy(() -> asked.requirePlace("d.json", Long.MAX_VALUE / 1000, 100, OutOfCore.Disk.RUBY, dir.resolve("d.json.heaplens-index")))
                .isInstanceOf(HeaplensException.class).hasMessageContaining("on disk at their peak and " + dir + " has ")
                .hasMessageContaining("--index-dir DIR");
        asked.requirePlace("d.json", 1_000_000, 100, OutOfCore.Disk.RUBY, dir.resolve("d.json.heaplens-index")); // room enough
    }
}
