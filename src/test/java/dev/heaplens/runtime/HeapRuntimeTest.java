package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.GroupBy;
import dev.heaplens.cli.CliTestSupport;
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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The seam: one runtime per detected format, reporting through one listener. */
class HeapRuntimeTest {
    @TempDir
    Path dir;

    /** Remembers what a read reported. */
    private static final class Recorder implements ReadListener {
        final List<String> notes = new ArrayList<>();
        final List<String> warnings = new ArrayList<>();
        final List<long[]> reads = new ArrayList<>(); // total, bytes done when the read ended
        int open;

        @Override
        public void warning(String dumpName, String message) {
            warnings.add(dumpName + ": " + message);
        }

        @Override
        public void note(String message) {
            notes.add(message);
        }

        @Override
        public Reading reading(String label, long total, LongSupplier done) {
            open++;
            return () -> {
                open--;
                reads.add(new long[] {total, done.getAsLong()});
            };
        }
    }

    private static ReadOptions oneThread() {
        return new ReadOptions(false, 1, null);
    }

    @Test
    void aJvmGraphLoadReportsProgressOverItsPassesOfTheFile() throws IOException {
        LeakDumps.write(dir);
        Path c = dir.resolve("c.hprof");
        long size = Files.size(c);
        // layout detected: one pass over the objects with the classes detecting read; given: two
        for (String layout : new String[] {null, "compressed"}) {
            DumpInput input = DumpInput.open(c.toString(), null);
            Recorder recorder = new Recorder();
            HeapRuntime runtime = HeapRuntime.of(input, new ReadOptions(false, 1, layout), recorder);
            assertThat(runtime.name()).isEqualTo("JVM");
            LoadedHeap heap = runtime.load(input);
            assertThat(heap.graph().objectCount()).isPositive();
            int passes = layout == null ? 1 : 2;
            assertThat(recorder.open).isZero();
            assertThat(recorder.reads).hasSize(1);
            assertThat(recorder.reads.get(0)[0]).as("layout %s", layout).isEqualTo(passes * size);
            // the whole passes, and with no layout given the detection's look at the first records too
            // (and no more than those passes and one more look: a fall back to two passes would be more)
            assertThat(recorder.reads.get(0)[1]).as("layout %s", layout)
                    .isGreaterThanOrEqualTo(passes * size).isGreaterThan(size).isLessThanOrEqualTo((passes + 1) * size);
        }
    }

    @Test
    void aRubyGraphLoadReportsProgressThroughTheSameListener() {
        List<String> lines = new ArrayList<>();
        lines.add("{\"type\":\"ROOT\", \"root\":\"vm\", \"references\":[\"0x1\"]}");
        lines.add("{\"address\":\"0x1\", \"type\":\"STRING\", \"memsize\":40}");
        Path dump = CliTestSupport.writeDump(dir, "heap.json", lines.toArray(String[]::new));
        DumpInput input = DumpInput.open(dump.toString(), null);
        Recorder recorder = new Recorder();
        HeapRuntime runtime = HeapRuntime.of(input, oneThread(), recorder);
        assertThat(runtime.name()).isEqualTo("Ruby");
        runtime.load(input);
        assertThat(recorder.open).isZero();
        assertThat(recorder.reads).hasSize(1);
        assertThat(recorder.reads.get(0)).containsExactly(input.size(), input.size());
    }

