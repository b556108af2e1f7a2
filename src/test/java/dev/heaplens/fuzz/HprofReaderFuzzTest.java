package dev.heaplens.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.heaplens.HeaplensException;
import dev.heaplens.format.hprof.HprofCountReader;
import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofSource;

import java.io.ByteArrayInputStream;
import java.io.InputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Coverage-guided fuzzing of the HPROF reader: the streaming count pass (file of known size, and
 * a stream of unknown size) and the two-pass graph read. Any input may be refused with a
 * {@link HeaplensException}; anything else thrown (an OutOfMemoryError, an index out of bounds...)
 * is a finding. Every object costs at least 10 bytes of the file, so no read may report more.
 *
 * <p>{@code ./mvnw verify} replays the seed corpus in
 * {@code src/test/resources/dev/heaplens/fuzz/HprofReaderFuzzTestInputs/readerHolds}; to fuzz, run
 * {@code JAZZER_FUZZ=1 ./mvnw -B -ntp test -Dtest=HprofReaderFuzzTest} (30 s; see README).
 */
class HprofReaderFuzzTest {
    /** 30 s a run when fuzzing (Jazzer 0.24 takes the duration from here only); longer: repeat the run, see README. */
    @FuzzTest(maxDuration = "30s")
    void readerHolds(byte[] data) {
        long most = data.length / 10 + 1;
        for (long size : new long[] {data.length, -1}) {
            try {
                HprofCountReader.Result r = HprofCountReader.read("fuzz", new ByteArrayInputStream(data), size, null,
                        true, false);
                long objects = r.tallies().stream().mapToLong(HprofCountReader.Tally::count).sum();
                assertThat(objects).isLessThanOrEqualTo(most);
            } catch (HeaplensException refused) {
                // bad input, told in one line
            }
        }
        try {
            HprofGraphReader.Result r = HprofGraphReader.read(source(data), null, false);
            assertThat((long) r.graph().objectCount()).isLessThanOrEqualTo(most);
        } catch (HeaplensException refused) {
            // bad input, told in one line
        }
    }

    private static HprofSource source(byte[] data) {
        return new HprofSource() {
            @Override
            public String name() {
                return "fuzz";
            }

            @Override
            public InputStream open() {
                return new ByteArrayInputStream(data);
            }

            @Override
            public long size() {
                return data.length;
            }
        };
    }
}
