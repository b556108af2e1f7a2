package dev.heaplens.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sections appended to an index in its own file (where the disk has no room for a copy): the old
 * bytes stay as they were, the new index reads whole, a failed append leaves the file as it was,
 * and damage to what was appended is found.
 */
class IndexAppendTest {
    private static final IndexKey KEY = new IndexKey(1234, 5678, 1, 2, "jvm");

    @TempDir
    Path dir;

    @Test
    void appendedSectionsAreReadAndTheOldBytesStayAsTheyWere() throws IOException {
        Random rnd = new Random(7);
        long[] longs = rnd.longs(30_001).toArray(); // 4 blocks, and a length that is not a multiple of 8 bytes' blocks
        int[] added = rnd.ints(40_003).toArray();
        Path file = written(longs);
        byte[] before = Files.readAllBytes(file);
        try (IndexReader old = IndexReader.open(file, KEY)) {
            try (IndexWriter w = IndexWriter.append(old)) {
                w.ints("n", added);
                w.strings("s", List.of("new!"));
                w.commit();
            }
            assertThat(old.longs("l")).isEqualTo(longs); // its mapped pages are still the file's
            assertThat(old.strings("s")).containsExactly("old!");
            assertThat(old.has("n")).isFalse();
        }
        byte[] after = Files.readAllBytes(file);
        assertThat(after.length).isGreaterThan(before.length);
        assertThat(Arrays.copyOf(after, before.length)).isEqualTo(before);
        try (IndexReader r = IndexReader.open(file, KEY)) {
            assertThat(r.longs("l")).isEqualTo(longs);
            assertThat(r.ints("n")).isEqualTo(added);
            assertThat(r.intAt("n", 40_002)).isEqualTo(added[40_002]);
            assertThat(r.strings("s")).containsExactly("new!");
        }
        try (var files = Files.list(dir)) {
            assertThat(files.toList()).containsExactly(file);
        }
        // appended again, as a second command would: still one whole index
        try (IndexReader r = IndexReader.open(file, KEY); IndexWriter w = IndexWriter.append(r)) {
            w.longs("m", new long[] {42});
            w.commit();
        }
        try (IndexReader r = IndexReader.open(file, KEY)) {
            assertThat(r.longs("m")).containsExactly(42);
            assertThat(r.ints("n")).isEqualTo(added);
            assertThat(r.longs("l")).isEqualTo(longs);
        }
    }

    @Test
    void anAppendNotCommittedLeavesTheFileAsItWas() throws IOException {
        Path file = written(new Random(3).longs(20_000).toArray());
        byte[] before = Files.readAllBytes(file);
        try (IndexReader old = IndexReader.open(file, KEY); IndexWriter w = IndexWriter.append(old)) {
            w.ints("n", new Random(4).ints(100_000).toArray());
            // no commit: the write failed part way
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        try (IndexReader r = IndexReader.open(file, KEY)) {
            assertThat(r.has("n")).isFalse();
        }
    }

    @Test
    void anIndexChangedSinceItWasReadIsNotAppendedTo() throws IOException {
        Path file = written(new long[] {1, 2, 3});
        try (IndexReader old = IndexReader.open(file, KEY)) {
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                f.setLength(f.length() + 8); // as another process's write would
            }
            assertThatThrownBy(() -> IndexWriter.append(old)).isInstanceOf(IOException.class)
                    .hasMessageContaining("changed since it was read");
        }
    }

    @Test
    void damageToWhatWasAppendedIsFound() throws IOException {
        int[] added = new Random(9).ints(70_000).toArray();
        Path file = written(new long[] {5, 6});
        long oldLength = Files.size(file);
        try (IndexReader old = IndexReader.open(file, KEY); IndexWriter w = IndexWriter.append(old)) {
            w.ints("n", added);
            w.commit();
        }
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            long at = oldLength + 8 + 4L * 50_000; // inside the appended section, past its first block
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0x10);
        }
        try (IndexReader r = IndexReader.open(file, KEY)) {
            assertThat(r.intAt("n", 10)).isEqualTo(added[10]); // the first block is sound
            assertThatThrownBy(() -> r.ints("n")).isInstanceOf(IndexException.class).hasMessageContaining("corrupt");
        }
    }

    private Path written(long[] longs) throws IOException {
        Path file = dir.resolve("a.heaplens-index");
        try (IndexWriter w = IndexWriter.create(file, KEY)) {
            w.longs("l", longs);
            w.strings("s", List.of("old!"));
            w.commit();
        }
        return file;
    }
}
