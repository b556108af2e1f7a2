package dev.heaplens.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The index file on its own: what is written is read back exactly, and every damage is named. */
class IndexFileTest {
    private static final IndexKey KEY = new IndexKey(1234, 5678, 1, 2, "ruby");

    @TempDir
    Path dir;

    /** Columns over several 64 KiB blocks, read whole and value by value, equal what was written. */
    @Test
    void sectionsComeBackExactly() throws IOException {
        Random rnd = new Random(11);
        long[] longs = rnd.longs(50_000).toArray();          // 400 KB: 7 blocks
        int[] ints = rnd.ints(70_001).toArray();
        byte[] bytes = new byte[200_003];
        rnd.nextBytes(bytes);
        List<String> strings = Arrays.asList("", null, "Foo::Bar", "\ud800 lone surrogate", "é€𝄞");
        Path file = dir.resolve("x.heaplens-index");
        try (IndexWriter w = IndexWriter.create(file, KEY)) {
            w.longs("l", longs);
            w.ints("i", ints);
            w.bytes("b", bytes.length, i -> bytes[(int) i]);
            w.strings("s", strings);
            w.data("d", out -> out.writeUTF("hello"));
            w.longs("empty", new long[0]);
            w.commit();
        }
        try (IndexReader r = IndexReader.open(file, KEY)) {
            for (int k = 0; k < 1000; k++) { // value by value first: each block checked alone
                int i = rnd.nextInt(longs.length);
                assertThat(r.longAt("l", i)).isEqualTo(longs[i]);
                int j = rnd.nextInt(ints.length);
                assertThat(r.intAt("i", j)).isEqualTo(ints[j]);
                int b = rnd.nextInt(bytes.length);
                assertThat(r.byteAt("b", b)).isEqualTo(bytes[b]);
            }
            assertThat(r.longs("l")).isEqualTo(longs);
            assertThat(r.ints("i")).isEqualTo(ints);
            int[][] pages = {new int[30_000], new int[0], new int[40_001]};
            r.ints("i", pages);
            assertThat(pages[0]).isEqualTo(Arrays.copyOfRange(ints, 0, 30_000));
            assertThat(pages[2]).isEqualTo(Arrays.copyOfRange(ints, 30_000, 70_001));
            assertThat(r.bytes("b")).isEqualTo(bytes);
            assertThat(r.strings("s")).isEqualTo(strings);
            try (DataInputStream in = r.data("d")) {
                assertThat(in.readUTF()).isEqualTo("hello");
            }
            assertThat(r.longs("empty")).isEmpty();
            assertThat(r.has("nope")).isFalse();
            assertThatThrownBy(() -> r.longs("nope")).isInstanceOf(IndexException.class).hasMessageContaining("no section");
            assertThatThrownBy(() -> r.longAt("l", longs.length)).isInstanceOf(IndexException.class);
        }
        try (var files = Files.list(dir)) {
            assertThat(files.toList()).containsExactly(file); // no temporary file left
        }
    }

    /**
     * An index extended later keeps its sections byte for byte, adds the new ones, replaces one
     * written again under its name, and is still a whole index: every flipped byte is found, a
     * reader opened before keeps reading the index it checked, and no temporary file is left.
     */
    @Test
    void anExtendedIndexKeepsItsSectionsAndAddsNew() throws IOException {
        Random rnd = new Random(5);
        long[] longs = rnd.longs(30_000).toArray(); // 4 blocks
        int[] added = rnd.ints(40_000).toArray();   // 3 blocks
        Path file = dir.resolve("e.heaplens-index");
        try (IndexWriter w = IndexWriter.create(file, KEY)) {
            w.longs("l", longs);
            w.strings("s", List.of("old!")); // 16 bytes, as the new one: no padding
            w.commit();
        }
        try (IndexReader before = IndexReader.open(file, KEY)) {
            try (IndexWriter w = IndexWriter.extend(before)) {
                w.ints("n", added);
                w.strings("s", List.of("new!"));
                w.commit();
            }
            assertThat(before.strings("s")).containsExactly("old!");
            assertThat(before.has("n")).isFalse();
        }
        try (IndexReader r = IndexReader.open(file, KEY)) {
            assertThat(r.longs("l")).isEqualTo(longs);
            assertThat(r.intAt("n", 39_999)).isEqualTo(added[39_999]);
            assertThat(r.ints("n")).isEqualTo(added);
            assertThat(r.strings("s")).containsExactly("new!");
        }
        assertThatThrownBy(() -> IndexReader.open(file, new IndexKey(1, 5678, 1, 2, "ruby"))).hasMessageStartingWith("stale");
        try (var files = Files.list(dir)) {
            assertThat(files.toList()).containsExactly(file);
        }
        long replaced = IndexFormat.HEADER_BYTES + 8L * longs.length; // the old "s": no longer read
        assertEveryFlipFound(file, 97, at -> at >= replaced && at < replaced + 16, r -> {
            r.longs("l");
            r.ints("n");
            r.strings("s");
        });
    }

