package dev.heaplens.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A column written a run at a time ({@link IndexWriter#intRuns} and its kin, out of core) gives the
 * same file, byte for byte, as the value-by-value writes it replaced: lengths around the run and
 * the writer's buffer, empty ones included, each run fetched exactly once in order.
 */
class IndexWriterRunsTest {
    private static final IndexKey KEY = new IndexKey(1, 2, 3, 4, "jvm");

    @Test
    void runsWriteTheSameBytesAsValueByValue(@TempDir Path dir) throws IOException {
        Random rnd = new Random(28);
        for (int length : new int[] {0, 1, 7, 65_535, 65_536, 65_537, 300_001}) {
            long[] longs = rnd.longs(length).toArray();
            int[] ints = rnd.ints(length).toArray();
            byte[] bytes = new byte[length];
            rnd.nextBytes(bytes);
            Path one = dir.resolve("one-" + length);
            Path runs = dir.resolve("runs-" + length);
            try (IndexWriter w = IndexWriter.create(one, KEY)) {
                w.bytes("b", length, i -> bytes[(int) i]); // odd length first: the next sections are padded
                w.ints("i", length, i -> ints[(int) i]);
                w.longs("l", length, i -> longs[(int) i]);
                w.commit();
            }
            long[] asked = {0};
            try (IndexWriter w = IndexWriter.create(runs, KEY)) {
                w.byteRuns("b", length, (from, into, n) -> {
                    assertThat(from).isEqualTo(asked[0]);
                    asked[0] += n;
                    System.arraycopy(bytes, (int) from, into, 0, n);
                });
                assertThat(asked[0]).isEqualTo(length);
                w.intRuns("i", length, (from, into, n) -> System.arraycopy(ints, (int) from, into, 0, n));
                w.longRuns("l", length, (from, into, n) -> System.arraycopy(longs, (int) from, into, 0, n));
                w.commit();
            }
            assertThat(Files.readAllBytes(runs)).as("length %d", length).isEqualTo(Files.readAllBytes(one));
        }
    }

    /** Forcing what is written between sections (while the rest is worked out) changes no byte, and reads back. */
    @Test
    void forcingBetweenSectionsWritesTheSameBytes(@TempDir Path dir) throws IOException {
        Random rnd = new Random(24);
        for (int length : new int[] {0, 1, 7, 65_537, 300_001}) {
            byte[] bytes = new byte[length];
            rnd.nextBytes(bytes);
            int[] ints = rnd.ints(length).toArray();
            Path plain = dir.resolve("plain-" + length);
            Path forced = dir.resolve("forced-" + length);
            for (Path file : new Path[] {plain, forced}) {
                try (IndexWriter w = IndexWriter.create(file, KEY)) {
                    w.bytes("b", length, i -> bytes[(int) i]); // odd lengths: the force pads as the next section would
                    if (file == forced) {
                        w.forceWritten();
                    }
                    w.ints("i", length, i -> ints[(int) i]);
                    w.commit();
                }
            }
            assertThat(Files.readAllBytes(forced)).as("length %d", length).isEqualTo(Files.readAllBytes(plain));
            try (IndexReader r = IndexReader.open(forced, KEY)) {
                assertThat(r.ints("i")).isEqualTo(ints);
            }
        }
    }
}
