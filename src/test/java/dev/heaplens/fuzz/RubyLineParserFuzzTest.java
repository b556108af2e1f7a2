package dev.heaplens.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.heaplens.HeaplensException;
import dev.heaplens.format.ruby.ReadResult;
import dev.heaplens.format.ruby.RubyDumpReader;
import dev.heaplens.format.ruby.RubyLineParser;
import dev.heaplens.format.ruby.RubyRecord;
import dev.heaplens.format.ruby.RubyRecordSink;
import dev.heaplens.io.DumpInput;

import java.io.ByteArrayInputStream;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Coverage-guided fuzzing of the Ruby line parser and the reader around it. Plain {@code mvn
 * verify} replays the seed corpus in {@code src/test/resources/dev/heaplens/fuzz/
 * RubyLineParserFuzzTestInputs/}; {@code JAZZER_FUZZ=1} fuzzes (see the README).
 */
class RubyLineParserFuzzTest {
    private static final List<Set<RubyLineParser.Field>> FIELD_SETS = List.of(Set.of(),
            EnumSet.of(RubyLineParser.Field.REFERENCE_COUNT, RubyLineParser.Field.ALLOCATION, RubyLineParser.Field.FLAGS),
            EnumSet.allOf(RubyLineParser.Field.class));

    /**
     * Any bytes, as one line and as a whole dump: no exception but a clean error, sane records,
     * and one meaning of "malformed": a line any richer read accepts, the minimal read accepts.
     * (Their values may differ on a line that repeats a key inside garbage: each read takes the
     * occurrence its jumps land on.)
     */
    @FuzzTest(maxDuration = "30s")
    void anyBytes(byte[] data) {
        boolean minimalOk = new RubyLineParser(Set.of()).parse(data, 0, data.length, new RubyRecord());
        for (Set<RubyLineParser.Field> fields : FIELD_SETS) {
            RubyLineParser parser = new RubyLineParser(fields);
            RubyRecord r = new RubyRecord();
            if (parser.parse(data, 0, data.length, r)) {
                assertSane(r);
                assertThat(minimalOk).as("accepted with %s, malformed for the minimal read", fields).isTrue();
            } else {
                assertThat(parser.error()).isNotBlank();
            }
        }
        readAsDump(data);
    }

    private static void readAsDump(byte[] data) {
        DumpInput input;
        try {
            input = DumpInput.open("-", new ByteArrayInputStream(data));
        } catch (HeaplensException e) {
            return; // a clean refusal: not gzip, or similar
        }
        long[] seen = new long[1];
        RubyRecordSink sink = record -> {
            assertSane(record);
            seen[0]++;
        };
        try {
            ReadResult<RubyRecordSink> result = RubyDumpReader.read(input,
                    RubyDumpReader.Options.defaults().withFields(EnumSet.allOf(RubyLineParser.Field.class)).withThreads(1),
                    () -> sink);
            assertThat(result.malformed() + seen[0]).isLessThanOrEqualTo(result.lines());
        } catch (HeaplensException e) {
            assertThat(e.getMessage()).doesNotContain("\n");
        }
    }

    private static void assertSane(RubyRecord r) {
        assertThat(r.type).isNotNull();
        assertThat(r.memsize).isBetween(0L, RubyLineParser.MAX_MEMSIZE);
        assertThat(r.line).isGreaterThanOrEqualTo(-1);
    }
}
