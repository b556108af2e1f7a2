package dev.heaplens.cli;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.testheap.TestHeap;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index cache, through the command line: the first graph command writes DUMP.heaplens-index,
 * later ones read it and print exactly what a read of the dump prints (literal text, both runtimes
 * from one {@link TestHeap}, and the real sample dumps); a dump changed since (other content of the
 * same size, a touched mtime, a truncated file) is never read through the old index; a corrupt or
 * half-written index is rebuilt with a warning.
 */
class IndexCacheTest {
    @TempDir
    Path dir;

    enum Runtime {
        RUBY, HPROF
    }

    /**
     * a (Node) holds b (Node) and c (Leaf); b holds d (Leaf); e (Leaf) is garbage. Node instances
     * are 24 bytes, Leaf 16, and the four classes (Object, Class, Node, Leaf; GC roots) 16 each.
     */
    private static TestHeap heap() {
        TestHeap h = new TestHeap();
        TestHeap.Cls node = h.cls("Node", 2, 1);
        TestHeap.Cls leaf = h.cls("Leaf", 0, 1);
        long a = h.object(node);
        long b = h.object(node);
        long c = h.object(leaf);
        long d = h.object(leaf);
        h.object(leaf);
        return h.refs(a, b, c).refs(b, d).root(a);
    }

    private Path write(TestHeap h, Runtime runtime, String name) {
        return runtime == Runtime.RUBY ? h.writeRuby(dir.resolve(name + ".json")) : h.writeHprof(dir.resolve(name + ".hprof"));
    }

    static Path indexOf(Path dump) {
        return dump.resolveSibling(dump.getFileName() + ".heaplens-index");
    }

    /**
     * top 3 of {@link #heap()}, worked out by hand: reachable are the 4 classes and a, b, c, d (8
     * objects, 64 + 48 + 32 = 144 B); a retains all four instances (80 B, 55.6% of 144), b itself
     * and d (40 B, 27.8%); then seven objects retain 16 B alone, and the tie goes to the lowest
     * address: class Object. e (16 B) is unreachable.
     */
    private static String expectedTop(Runtime runtime, Path dump) {
        return runtime == Runtime.RUBY ? """
                Largest retained sizes in %s
                retained  retained%%  objects  shallow  address         type    class  location  value
                    80 B      55.6%%        4     24 B  0x7f0010000000  OBJECT  Node   -
                    40 B      27.8%%        2     24 B  0x7f0010000018  OBJECT  Node   -
                    16 B      11.1%%        1     16 B  0x7f0000010000  CLASS   Class  -         Object
                reachable from GC roots: 8 objects, 144 B; unreachable: 1 object, 16 B (not in any retained size)
                """.formatted(dump) : """
                Largest retained sizes in %s
                retained  retained%%  objects  shallow  address         type      class            location  value
                    80 B      55.6%%        4     24 B  0x7f0010000000  instance  Node             -
                    40 B      27.8%%        2     24 B  0x7f0010000018  instance  Node             -
                    16 B      11.1%%        1     16 B  0x7f0000010000  class     java.lang.Class  -         java.lang.Object
                reachable from GC roots: 8 objects, 144 B; unreachable: 1 object, 16 B (not in any retained size)
                """.formatted(dump);
    }

    private static CliTestSupport.Result ok(String... args) {
        CliTestSupport.Result r = run(args);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return r;
    }

