package dev.heaplens.analysis.ruby;

import dev.heaplens.format.ruby.RubyDumpReader;
import dev.heaplens.format.ruby.RubyGraphReader;
import dev.heaplens.format.ruby.RubyWasteFacts;
import dev.heaplens.io.DumpInput;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The duplicate-string groups' order, sorted as ints, against a plain sort of boxed numbers by the same three keys. */
class MostWastefulFirstTest {
    @Test
    void theOrderIsTheComparatorsOnRealDumps() {
        for (String name : List.of("src/test/resources/fixtures/suspects/waste.json.gz", Fixtures.dump("rails_ish").toString())) {
            RubyWasteFacts facts = RubyGraphReader.read(DumpInput.open(name, InputStream.nullInputStream()),
                    RubyDumpReader.Options.defaults()).waste();
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < facts.duplicatedValues(); i++) {
                expected.add(i);
            }
            expected.sort(Comparator.<Integer>comparingLong(i -> facts.bytes(i) - facts.smallest(i)).reversed()
                    .thenComparing(Comparator.<Integer>comparingLong(facts::strings).reversed())
                    .thenComparingLong(facts::firstAddress));
            int[] got = RubyWasteChecks.mostWastefulFirst(facts);
            assertThat(expected).as(name).hasSizeGreaterThan(1);
            assertThat(got).as(name).containsExactly(expected.stream().mapToInt(Integer::intValue).toArray());
        }
    }
}