    @Test
    void anotherKeyIsStaleAndSaysWhy() throws IOException {
        Path file = write();
        assertThatThrownBy(() -> IndexReader.open(file, new IndexKey(1235, 5678, 1, 2, "ruby")))
                .isInstanceOf(IndexException.class).hasMessage("stale: the dump's size changed since it was made");
        assertThatThrownBy(() -> IndexReader.open(file, new IndexKey(1234, 5679, 1, 2, "ruby")))
                .hasMessageContaining("modification time changed");
        assertThatThrownBy(() -> IndexReader.open(file, new IndexKey(1234, 5678, 1, 3, "ruby")))
                .hasMessageContaining("contents changed");
        assertThatThrownBy(() -> IndexReader.open(file, new IndexKey(1234, 5678, 1, 2, "jvm")))
                .hasMessageContaining("other options");
    }

    /** An index another heaplens version wrote (a whole file, its checksums right) is stale, not misread. */
    @Test
    void anotherFormatVersionIsStale() {
        java.nio.ByteBuffer header = java.nio.ByteBuffer.allocate(IndexFormat.HEADER_BYTES)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        IndexFormat.writeHeader(header, KEY);
        assertThat(IndexFormat.readHeader(header.flip())).isEqualTo(KEY);
        header.putInt(8, IndexFormat.VERSION + 1).position(0);
        assertThatThrownBy(() -> IndexFormat.readHeader(header)).isInstanceOf(IndexException.class)
                .hasMessageStartingWith("stale: written in format " + (IndexFormat.VERSION + 1));
    }

    @Test
    void everyCutIsHalfWritten() throws IOException {
        Path file = write();
        long length = Files.size(file);
        for (long kept : new long[] {0, 7, 128, 160, length / 2, length - 1}) {
            Path cut = dir.resolve("cut-" + kept);
            Files.write(cut, Arrays.copyOf(Files.readAllBytes(file), (int) kept));
            assertThatThrownBy(() -> IndexReader.open(cut, KEY)).as("cut at " + kept)
                    .isInstanceOf(IndexException.class).hasMessageStartingWith("half-written");
        }
    }

    @Test
    void aFlippedByteAnywhereIsFound() throws IOException {
        Path file = write();
        assertEveryFlipFound(file, 1, at -> false, r -> {
            r.longs("l");
            r.strings("s");
        });
    }

    /** Each byte of {@code file} at a multiple of {@code step} flipped in turn (but those {@code unread}): {@code read} fails. */
    private static void assertEveryFlipFound(Path file, int step, java.util.function.IntPredicate unread,
                                             java.util.function.Consumer<IndexReader> read) throws IOException {
        byte[] original = Files.readAllBytes(file);
        for (int at = 0; at < original.length; at += step) {
            if (unread.test(at)) {
                continue;
            }
            byte[] bad = original.clone();
            bad[at] ^= 0x10;
            Files.write(file, bad);
            assertThatThrownBy(() -> {
                try (IndexReader r = IndexReader.open(file, KEY)) {
                    read.accept(r);
                }
            }).as("byte " + at).isInstanceOf(IndexException.class);
        }
    }

    @Test
    void keysDependOnHeadTailSizeAndTime() throws IOException {
        Path dump = dir.resolve("d");
        byte[] bytes = new byte[300_000];
        new Random(3).nextBytes(bytes);
        Files.write(dump, bytes);
        var mtime = Files.getLastModifiedTime(dump);
        IndexKey key = IndexKey.of(dump, "v");
        assertThat(IndexKey.of(dump, "v")).isEqualTo(key);
        for (int at : new int[] {0, 65_535, bytes.length - 65_536, bytes.length - 1}) {
            byte[] changed = bytes.clone();
            changed[at] ^= 1;
            Files.write(dump, changed);
            Files.setLastModifiedTime(dump, mtime);
            assertThat(key.mismatch(IndexKey.of(dump, "v"))).as("byte " + at).isEqualTo("the dump's contents changed");
        }
        // the limit the README states: a change in the middle, the size and mtime kept, goes unseen
        byte[] middle = bytes.clone();
        middle[150_000] ^= 1;
        Files.write(dump, middle);
        Files.setLastModifiedTime(dump, mtime);
        assertThat(key.mismatch(IndexKey.of(dump, "v"))).isNull();
    }

    private Path write() throws IOException {
        Path file = dir.resolve("i.heaplens-index");
        try (IndexWriter w = IndexWriter.create(file, KEY)) {
            w.longs("l", new long[] {1, 2, 3});
            w.strings("s", List.of("a", "b"));
            w.commit();
        }
        return file;
    }
}
