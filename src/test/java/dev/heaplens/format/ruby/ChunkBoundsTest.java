package dev.heaplens.format.ruby;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where a plain dump is cut into chunks, against a byte-by-byte walk of the whole file: just after
 * the first newline at or past each guess that a record start follows. The files hold lines longer
 * than the 64 KiB block the cut reads at a time, and newlines followed by what is not a record.
 */
class ChunkBoundsTest {
    @Test
    void everyBoundIsTheFirstRecordStartAfterItsGuess(@TempDir Path dir) throws IOException {
        Random random = new Random(32);
        for (int file = 0; file < 40; file++) {
            byte[] bytes = dump(random);
            Path path = dir.resolve("dump" + file + ".json");
            Files.write(path, bytes);
            try (FileChannel channel = FileChannel.open(path)) {
                for (int chunks : new int[] {2, 3, 7, 16, 64}) {
                    long[] bounds = RubyDumpReader.chunkBounds(channel, bytes.length, chunks);
                    assertThat(bounds).as("file %d, %d chunks", file, chunks).containsExactly(bruteForce(bytes, chunks));
                }
            }
        }
    }

    /** Lines of random lengths, a few far past 64 KiB, some not starting a record. */
    private static byte[] dump(Random random) {
        StringBuilder text = new StringBuilder();
        int lines = 5 + random.nextInt(60);
        for (int i = 0; i < lines; i++) {
            int kind = random.nextInt(10);
            String start = kind == 0 ? "garbage " : kind == 1 ? "{\"type\":\"ROOT\", " : "{\"address\":\"0x" + i + "\", ";
            int length = random.nextInt(8) == 0 ? 65_536 + random.nextInt(300_000) : random.nextInt(200);
            text.append(start).append("\"value\":\"").append("x".repeat(length)).append("\"}\n");
        }
        if (random.nextBoolean()) {
            text.setLength(text.length() - 1); // no newline after the last line
        }
        return text.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static long[] bruteForce(byte[] bytes, int chunks) {
        long size = bytes.length;
        long[] bounds = new long[chunks + 1];
        bounds[chunks] = size;
        for (int i = 1; i < chunks; i++) {
            long guess = Math.max(size / chunks * i, bounds[i - 1]);
            long bound = size;
            for (long j = guess; j < size; j++) {
                if (bytes[(int) j] == '\n' && (j + 1 >= size || RecordStart.isAt(bytes, (int) j + 1, bytes.length))) {
                    bound = j + 1;
                    break;
                }
            }
            bounds[i] = Math.min(size, bound);
        }
        return bounds;
    }
}
