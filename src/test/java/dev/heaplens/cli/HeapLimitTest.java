package dev.heaplens.cli;

import dev.heaplens.format.hprof.SelfDump;
import dev.heaplens.fuzz.HostileRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A dump bigger than the heap, in a child JVM with a small -Xmx: one line naming the setting to
 * raise, before the dump is read when its size tells, and never an OutOfMemoryError's trace.
 */
class HeapLimitTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void aRubyDumpThatWillNotFitIsRefusedBeforeItIsRead() throws IOException {
        // 300,000 objects need about 35 MiB in the heap and about 12 out of core (the graph's
        // columns mapped), over a 16 MiB heap's old generation either way; the last line is
        // malformed, so had the dump been read first, --strict would have failed on that line
        Path dump = dir.resolve("big.json");
        try (OutputStream out = Files.newOutputStream(dump)) {
            writeObjects(out, 300_000);
            out.write("{\"address\":\n".getBytes(StandardCharsets.US_ASCII));
        }
        HostileRun.Outcome small = HostileRun.child(LIMIT, 16, "top", "--strict", dump.toString()).assertHeld("16 MiB");
        assertThat(small.exitCode()).isEqualTo(2);
        assertThat(small.out()).isEmpty();
        assertThat(small.err().lines()).singleElement().asString()
                .startsWith("heaplens: " + dump + ": its heap graph (about ")
                .contains("HEAPLENS_MAX_HEAP=").contains("java -Xmx");

        HostileRun.Outcome enough = HostileRun.child(LIMIT, 256, "top", "--strict", dump.toString()).assertHeld("256 MiB");
        assertThat(enough.exitCode()).isEqualTo(2);
        assertThat(enough.err()).contains("line 300001").doesNotContain("heap graph");
    }

    @Test
    void aJvmDumpThatWillNotFitIsRefusedBeforeItIsRead() throws IOException {
        Path dump = SelfDump.write(dir.resolve("self.hprof"));
        HostileRun.Outcome o = HostileRun.child(LIMIT, 8, "top", dump.toString()).assertHeld("8 MiB");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err().lines()).singleElement().asString()
                .startsWith("heaplens: " + dump + ": its heap graph (about ").contains("HEAPLENS_MAX_HEAP=");
    }

    @Test
    void runningOutOfHeapWhileReadingIsOneLineNamingTheSetting() throws IOException {
        // gzip: only the head is sampled, and this head is 16 lines of 64 KiB that compress to
        // almost nothing, so the estimate is a few thousand objects; 300,000 follow
        Path dump = dir.resolve("deceiving.json.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dump))) {
            for (int i = 0; i < 16; i++) {
                String head = String.format("{\"address\":\"0x%012x\", \"type\":\"STRING\", \"value\":\"", 0x7e0000000000L + i * 40);
                out.write((head + "x".repeat(64 * 1024) + "\"}\n").getBytes(StandardCharsets.US_ASCII));
            }
            writeObjects(out, 300_000);
        }
        HostileRun.Outcome o = HostileRun.child(LIMIT, 24, "top", dump.toString()).assertHeld("24 MiB");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.out()).isEmpty();
        assertThat(o.err().lines()).singleElement().asString()
                .startsWith("heaplens: out of memory (Java heap space) with ")
                .contains("HEAPLENS_MAX_HEAP=").contains("java -Xmx");
    }

    /** {@code n} Ruby objects, each an array holding the one before, so that all of them form a graph. */
    private static void writeObjects(OutputStream out, int n) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < n; i++) {
            line.setLength(0);
            line.append(String.format("{\"address\":\"0x%012x\", \"type\":\"ARRAY\", \"length\":1", 0x7f0000000000L + i * 40L));
            if (i > 0) {
                line.append(String.format(", \"references\":[\"0x%012x\"]", 0x7f0000000000L + (i - 1) * 40L));
            }
            line.append(", \"memsize\":40}\n");
            out.write(line.toString().getBytes(StandardCharsets.US_ASCII));
        }
    }
}