    @ParameterizedTest
    @EnumSource(Runtime.class)
    void theIndexGivesTheSameOutputAsTheDump(Runtime runtime) {
        Path dump = write(heap(), runtime, "heap");
        CliTestSupport.Result first = ok("top", dump.toString(), "--top", "3");
        assertThat(indexOf(dump)).exists();
        CliTestSupport.Result again = ok("top", dump.toString(), "--top", "3");
        CliTestSupport.Result without = ok("top", dump.toString(), "--top", "3", "--no-index");
        for (CliTestSupport.Result r : List.of(first, again, without)) {
            assertThat(r.out()).isEqualTo(expectedTop(runtime, dump));
            assertThat(r.err()).isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(Runtime.class)
    void everyGraphCommandSaysTheSameThroughTheIndex(Runtime runtime) throws IOException {
        Path dump = write(heap(), runtime, "heap");
        Path old = write(heap(), runtime, "old"); // leaks compares dumps: the same heap, so nothing new
        String a = "0x7f0010000000";
        String d = "0x7f0010000038";
        List<String[]> commands = List.of(
                new String[] {"top", dump.toString(), "--format", "json"},
                new String[] {"retained", dump.toString(), "--by", "class", "--format", "tsv"},
                new String[] {"object", dump.toString(), a},
                new String[] {"paths", dump.toString(), d},
                new String[] {"graph", dump.toString(), a, "--format", "dot"},
                new String[] {"leaks", old.toString(), dump.toString(), dump.toString()},
                new String[] {"summary", dump.toString(), "--reachability"});
        for (String[] command : commands) {
            String[] noIndex = java.util.Arrays.copyOf(command, command.length + 1);
            noIndex[command.length] = "--no-index";
            CliTestSupport.Result without = run(noIndex);
            CliTestSupport.Result writing = run(command);
            CliTestSupport.Result reading = run(command);
            assertThat(writing).as(String.join(" ", command)).isEqualTo(without);
            assertThat(reading).as(String.join(" ", command)).isEqualTo(without);
        }
        assertThat(indexOf(dump)).exists();
    }

    @Test
    void theRealSampleDumpsSayTheSameThroughTheIndex() throws IOException {
        for (String name : List.of("rails_ish", "broken_lines")) {
            Path gz = Files.copy(Path.of("src/test/resources/fixtures/" + name + ".json.gz"), dir.resolve(name + ".json.gz"));
            Path plain = dir.resolve(name + ".json");
            try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
                Files.copy(in, plain);
            }
            for (Path dump : List.of(gz, plain)) {
                for (String[] command : List.of(new String[] {"top", dump.toString(), "--top", "8"},
                        new String[] {"retained", dump.toString(), "--by", "location", "--top", "8"})) {
                    String[] noIndex = java.util.Arrays.copyOf(command, command.length + 1);
                    noIndex[command.length] = "--no-index";
                    CliTestSupport.Result without = run(noIndex);
                    assertThat(without.exitCode()).as(without.toString()).isZero();
                    assertThat(run(command)).as(String.join(" ", command)).isEqualTo(without);
                    assertThat(run(command)).as(String.join(" ", command)).isEqualTo(without);
                }
                assertThat(indexOf(dump)).exists();
            }
        }
    }

    /** The warning the read gave (a malformed line skipped) is given again through the index; --strict still fails. */
    @Test
    void theReadsWarningsAreGivenAgainAndStrictStillFails() throws IOException {
        Path dump = write(heap(), Runtime.RUBY, "heap");
        Files.writeString(dump, "this is not a record\n", java.nio.file.StandardOpenOption.APPEND);
        CliTestSupport.Result first = ok("top", dump.toString(), "--top", "3");
        assertThat(first.err()).contains("skipped 1 malformed line");
        assertThat(indexOf(dump)).exists();
        CliTestSupport.Result again = ok("top", dump.toString(), "--top", "3");
        assertThat(again.err()).isEqualTo(first.err());
        assertThat(again.out()).isEqualTo(expectedTop(Runtime.RUBY, dump));
        CliTestSupport.Result strict = run("top", dump.toString(), "--strict");
        assertThat(strict.exitCode()).as(strict.toString()).isEqualTo(2);
    }

    @ParameterizedTest
    @EnumSource(Runtime.class)
    void aDumpOfTheSameSizeAndMtimeButOtherContentIsReadAgain(Runtime runtime) throws IOException {
        Path dump = write(heap(), runtime, "heap");
        ok("top", dump.toString(), "--top", "3");
        FileTime mtime = Files.getLastModifiedTime(dump);
        long size = Files.size(dump);
        byte[] bytes = rerooted(runtime, dump);
        Files.write(dump, bytes);
        Files.setLastModifiedTime(dump, mtime);
        assertThat(Files.size(dump)).isEqualTo(size);
        CliTestSupport.Result r = ok("top", dump.toString(), "--top", "3");
        assertThat(r.errLines()).singleElement().asString().contains("stale: the dump's contents changed")
                .contains("rebuilt it");
        assertThat(r.out()).isEqualTo(ok("top", dump.toString(), "--top", "3", "--no-index").out());
        assertThat(r.out()).isNotEqualTo(expectedTop(runtime, dump));
        assertThat(ok("top", dump.toString(), "--top", "3").err()).isEmpty();
    }

    /** The dump with its GC root a replaced by d (0x...38): the same size, another graph. */
    private static byte[] rerooted(Runtime runtime, Path dump) throws IOException {
        byte[] bytes = Files.readAllBytes(dump);
        if (runtime == Runtime.RUBY) {
            String text = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
            String replaced = text.replaceFirst("(\"root\":\\s*\"global_tbl\".*?)0x7f0010000000", "$10x7f0010000038");
            assertThat(replaced).as("the Ruby dump's root line").isNotEqualTo(text);
            return replaced.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
        // HPROF: the JNI global root (tag 0x01, 8-byte object id, 8-byte JNI ref id) names a's id.
        byte[] a = {0, 0, 0x7f, 0, 0x10, 0, 0, 0};
        for (int i = 0; i + 9 <= bytes.length; i++) {
            if ((bytes[i] & 0xff) == 0x01 && java.util.Arrays.equals(bytes, i + 1, i + 9, a, 0, 8)) {
                bytes[i + 8] = 0x38;
                return bytes;
            }
        }
        throw new AssertionError("no JNI global root of a in the HPROF dump");
    }

    @ParameterizedTest
    @EnumSource(Runtime.class)
    void aTouchedDumpIsReadAgain(Runtime runtime) throws IOException {
        Path dump = write(heap(), runtime, "heap");
        ok("top", dump.toString());
        Files.setLastModifiedTime(dump, FileTime.fromMillis(Files.getLastModifiedTime(dump).toMillis() + 1000));
        CliTestSupport.Result r = ok("top", dump.toString());
        assertThat(r.errLines()).singleElement().asString().contains("stale: the dump's modification time changed");
        assertThat(ok("top", dump.toString()).err()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Runtime.class)
    void aTruncatedDumpIsReadAgain(Runtime runtime) throws IOException {
        Path dump = write(heap(), runtime, "heap");
        ok("top", dump.toString());
        FileTime mtime = Files.getLastModifiedTime(dump);
        try (RandomAccessFile f = new RandomAccessFile(dump.toFile(), "rw")) {
            f.setLength(f.length() - 40);
        }
        Files.setLastModifiedTime(dump, mtime);
        CliTestSupport.Result r = run("top", dump.toString(), "--top", "3");
        assertThat(r.err()).contains("stale: the dump's size changed");
        assertThat(r.out()).isNotEqualTo(expectedTop(runtime, dump));
        CliTestSupport.Result direct = run("top", dump.toString(), "--top", "3", "--no-index");
        assertThat(r.out()).isEqualTo(direct.out());
    }

    /** Cut at the trailer, in the sections, in the header: each is found out and rebuilt. */
    @ParameterizedTest
    @ValueSource(ints = {1, 100, 300, 129})
    void aHalfWrittenIndexIsRebuilt(int keptBytes) throws IOException {
        Path dump = write(heap(), Runtime.RUBY, "heap");
        ok("top", dump.toString());
        Path index = indexOf(dump);
        try (RandomAccessFile f = new RandomAccessFile(index.toFile(), "rw")) {
            f.setLength(Math.min(keptBytes, f.length() - 1));
        }
        CliTestSupport.Result r = ok("top", dump.toString(), "--top", "3");
        assertThat(r.errLines()).singleElement().asString().contains("half-written").contains("rebuilt it");
        assertThat(r.out()).isEqualTo(expectedTop(Runtime.RUBY, dump));
        CliTestSupport.Result again = ok("top", dump.toString(), "--top", "3");
        assertThat(again.err()).isEmpty();
        assertThat(again.out()).isEqualTo(expectedTop(Runtime.RUBY, dump));
    }

    /** A byte flipped in the header (the dump's key) or the section table: the table's checksum finds it. */
    @ParameterizedTest
    @EnumSource(Runtime.class)
    void anIndexWithACorruptHeaderOrTableIsRebuilt(Runtime runtime) throws IOException {
        Path dump = write(heap(), runtime, "heap");
        ok("top", dump.toString());
        Path index = indexOf(dump);
        long length = Files.size(index);
        for (long at : new long[] {20, length - 40}) { // the key's mtime; the table's last section
            flip(index, at);
            CliTestSupport.Result r = ok("top", dump.toString(), "--top", "3");
            assertThat(r.errLines()).singleElement().asString().contains("corrupt").contains("rebuilt it");
            assertThat(r.out()).isEqualTo(expectedTop(runtime, dump));
            assertThat(ok("top", dump.toString(), "--top", "3").err()).isEmpty();
        }
    }

    /**
     * A byte flipped in a section read as the index opens (the graph's counts) is found at once and
     * the index rebuilt. One flipped inside a column is found when the column is first read, after the
     * command began on the index: the command stops with one line, the index is removed, and the
     * next run rebuilds it.
     */
    @Test
    void aCorruptSectionIsFoundWhenRead() throws IOException {
        Path dump = write(heap(), Runtime.RUBY, "heap");
        ok("top", dump.toString());
        Path index = indexOf(dump);
        flip(index, sectionOffset(index, "graph.counts"));
        CliTestSupport.Result r = ok("top", dump.toString(), "--top", "3");
        assertThat(r.errLines()).singleElement().asString().contains("corrupt: section graph.counts").contains("rebuilt it");
        assertThat(r.out()).isEqualTo(expectedTop(Runtime.RUBY, dump));

        flip(index, indexOf(Files.readAllBytes(index), 0x7f0010000000L)); // a's address, in the address column
        CliTestSupport.Result later = run("top", dump.toString(), "--top", "3");
        assertThat(later.exitCode()).isEqualTo(2);
        assertThat(later.out()).isEmpty();
        assertThat(later.errLines()).singleElement().asString()
                .contains("corrupt: section graph.address does not match its checksum").contains("removed it");
        assertThat(index).doesNotExist();
        CliTestSupport.Result rebuilt = ok("top", dump.toString(), "--top", "3");
        assertThat(rebuilt.out()).isEqualTo(expectedTop(Runtime.RUBY, dump));
        assertThat(rebuilt.err()).isEmpty();
        assertThat(index).exists();
    }

    /** Where section {@code name} starts in {@code index}, from its table (found from the trailer's first 8 bytes). */
    static long sectionOffset(Path index, String name) throws IOException {
        byte[] bytes = Files.readAllBytes(index);
        java.nio.ByteBuffer trailer = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int at = (int) trailer.getLong(bytes.length - 32);
        try (java.io.DataInputStream table = new java.io.DataInputStream(
                new java.io.ByteArrayInputStream(bytes, at, bytes.length - at))) {
            for (int s = table.readInt(); s > 0; s--) {
                String section = new String(table.readNBytes(table.readUnsignedByte()), java.nio.charset.StandardCharsets.UTF_8);
                table.readByte(); // its element type
                long offset = table.readLong();
                table.readLong(); // its length
                table.skipNBytes(4L * table.readInt()); // its blocks' CRCs
                if (section.equals(name)) {
                    return offset;
                }
            }
        }
        throw new AssertionError("no section " + name + " in " + index);
    }

    /** Where {@code value} first appears in {@code bytes} as 8 little-endian bytes. */
    private static long indexOf(byte[] bytes, long value) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i + 8 <= bytes.length; i++) {
            if (b.getLong(i) == value) {
                return i;
            }
        }
        throw new AssertionError("0x" + Long.toHexString(value) + " not in the index");
    }

    @Test
    void noIndexWritesNoneAndIndexDirPutsItThere() throws IOException {
        Path dump = write(heap(), Runtime.HPROF, "heap");
        ok("top", dump.toString(), "--no-index");
        assertThat(indexOf(dump)).doesNotExist();
        Path cache = dir.resolve("cache");
        ok("top", dump.toString(), "--index-dir", cache.toString());
        assertThat(indexOf(dump)).doesNotExist();
        try (var files = Files.list(cache)) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).singleElement().asString()
                    .startsWith("heap.hprof-").endsWith(".heaplens-index");
        }
        CliTestSupport.Result again = ok("top", dump.toString(), "--index-dir", cache.toString(), "--top", "3");
        assertThat(again.out()).isEqualTo(expectedTop(Runtime.HPROF, dump));
    }

    @Test
    void standardInputHasNoIndex() throws IOException {
        Path dump = write(heap(), Runtime.RUBY, "heap");
        CliTestSupport.Result r = CliTestSupport.runWithStdin(Files.readAllBytes(dump), "top", "-", "--top", "3");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        try (var files = Files.list(dir)) {
            assertThat(files.filter(p -> p.toString().endsWith(".heaplens-index")).toList()).isEmpty();
        }
    }

    static void flip(Path file, long at) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0x5a);
        }
    }
}
