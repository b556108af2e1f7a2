package dev.heaplens.format.hprof;

import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The objects of a dump estimated from its head, against dumps written with a known count. */
class HprofObjectEstimateTest {
    private static final BasicType[] FIELDS = {BasicType.INT, BasicType.LONG};

    @TempDir
    Path dir;

    @Test
    void aDumpSmallerThanTheSampleIsCountedExactly() throws IOException {
        Path dump = write(dir.resolve("small.hprof"), 1_000, false);
        assertThat(HprofObjectEstimate.of(HprofSource.of(dump))).isEqualTo(1_001); // and its class
    }

    @Test
    void aLargerDumpIsEstimatedFromItsHead() throws IOException {
        int objects = 4 * HprofObjectEstimate.SAMPLE + 12_345;
        Path dump = write(dir.resolve("large.hprof"), objects, false);
        assertThat((double) HprofObjectEstimate.of(HprofSource.of(dump))).isCloseTo(objects + 1, Percentage.withPercentage(2));
    }

    /**
     * A dump whose head misleads, as the generated big dumps' catalogue did: small instances first,
     * then arrays twenty times their size. The head alone says 8.7 times the objects; samples
     * spread over the segments come within 3%.
     */
    @Test
    void aDumpWhoseHeadIsDenserIsEstimatedFromSamplesSpreadOverItsSegments() throws IOException {
        int small = 2 * HprofObjectEstimate.SAMPLE;
        int large = 6 * HprofObjectEstimate.SAMPLE + 777;
        Path dump = dir.resolve("skewed.hprof");
        try (OutputStream out = Files.newOutputStream(dump);
             HprofWriter w = new HprofWriter(out, 8, 64 * 1024)) {
            w.utf8(1, "Item").utf8(2, "count").utf8(3, "weight").loadClass(0x100, 1).segment();
            w.classDump(0x100, 0, new long[0], new BasicType[0], new long[0], new long[] {2, 3}, FIELDS);
            for (int i = 0; i < small; i++) {
                w.instance(0x1000 + 16L * i, 0x100, FIELDS, new long[] {i, 7});
            }
            for (int i = 0; i < large; i++) {
                w.primitiveArray(0x1_0000_0000L + 512L * i, BasicType.BYTE, 400);
            }
            w.root(RootKind.STICKY_CLASS, 0x100).endSegment().end();
        }
        long exact = small + large + 1;
        assertThat((double) HprofObjectEstimate.of(HprofSource.of(dump))).isCloseTo(exact, Percentage.withPercentage(3));
    }

    @Test
    void aGzippedDumpIsNotEstimated() throws IOException {
        Path dump = write(dir.resolve("small.hprof.gz"), 1_000, true);
        assertThat(HprofObjectEstimate.of(HprofSource.of(dump))).isZero();
    }

    /** One class, then {@code objects} instances of it (12 bytes of fields each), its roots, the end. */
    private static Path write(Path file, int objects, boolean gzip) throws IOException {
        try (OutputStream raw = Files.newOutputStream(file);
             OutputStream out = gzip ? new GZIPOutputStream(raw) : raw;
             HprofWriter w = new HprofWriter(out, 8)) {
            w.utf8(1, "Item").utf8(2, "count").utf8(3, "weight").loadClass(0x100, 1).segment();
            w.classDump(0x100, 0, new long[0], new BasicType[0], new long[0], new long[] {2, 3}, FIELDS);
            for (int i = 0; i < objects; i++) {
                w.instance(0x1000 + 16L * i, 0x100, FIELDS, new long[] {i, 7});
            }
            w.root(RootKind.STICKY_CLASS, 0x100).endSegment().end();
        }
        return file;
    }
}
