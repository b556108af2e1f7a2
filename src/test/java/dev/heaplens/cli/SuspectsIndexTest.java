package dev.heaplens.cli;

import static dev.heaplens.cli.CliTestSupport.run;
import static dev.heaplens.cli.IndexCacheTest.flip;
import static dev.heaplens.cli.IndexCacheTest.indexOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.testheap.TestHeap;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Suspects through the index cache: what the index stores for suspects (the top of the dominator
 * tree, accumulation points, what they hold, the paths and their fields, the findings) gives
 * exactly what a read of the dump gives, at any threshold; a damaged suspects section is found,
 * said in one line, and rebuilt.
 */
class SuspectsIndexTest {
    @TempDir
    Path dir;

    /**
     * A registry holds a cache of 40 entries, each with a 400-byte blob: one single suspect whose
     * memory accumulates in the cache. 30 sessions held directly by roots make a group suspect at
     * low thresholds. A small object is held by a root too.
     */
    private static TestHeap heap() {
        TestHeap h = new TestHeap();
        TestHeap.Cls registry = h.cls("Registry", 1, 0);
        TestHeap.Cls cache = h.cls("Cache", 40, 0);
        TestHeap.Cls entry = h.cls("Entry", 1, 1);
        TestHeap.Cls blob = h.cls("Blob", 0, 100);
        TestHeap.Cls session = h.cls("Session", 0, 30);
        long r = h.object(registry);
        long c = h.object(cache);
        h.refs(r, c).root(r);
        long[] entries = new long[40];
        for (int i = 0; i < entries.length; i++) {
            entries[i] = h.object(entry);
            h.refs(entries[i], h.object(blob));
        }
        h.refs(c, entries);
        for (int i = 0; i < 30; i++) {
            h.root(h.object(session));
        }
        h.root(h.object(h.cls("Small", 0, 1)));
        return h;
    }

    private Path write(IndexCacheTest.Runtime runtime) {
        return runtime == IndexCacheTest.Runtime.RUBY ? heap().writeRuby(dir.resolve("heap.json")) : heap().writeHprof(dir.resolve("heap.hprof"));
    }

    @ParameterizedTest
    @EnumSource(IndexCacheTest.Runtime.class)
    void theIndexGivesWhatTheDumpGivesAtEveryThreshold(IndexCacheTest.Runtime runtime) {
        Path dump = write(runtime);
        for (String threshold : new String[] {"10", "1", "0.05"}) {
            for (String format : new String[] {"table", "json"}) {
                String[] args = {"suspects", dump.toString(), "--threshold", threshold, "--format", format};
                CliTestSupport.Result without = run(append(args, "--no-index"));
                CliTestSupport.Result writing = run(args);
                CliTestSupport.Result reading = run(args);
                assertThat(without.exitCode()).as(without.toString()).isZero();
                assertThat(writing).as(String.join(" ", args)).isEqualTo(without);
                assertThat(reading).as(String.join(" ", args)).isEqualTo(without);
            }
        }
        assertThat(indexOf(dump)).exists();
        CliTestSupport.Result table = run("suspects", dump.toString());
        assertThat(table.out()).contains("Registry").contains("accumulation point").contains("Cache");
        assertThat(run("suspects", dump.toString(), "--threshold", "1").out()).contains("Session");
    }

    /**
     * Another command first: its index leaves out what suspects reads (the first command on a dump
     * does not pay for it); the first suspects run works it out, gives what the dump gives, and adds
     * it to the index, which the next run reads.
     */
    @ParameterizedTest
    @EnumSource(IndexCacheTest.Runtime.class)
    void theFirstSuspectsRunAddsItsSectionsToAnIndexWrittenWithout(IndexCacheTest.Runtime runtime) throws IOException {
        Path dump = write(runtime);
        String[] args = {"suspects", dump.toString(), "--threshold", "1", "--format", "json"};
        CliTestSupport.Result without = run(append(args, "--no-index"));
        assertThat(run("top", dump.toString()).exitCode()).isZero();
        Path index = indexOf(dump);
        assertThat(hasSection(index, "suspects.top")).isFalse();
        assertThat(run(args)).isEqualTo(without);
        assertThat(hasSection(index, "suspects.top")).isTrue();
        assertThat(hasSection(index, "suspects.paths")).isTrue();
        long extended = Files.size(index);
        assertThat(run(args)).isEqualTo(without);
        assertThat(Files.size(index)).as("read, not extended again").isEqualTo(extended);
        try (var files = Files.list(dir)) {
            assertThat(files.filter(f -> f.toString().endsWith(".tmp")).toList()).isEmpty();
        }
    }

    /**
     * Ruby's duplicate strings need the values only a read of the dump sees: the index another
     * command writes keeps the findings, so the first suspects run on it still names them.
     */
    @org.junit.jupiter.api.Test
    void findingsThatNeedTheReadSurviveAnIndexWrittenByAnotherCommand() throws IOException {
        Path dump = Files.copy(Path.of("samples/rails-ish.json.gz"), dir.resolve("rails-ish.json.gz"));
        CliTestSupport.Result without = run("suspects", dump.toString(), "--no-index");
        assertThat(without.out()).contains("duplicate-strings");
        assertThat(run("top", dump.toString()).exitCode()).isZero();
        assertThat(run("suspects", dump.toString())).isEqualTo(without);
        assertThat(run("suspects", dump.toString())).isEqualTo(without);
    }

    /** Sections read as the index opens (all of suspects', the stored paths' steps among them) are checked then, and rebuilt. */
    @ParameterizedTest
    @ValueSource(strings = {"suspects.top", "suspects.labelled-via", "suspects.findings", "suspects.path-objects", "suspects.paths"})
    void aDamagedSuspectsSectionIsFoundAndRebuilt(String section) throws IOException {
        Path dump = write(IndexCacheTest.Runtime.HPROF);
        String[] args = {"suspects", dump.toString(), "--threshold", "1"};
        CliTestSupport.Result expected = run(append(args, "--no-index"));
        run(args);
        Path index = indexOf(dump);
        flip(index, sectionOffset(index, section));
        CliTestSupport.Result damaged = run(args);
        assertThat(damaged.exitCode()).isZero();
        assertThat(damaged.errLines()).singleElement().asString().contains("corrupt").contains(section).contains("rebuilt it");
        assertThat(damaged.out()).isEqualTo(expected.out());
        CliTestSupport.Result again = run(args);
        assertThat(again).isEqualTo(expected);
    }

    private static String[] append(String[] args, String more) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 1);
        all[args.length] = more;
        return all;
    }

    private static boolean hasSection(Path index, String name) throws IOException {
        try {
            sectionOffset(index, name);
            return true;
        } catch (AssertionError e) {
            return false;
        }
    }

    /**
     * Where section {@code name}'s bytes begin: the section table (near the end of the file) gives
     * each name as a length byte and its bytes, then a type byte and the offset (big-endian).
     */
    private static long sectionOffset(Path index, String name) throws IOException {
        byte[] bytes = Files.readAllBytes(index);
        byte[] entry = new byte[name.length() + 1];
        entry[0] = (byte) name.length();
        System.arraycopy(name.getBytes(StandardCharsets.UTF_8), 0, entry, 1, name.length());
        for (int at = bytes.length - entry.length; at >= 0; at--) {
            if (java.util.Arrays.equals(bytes, at, at + entry.length, entry, 0, entry.length)) {
                return ByteBuffer.wrap(bytes, at + entry.length + 1, 8).getLong();
            }
        }
        throw new AssertionError(name + " not in the index's section table");
    }
}
