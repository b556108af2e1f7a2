package dev.heaplens.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.gc.GcResult;
import dev.heaplens.gc.GcLog;
import dev.heaplens.report.GcReports;
import dev.heaplens.report.OutputFormat;
import dev.heaplens.runtime.GcRuns;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Coverage-guided fuzzing of {@code heaplens gc}: a file of any bytes is read as the command reads
 * it (JVM unified or JDK 8 log, Ruby GC.stat series, plain or gzip), analysed and rendered as a
 * table and as JSON. Any input may be refused with a {@link HeaplensException}; anything else
 * thrown (a stack overflow, an index out of bounds, a number format error...) is a finding. No
 * read may report more events than the file has lines.
 *
 * <p>{@code ./mvnw verify} replays the seed corpus in
 * {@code src/test/resources/dev/heaplens/fuzz/GcLogFuzzTestInputs/gcReadHolds}; to fuzz, run
 * {@code JAZZER_FUZZ=1 ./mvnw -B -ntp test -Dtest=GcLogFuzzTest} (30 s; see README).
 */
class GcLogFuzzTest {
    private static final Path FILE = tempFile();

    private static Path tempFile() {
        try {
            Path file = Files.createTempFile("heaplens-gc-fuzz", ".log");
            file.toFile().deleteOnExit();
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** 30 s a run when fuzzing (Jazzer 0.24 takes the duration from here only); longer: repeat the run, see README. */
    @FuzzTest(maxDuration = "30s")
    void gcReadHolds(byte[] data) throws IOException {
        Files.write(FILE, data);
        List<GcLog> runs;
        try {
            runs = GcRuns.read(List.of(FILE.toString()));
        } catch (HeaplensException refused) {
            return; // bad input, told in one line
        }
        long lines = 1;
        for (byte b : data) {
            lines += b == '\n' || b == '\r' ? 1 : 0;
        }
        for (GcLog run : runs) {
            if (!isGzip(data)) {
                assertThat((long) run.events().size()).isLessThanOrEqualTo(lines);
            }
        }
        try {
            GcResult result = GcRuns.analyse(List.of(FILE.toString()));
            assertThat(GcReports.render(result, OutputFormat.TABLE)).isNotNull();
            assertThat(GcReports.render(result, OutputFormat.JSON)).isNotNull();
        } catch (HeaplensException refused) {
            // a report that cannot be made, told in one line
        }
    }

    private static boolean isGzip(byte[] data) {
        return data.length >= 2 && (data[0] & 0xff) == 0x1f && (data[1] & 0xff) == 0x8b;
    }
}