    @Test
    void eachRuntimeTakesItsOwnKeysAndTheOldWordsForThem() throws IOException {
        LeakDumps.write(dir);
        DumpInput jvmDump = DumpInput.open(dir.resolve("a.hprof").toString(), null);
        Recorder recorder = new Recorder();
        HeapRuntime jvm = HeapRuntime.of(jvmDump, oneThread(), recorder);
        assertThat(jvm.key(GroupBy.TYPE, jvm.graphKeys(), "a")).isEqualTo(GroupBy.KIND);
        assertThat(recorder.notes).isEmpty();
        assertThat(jvm.key(GroupBy.GEM, jvm.graphKeys(), "a")).isEqualTo(GroupBy.PACKAGE);
        assertThat(recorder.notes).containsExactly("--by gem on a JVM heap dump groups by Java package: say --by package");
        assertThatThrownBy(() -> jvm.key(GroupBy.GEM, jvm.histogramKeys(), "a")).isInstanceOf(HeaplensException.class)
                .hasMessage("a: --by gem is for Ruby dumps; a JVM heap dump groups by class, package, loader or kind");
        assertThatThrownBy(() -> jvm.key(GroupBy.LOCATION, jvm.graphKeys(), "a"))
                .hasMessage("a: --by location is for Ruby dumps; a JVM heap dump groups by class, package or kind");

        Path ruby = CliTestSupport.writeDump(dir, "heap.json", "{\"address\":\"0x1\", \"type\":\"STRING\", \"memsize\":40}");
        DumpInput rubyDump = DumpInput.open(ruby.toString(), null);
        HeapRuntime rubyRuntime = HeapRuntime.of(rubyDump, oneThread(), recorder);
        assertThat(rubyRuntime.key(GroupBy.GEM, rubyRuntime.graphKeys(), "r")).isEqualTo(GroupBy.GEM);
        assertThatThrownBy(() -> rubyRuntime.key(GroupBy.FILE, rubyRuntime.graphKeys(), "r"))
                .hasMessage("r: --by file does not apply here; a Ruby dump groups by class, type, location or gem");
        assertThatThrownBy(() -> rubyRuntime.duplicateStrings(rubyDump, 10)).isInstanceOf(HeaplensException.class)
                .hasMessageContaining("strings reads JVM heap dumps");
    }

    @Test
    void theLinesAreEstimatedFromTheDumpsOwnBytes() throws IOException {
        int records = 20_000;
        String[] lines = new String[records];
        for (int i = 0; i < records; i++) {
            lines[i] = "{\"address\":\"0x" + Integer.toHexString(0x1000 + 16 * i) + "\", \"type\":\"STRING\", \"class\":\"0x10\","
                    + " \"bytesize\":" + (i % 97) + ", \"value\":\"" + "x".repeat(i % 97) + "\", \"memsize\":40}";
        }
        Path plain = CliTestSupport.writeDump(dir, "big.json", lines);
        assertThat(Files.size(plain)).isGreaterThan(1 << 20); // so the estimate extrapolates from a sample
        long estimate = ObjectCountEstimate.lines(DumpInput.open(plain.toString(), null));
        assertThat(estimate).isBetween((long) (records * 0.9), (long) (records * 1.1));
        Path gzip = CliTestSupport.writeGzipDump(dir, "big.json.gz", lines);
        long fromGzip = ObjectCountEstimate.lines(DumpInput.open(gzip.toString(), null));
        assertThat(fromGzip).isBetween((long) (records * 0.8), (long) (records * 1.2));
    }

    @Test
    void aGzippedRealDumpIsEstimatedFromItsTrailersSize() throws Exception {
        // the bundled Rails dump holds 64,208 lines; its head compresses far better than the rest
        long lines = ObjectCountEstimate.lines(DumpInput.open("samples/rails-ish.json.gz", null));
        assertThat(lines).isBetween(64_208L * 9 / 10, 64_208L * 11 / 10);
    }

    @Test
    void theTrailersSizeIsLiftedPastFourGibibytesByTheRoughSize() {
        long gib = 1L << 30;
        assertThat(ObjectCountEstimate.uncompressedSize(19_213_947, 11_000_000)).isEqualTo(19_213_947);
        assertThat(ObjectCountEstimate.uncompressedSize(gib, 9 * gib)).isEqualTo(9 * gib); // wrapped twice
        assertThat(ObjectCountEstimate.uncompressedSize(3 * gib, 6 * gib)).isEqualTo(7 * gib);
        assertThat(ObjectCountEstimate.uncompressedSize(-1, 5 * gib)).isEqualTo(5 * gib);
    }
}
