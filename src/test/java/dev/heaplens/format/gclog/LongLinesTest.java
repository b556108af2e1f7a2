package dev.heaplens.format.gclog;

import dev.heaplens.gc.GcLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A line over ByteLines.LONGEST_LINE in a JVM GC log is dropped and counted, read on one thread
 * (a gzip log), in parts on several threads (a plain log), and as the last line: the lines around
 * it are read, and memory does not grow with it.
 */
class LongLinesTest {
    private static final String PAUSE = "[%d.000s][info][gc] GC(%d) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(64M) 2.500ms\n";

    private static String log(int longLines, boolean longLast) {
        StringBuilder text = new StringBuilder("[0.001s][info][gc] Using G1\n");
        int gc = 0;
        for (int i = 0; i < longLines; i++) {
            text.append(String.format(PAUSE, gc, gc));
            gc++;
            // a long line that ends like a pause line: dropped whole, not read as one
            text.append("[9.000s][info][gc] GC(99) ").append("x".repeat(ByteLines.LONGEST_LINE + 1000 * i))
                    .append(" Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(64M) 2.500ms\n");
        }
        text.append(String.format(PAUSE, gc, gc));
        if (longLast) {
            text.append("y".repeat(ByteLines.LONGEST_LINE * 2));
        }
        return text.toString();
    }

    private static void assertRead(GcLog read, String name, int longLines, boolean longLast) {
        assertThat(read.events().size()).isEqualTo(longLines + 1);
        int dropped = longLines + (longLast ? 1 : 0);
        assertThat(read.warnings()).contains(name + ": " + dropped + " line" + (dropped == 1 ? "" : "s")
                + " longer than 1 MB skipped (not GC log lines)");
        assertThat(read.lines()).isEqualTo(2L + 2L * longLines + (longLast ? 1 : 0));
    }

    @Test
    void aPlainLogReadInParts(@TempDir Path dir) throws IOException {
        for (boolean longLast : new boolean[] {false, true}) {
            Path file = dir.resolve("plain-" + longLast + ".log");
            Files.writeString(file, log(3, longLast));
            for (int partBytes : new int[] {4096, 512 * 1024, 3 << 20}) {
                GcLog read = GcLogReader.read(List.of(GcInput.open(file.toString())), partBytes, 2);
                assertRead(read, file.toString(), 3, longLast);
            }
        }
    }

    @Test
    void aGzipLogReadOnOneThread(@TempDir Path dir) throws IOException {
        for (boolean longLast : new boolean[] {false, true}) {
            Path file = dir.resolve("log-" + longLast + ".log.gz");
            try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
                out.write(log(3, longLast).getBytes(StandardCharsets.UTF_8));
            }
            GcLog read = GcLogReader.read(List.of(GcInput.open(file.toString())));
            assertRead(read, file.toString(), 3, longLast);
        }
    }

    /** The bound is the same on every path: a line of LONGEST_LINE bytes is read, one byte more is not, whatever its line end. */
    @Test
    void theLongestLineIsReadAndOneByteMoreIsNotOnEveryPath(@TempDir Path dir) throws IOException {
        for (String end : new String[] {"\n", "\r\n"}) {
            String text = "[0.001s][info][gc] Using G1\n" + String.format(PAUSE, 0, 0)
                    + "a".repeat(ByteLines.LONGEST_LINE) + end
                    + "b".repeat(ByteLines.LONGEST_LINE + 1) + end
                    + String.format(PAUSE, 1, 1);
            Path plain = dir.resolve("bound.log");
            Files.writeString(plain, text);
            Path gzip = dir.resolve("bound.log.gz");
            try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gzip))) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
            }
            List<GcLog> reads = new java.util.ArrayList<>(List.of(GcLogReader.read(List.of(GcInput.open(gzip.toString())))));
            for (int partBytes : new int[] {4096, 512 * 1024, 3 << 20}) { // the long lines across parts, and within one
                reads.add(GcLogReader.read(List.of(GcInput.open(plain.toString())), partBytes, 2));
            }
            for (GcLog read : reads) {
                assertThat(read.events().size()).isEqualTo(2);
                assertThat(read.lines()).isEqualTo(5);
                assertThat(read.warnings()).as("%s, line end %s", read.sources(), end.replace("\r", "\\r").replace("\n", "\\n"))
                        .anySatisfy(w -> assertThat(w).endsWith(": 1 line longer than 1 MB skipped (not GC log lines)"));
            }
        }
    }
}
