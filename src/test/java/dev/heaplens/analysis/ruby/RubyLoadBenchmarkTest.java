package dev.heaplens.analysis.ruby;

import dev.heaplens.format.ruby.RubyDumpReader;
import dev.heaplens.format.ruby.RubyGraphReader;
import dev.heaplens.io.DumpInput;
import java.io.InputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Times {@link RubyGraphReader#read} (read, graph build, Ruby's own columns) on the dump named by
 * {@code -Dheaplens.bench.ruby=FILE}. Not a test: run with
 * {@code ./mvnw -q test -Dtest=RubyLoadBenchmarkTest -Dheaplens.bench.ruby=/tmp/big.json}.
 */
@EnabledIfSystemProperty(named = "heaplens.bench.ruby", matches = ".+")
class RubyLoadBenchmarkTest {
    @Test
    void load() {
        String file = System.getProperty("heaplens.bench.ruby");
        long[] times = new long[5];
        for (int run = 0; run < times.length; run++) {
            long t0 = System.nanoTime();
            RubyHeap heap = new RubyHeap(RubyGraphReader.read(DumpInput.open(file, InputStream.nullInputStream()), RubyDumpReader.Options.defaults()));
            times[run] = (System.nanoTime() - t0) / 1_000_000;
            if (heap.location(heap.graph().objectCount() / 2) == null) {
                throw new AssertionError("no site");
            }
        }
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        System.out.printf("ruby load of %s: ms %s, median %d%n", file, Arrays.toString(times), sorted[times.length / 2]);
    }
}
