package dev.heaplens.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexKey;
import dev.heaplens.io.DumpInput;
import dev.heaplens.testheap.TestHeap;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new index written behind the command: the load returns while its sections are still being
 * written (a write held on a latch proves it), on another thread; asking the heap for its index,
 * or closing the scope, waits for the write, which is then whole (it opens with the dump's key).
 * Without a scope the write is done before the load returns, on the caller's thread.
 */
class IndexWriteBehindTest {
    @TempDir
    Path dir;

    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicReference<String> writer = new AtomicReference<>();

    private Path dump() {
        TestHeap h = HeapIndexTest.randomHeap(7, 50);
        return h.writeRuby(dir.resolve("heap.json"));
    }

    private LoadedHeap load(Path dump, HeapIndex index) {
        DumpInput input = DumpInput.open(dump.toString(), InputStream.nullInputStream());
        HeapRuntime runtime = HeapRuntime.of(input, ReadOptions.defaults().withIndex(IndexOptions.OFF), ReadListener.QUIET);
        LoadedHeap heap = runtime.load(input); // the real read, without an index: the heap to store
        return index.load(input, "test", false, () -> new HeapIndex.Built(heap, List.of()), blockingStore());
    }

    private IndexOptions options() {
        return new IndexOptions(true, dir.resolve("indexes"), dir.resolve("cache"));
    }

    /** Writes one section, once the test releases it, naming the thread that wrote it. */
    private HeapIndex.Store blockingStore() {
        return new HeapIndex.Store() {
            @Override
            public HeapIndex.Sections sectionsOf(LoadedHeap heap) {
                return out -> {
                    try {
                        release.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    writer.set(Thread.currentThread().getName());
                    out.strings("test", List.of("written"));
                };
            }

            @Override
            public LoadedHeap read(IndexReader in) {
                throw new AssertionError("no index to read in this test");
            }
        };
    }

    /** The files in the index directory (--index-dir names them after the dump's path). */
    private List<Path> indexDirectory() throws java.io.IOException {
        Path indexes = dir.resolve("indexes");
        if (!Files.isDirectory(indexes)) {
            return List.of();
        }
        try (var files = Files.list(indexes)) {
            return files.toList();
        }
    }

    @Test
    void theLoadReturnsBeforeTheWriteAndTheHeapsIndexWaitsForIt() throws Exception {
        Path dump = dump();
        LoadedHeap heap;
        HeapIndex.Place place;
        try (IndexWriteBehind ignored = IndexWriteBehind.during(true)) {
            heap = load(dump, new HeapIndex(options(), ReadListener.QUIET));
            assertThat(writer.get()).as("the write is held: the load returned before it").isNull();
            assertThat(indexDirectory()).allMatch(f -> !f.getFileName().toString().endsWith(HeapIndex.SUFFIX));
            release.countDown();
            place = heap.index();
            assertThat(place).isNotNull();
            assertThat(place.file()).exists();
            assertThat(writer.get()).isNotEqualTo(Thread.currentThread().getName());
        }
        try (IndexReader in = IndexReader.open(place.file(), IndexKey.of(dump, "test"))) {
            assertThat(in.strings("test")).containsExactly("written");
        }
    }

    @Test
    void closingTheScopeWaitsForTheWrite() throws Exception {
        Path dump = dump();
        Thread releaser = new Thread(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            release.countDown();
        });
        try (IndexWriteBehind ignored = IndexWriteBehind.during(true)) {
            load(dump, new HeapIndex(options(), ReadListener.QUIET));
            releaser.start();
        }
        assertThat(writer.get()).isNotNull();
        assertThat(indexDirectory()).as("the index, and no temporary file left").singleElement()
                .satisfies(f -> assertThat(f.getFileName().toString()).endsWith(HeapIndex.SUFFIX));
        releaser.join();
    }

    @Test
    void withoutAScopeTheIndexIsWrittenBeforeTheLoadReturns() throws Exception {
        Path dump = dump();
        release.countDown();
        assertThat(IndexWriteBehind.allowed()).isFalse();
        load(dump, new HeapIndex(options(), ReadListener.QUIET));
        assertThat(writer.get()).isEqualTo(Thread.currentThread().getName());
        assertThat(indexDirectory()).singleElement()
                .satisfies(f -> assertThat(f.getFileName().toString()).endsWith(HeapIndex.SUFFIX));
        assertThat(IndexWriteBehind.during(false)).isNull();
    }
}
