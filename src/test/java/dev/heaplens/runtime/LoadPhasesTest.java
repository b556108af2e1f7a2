package dev.heaplens.runtime;

import dev.heaplens.format.hprof.LeakDumps;
import dev.heaplens.io.DumpInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A graph load tells its phases in order (the read, the references, the dominators, the retained
 * sizes), one at a time, each ending within its total; a read of two passes tells the file's size
 * once and the passes beside it (issue 27: "137.8 MB of 134.9 MB", "serve counts the file twice").
 */
class LoadPhasesTest {
    @TempDir
    Path dir;

    /** One event per read or phase: its label, the size it was given, passes, and where its counter ended. */
    record Event(String label, long total, int passes, long done) {
    }

    private static final class Recorder implements ReadListener {
        final List<Event> events = new ArrayList<>();
        final List<String> said = new ArrayList<>();
        int open;

        @Override
        public Reading phase(String label, long total, LongSupplier done) {
            return record(label, total, 0, done);
        }

        @Override
        public Reading reading(String label, long fileSize, int passes, LongSupplier done) {
            return record(label, fileSize, passes, done);
        }

        @Override
        public Reading reading(String label, long total, LongSupplier done) {
            return record(label, total, 1, done);
        }

        @Override
        public void warning(String dumpName, String message) {
            note(dumpName + ": " + message); // a sound dump gets neither
        }

        @Override
        public void note(String message) {
            said.add(message);
        }

        private synchronized Reading record(String label, long total, int passes, LongSupplier done) {
            open++;
            int at = events.size();
            events.add(null);
            return () -> {
                synchronized (this) {
                    open--;
                    events.set(at, new Event(label, total, passes, done.getAsLong()));
                }
            };
        }
    }

    @Test
    void aJvmLoadTellsItsPhasesInOrderAndTheFileOnce() throws IOException {
        LeakDumps.write(dir);
        Path c = dir.resolve("c.hprof");
        for (String layout : new String[] {null, "compressed"}) {
            DumpInput input = DumpInput.open(c.toString(), null);
            Recorder recorder = new Recorder();
            LoadedHeap heap = HeapRuntime.of(input, new ReadOptions(false, 1, layout, IndexOptions.OFF), recorder).load(input);
            heap.dominators();
            List<Event> events = recorder.events;
            assertThat(events).extracting(Event::label).containsExactly("reading " + c, c + ": references",
                    c + ": dominators", c + ": retained sizes");
            // the file's size, and the passes over it: never the two multiplied as if the file were bigger
            assertThat(events.get(0).total()).isEqualTo(Files.size(c));
            assertThat(events.get(0).passes()).as("layout %s", layout).isEqualTo(layout == null ? 1 : 2);
            checkPhases(events, heap);
            assertThat(recorder.open).isZero();
            assertThat(recorder.said).as("a sound dump reads without a word").isEmpty();
        }
    }

    @Test
    void aRubyLoadTellsTheSamePhases() {
        String dump = "src/test/resources/fixtures/leak/c.json.gz";
        DumpInput input = DumpInput.open(dump, null);
        Recorder recorder = new Recorder();
        LoadedHeap heap = HeapRuntime.of(input, new ReadOptions(false, 2, null, IndexOptions.OFF), recorder).load(input);
        heap.reachability();
        assertThat(recorder.events).extracting(Event::label).containsExactly("reading " + dump, dump + ": references",
                dump + ": dominators", dump + ": retained sizes");
        assertThat(recorder.events.get(0).total()).as("a gzip's size is unknown before it is read").isEqualTo(-1);
        checkPhases(recorder.events, heap);
        assertThat(recorder.open).isZero();
    }

    private static void checkPhases(List<Event> events, LoadedHeap heap) {
        Event references = events.get(1), dominators = events.get(2), retained = events.get(3);
        assertThat(references.total()).as("references are not counted").isEqualTo(-1);
        // the dominators count three passes over the objects; the retained sizes two over those reached
        assertThat(dominators.total()).isEqualTo(3L * heap.graph().objectCount());
        assertThat(retained.total()).isEqualTo(2L * heap.dominators().reachableCount());
        for (Event phase : List.of(dominators, retained)) {
            assertThat(phase.done()).as(phase.label()).isBetween(0L, phase.total());
        }
        assertThat(retained.done()).as("the last step of the retained sizes is counted").isPositive();
    }
}
