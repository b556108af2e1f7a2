package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.io.DumpInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The check before a graph is read: hand-worked sizes, and an object count known by construction. */
class HeapFitTest {
    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;

    @Test
    void aGraphThatFitsIsReadAndAnUnknownCountIsNeverRefused() {
        HeapFit.require("d.json", 400_000, 120, 64 * MIB); // 8 MiB + 45.8 MiB
        HeapFit.require("d.json", 0, 120, 1);
        HeapFit.require("d.json", -1, 120, 1);
    }

    @Test
    void aGraphThatDoesNotFitIsRefusedInOneLineNamingTheSettingsToRaise() {
        // 8 MiB + 1,000,000 x 120 B = 122.4 MiB; a quarter more is 153 MiB, suggested as 256m
        assertThatThrownBy(() -> HeapFit.require("d.json", 1_000_000, 120, 64 * MIB))
                .isInstanceOfSatisfying(HeaplensException.class, e -> assertThat(e.exitCode()).isEqualTo(2))
                .hasMessage("d.json: its heap graph (about 1,000,000 objects) needs about 122 MiB of heap,"
                        + " and this JVM may use 64 MiB: raise it with HEAPLENS_MAX_HEAP=256m (./heaplens) or java -Xmx256m");
    }

    @Test
    void moreObjectsThanAHeapGraphHoldsAreRefusedInTheHeapWhateverItsSize() {
        HeapFit.require("d.hprof", 2_147_483_639L, 1, Long.MAX_VALUE); // the last id there is: still read
        assertThatThrownBy(() -> HeapFit.require("d.hprof", 2_147_483_640L, 1, Long.MAX_VALUE))
                .isInstanceOfSatisfying(HeaplensException.class, e -> assertThat(e.exitCode()).isEqualTo(2))
                .hasMessage("d.hprof: about 2,147,483,640 objects, past the 2,147,483,639 a graph in the heap holds:"
                        + " it is worked on only out of core");
    }

    @Test
    void theBenchmarkDumpsAreTriedInTheSmallestHeapTheyWereMeasuredToRunInButNotInTwoThirdsOfIt() {
        // BENCHMARKS "Round 7, issue 28, bytes per object" (JVM) and round 8's (Ruby): top --no-index's
        // smallest -Xmx, by bisection
        HeapFit.require("big.hprof", 7_386_685, HeapFit.JVM_BYTES_PER_OBJECT, 493 * MIB);
        HeapFit.require("big.json", 3_457_879, HeapFit.RUBY_BYTES_PER_OBJECT, 290 * MIB);
        assertThatThrownBy(() -> HeapFit.require("big.hprof", 7_386_685, HeapFit.JVM_BYTES_PER_OBJECT, 329 * MIB))
                .isInstanceOf(HeaplensException.class);
        assertThatThrownBy(() -> HeapFit.require("big.json", 3_457_879, HeapFit.RUBY_BYTES_PER_OBJECT, 193 * MIB))
                .isInstanceOf(HeaplensException.class);
    }

    @Test
    void aFirstReadOutOfCoreIsTriedInTheSmallestHeapItRanInAndTheGenerated500MDumpIn4G() {
        // BENCHMARKS "Round 9, issue 28, the first read's heap": the first top out of core's smallest -Xmx, by bisection
        HeapFit.require("big.hprof", 7_386_685, HeapFit.JVM_FIRST_READ_OUT_OF_CORE_BYTES_PER_OBJECT, 57 * MIB);
        HeapFit.require("big-30M.hprof", 29_999_932, HeapFit.JVM_FIRST_READ_OUT_OF_CORE_BYTES_PER_OBJECT, 157 * MIB);
        assertThatThrownBy(() -> HeapFit.require("big-30M.hprof", 29_999_932,
                HeapFit.JVM_FIRST_READ_OUT_OF_CORE_BYTES_PER_OBJECT, 157 * MIB * 2 / 3)).isInstanceOf(HeaplensException.class);
        // 5 B an object: the 500M dump's first read is tried in a 4 GB heap's old generation (round 8: refused)
        HeapFit.require("big-500000000.hprof", 506_423_429, HeapFit.JVM_FIRST_READ_OUT_OF_CORE_BYTES_PER_OBJECT, 3968 * MIB);
    }

    @Test
    void theSuggestionIsAQuarterMoreRoundedUpToWholeGibibytesPastThreeQuarters() {
        assertThat(HeapFit.raise(100 * MIB)).endsWith("HEAPLENS_MAX_HEAP=256m (./heaplens) or java -Xmx256m");
        assertThat(HeapFit.raise(300 * MIB)).contains("=512m ").endsWith("-Xmx512m");  // 375 MiB
        assertThat(HeapFit.raise(700 * MIB)).contains("=1g ").endsWith("-Xmx1g");      // 875 MiB
        assertThat(HeapFit.raise(3072 * MIB)).contains("=4g ").endsWith("-Xmx4g");     // 3840 MiB
    }

    @Test
    void aPlainDumpsLinesAreCountedOverTheWholeFileNotItsHead() throws IOException {
        // 1 MiB of short lines, then 7 MiB of long ones: the head alone says 4.7 times too many
        Path dump = dir.resolve("heads.json");
        long lines = 0;
        try (OutputStream out = Files.newOutputStream(dump)) {
            lines += writeLines(out, 1 << 20, 64);
            lines += writeLines(out, 7 << 20, 640);
        }
        long estimate = ObjectCountEstimate.lines(DumpInput.open(dump.toString(), new ByteArrayInputStream(new byte[0])));
        assertThat((double) estimate).isCloseTo(lines, org.assertj.core.data.Percentage.withPercentage(10));
    }

    /** Ruby-like lines of {@code width} bytes (newline included) filling about {@code bytes}; returns how many. */
    private static long writeLines(OutputStream out, long bytes, int width) throws IOException {
        long n = bytes / width;
        for (long i = 0; i < n; i++) {
            String head = String.format("{\"address\":\"0x%012x\", \"type\":\"STRING\", \"value\":\"", 0x7f0000000000L + i * 40);
            String line = head + "x".repeat(width - head.length() - 3) + "\"}\n";
            out.write(line.getBytes(StandardCharsets.US_ASCII));
        }
        return n;
    }
}
