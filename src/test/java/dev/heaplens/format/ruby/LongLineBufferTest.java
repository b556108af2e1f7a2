package dev.heaplens.format.ruby;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A file's line longer than the read buffer grows the buffer once to the line and gives it back
 * after: read in chunks, with long lines at a chunk's start, middle and end and two in a row, the
 * records must be those a plain line reader parses, and a huge record's references array must not
 * outlive it.
 */
class LongLineBufferTest {
    private static final Set<RubyLineParser.Field> FIELDS = Set.of(RubyLineParser.Field.REFERENCES);
    /** Far smaller than a real read's 4 MB, so that a line of a few hundred KB is long. */
    private static final int SMALL_BUFFER = 4096;
    /** More references than the record keeps an array for after delivery (64K). */
    private static final int HUGE = 70_000;

    @Test
    void longLinesAnywhereInAChunkReadAsAPlainLineReaderReadsThem(@TempDir Path dir) throws IOException {
        // chunks of lines: long at the start, in the middle, at the end, two in a row, then a
        // last chunk whose long last line has no newline
        int[][] chunks = {
                {HUGE, 3, 0, 5},
                {2, 1, 20_000, 4, 0},
                {1, 7, 0, HUGE},
                {HUGE, 30_000, 2, 3},
                {5, 1, 40_000}
        };
        List<String> lines = new ArrayList<>();
        List<Long> bounds = new ArrayList<>(List.of(0L));
        long at = 0;
        int address = 0x1000;
        for (int[] chunk : chunks) {
            for (int references : chunk) {
                String line = line(address++, references);
                lines.add(line);
                at += line.length() + 1;
            }
            bounds.add(at);
        }
        Path file = dir.resolve("dump.json");
        String text = String.join("\n", lines); // no newline after the last line
        Files.writeString(file, text, StandardCharsets.US_ASCII);
        bounds.set(bounds.size() - 1, (long) text.length());

        List<String> read = new ArrayList<>();
        List<int[]> afterHuge = new ArrayList<>(); // {array length, reference count}
        int[] previousCount = {0};
        ChunkReader reader = new ChunkReader(0, FIELDS, r -> {
            read.add(describe(r));
            if (previousCount[0] >= HUGE) {
                afterHuge.add(new int[] {r.references.length, r.referenceCount});
            }
            previousCount[0] = r.referenceCount;
        }, true, new AtomicInteger(Integer.MAX_VALUE), new AtomicLong());
        byte[] buffer = new byte[SMALL_BUFFER];
        try (FileChannel channel = FileChannel.open(file)) {
            for (int i = 0; i + 1 < bounds.size(); i++) {
                byte[] back = reader.readRange(channel, bounds.get(i), bounds.get(i + 1), buffer);
                assertThat(back).as("chunk %d gives the normal buffer back", i).isSameAs(buffer);
            }
        }

        assertThat(reader.fatal).isNull();
        assertThat(reader.lines).isEqualTo(lines.size());
        assertThat(read).containsExactlyElementsOf(plainLineReader(file));
        // a record after a huge one holds an array sized to its own references, not the huge one's
        assertThat(afterHuge).hasSize(3).allSatisfy(pair -> assertThat(pair[0]).isLessThanOrEqualTo(Math.max(64, 2 * pair[1])));
    }

    @Test
    void aLongLineAtTheFilesEndWithItsNewlineIsRead(@TempDir Path dir) throws IOException {
        String text = line(1, 2) + "\n" + line(2, 5_000) + "\n";
        Path file = dir.resolve("dump.json");
        Files.writeString(file, text, StandardCharsets.US_ASCII);
        List<String> read = new ArrayList<>();
        ChunkReader reader = new ChunkReader(0, FIELDS, r -> read.add(describe(r)), true,
                new AtomicInteger(Integer.MAX_VALUE), new AtomicLong());
        byte[] buffer = new byte[SMALL_BUFFER];
        try (FileChannel channel = FileChannel.open(file)) {
            assertThat(reader.readRange(channel, 0, text.length(), buffer)).isSameAs(buffer);
        }
        assertThat(read).containsExactlyElementsOf(plainLineReader(file));
    }

    /** The oracle: each line read by a BufferedReader and parsed on its own into a new record. */
    private static List<String> plainLineReader(Path file) throws IOException {
        List<String> out = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.US_ASCII)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                byte[] bytes = line.getBytes(StandardCharsets.US_ASCII);
                RubyRecord r = new RubyRecord();
                RubyLineParser parser = new RubyLineParser(FIELDS);
                assertThat(parser.parse(bytes, 0, bytes.length, r)).as(parser.error()).isTrue();
                out.add(describe(r));
            }
        }
        return out;
    }

    private static String describe(RubyRecord r) {
        long[] references = Arrays.copyOf(r.references, r.referenceCount);
        return Long.toHexString(r.address) + " " + r.referenceCount + " " + Arrays.hashCode(references)
                + " " + (references.length == 0 ? "-" : Long.toHexString(references[references.length - 1]));
    }

    /** An ARRAY line with {@code references} distinct references (about 13 bytes each). */
    private static String line(int address, int references) {
        StringBuilder b = new StringBuilder("{\"address\":\"0x").append(Integer.toHexString(address))
                .append("\", \"type\":\"ARRAY\", \"class\":\"0x20\", \"references\":[");
        for (int i = 0; i < references; i++) {
            b.append(i == 0 ? "" : ", ").append("\"0x").append(Integer.toHexString(0x100000 + i)).append('"');
        }
        return b.append("], \"memsize\":40}").toString();
    }
}
