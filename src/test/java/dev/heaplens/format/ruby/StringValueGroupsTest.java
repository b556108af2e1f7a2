package dev.heaplens.format.ruby;

import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The partitioned grouping against a plain map of every group, on seeded strings: its pages and table
 * in the heap, and mapped (a scratch that says the heap has no room: 4,096 partitions, pages doubling).
 */
class StringValueGroupsTest {
    @TempDir
    Path dir;

    /** Per hash: strings, bytes, smallest, lowest address. */
    private static void oracleAdd(Map<Long, long[]> oracle, long hash, long address, long memsize) {
        long[] g = oracle.computeIfAbsent(hash, h -> new long[] {0, 0, Long.MAX_VALUE, Long.MAX_VALUE});
        g[0]++;
        g[1] += memsize;
        g[2] = Math.min(g[2], memsize);
        g[3] = Math.min(g[3], address);
    }

    @Test
    void threadsWithManyRunsGroupAsAMapDoes() {
        threadsGroupAsAMapDoes(Scratch.heap(), 1, 3);
    }

    @Test
    void threadsGroupAsAMapDoesWithThePagesMapped() {
        Scratch scratch = MappedScratch.withoutHeapRoom(dir);
        threadsGroupAsAMapDoes(scratch, 4, 4);
        assertThat(scratch.mappedBytes()).as("pages doubling from 1 MiB, mapped").isGreaterThan(14L << 20);
        assertThat(scratch.liveBytes()).as("all given back").isZero();
    }

    private static void threadsGroupAsAMapDoes(Scratch scratch, long fromSeed, long toSeed) {
        for (long seed = fromSeed; seed <= toSeed; seed++) {
            Random random = new Random(seed);
            Map<Long, long[]> oracle = new TreeMap<>();
            List<StringValueGroups> threads = List.of(new StringValueGroups(scratch), new StringValueGroups(scratch));
            long[] values = new long[200_000]; // hashes from both ends of the unsigned order, some close together
            for (int i = 0; i < values.length; i++) {
                values[i] = i % 7 == 0 ? random.nextLong() >>> 20 : random.nextLong();
            }
            for (int i = 0; i < 600_000; i++) {
                int v = random.nextInt(10) < 3 ? random.nextInt(50) : random.nextInt(values.length); // a few very common values
                long memsize = random.nextInt(100) == 0 ? (1L << 32) + random.nextInt(3) : 40 + random.nextInt(200);
                long address = 0x7f0000000000L + random.nextInt(1 << 30) * 40L;
                threads.get(random.nextInt(2)).add(values[v], address, memsize);
                oracleAdd(oracle, values[v], address, memsize);
            }
            StringValueGroups.Duplicated d = StringValueGroups.duplicated(threads);

            assertThat(d.values).as("seed %d", seed).isEqualTo(oracle.size());
            List<String> expected = new ArrayList<>();
            oracle.values().stream().filter(g -> g[0] > 1).forEach(g -> expected.add(g[0] + " " + g[1] + " " + g[2] + " " + g[3]));
            List<String> got = new ArrayList<>();
            for (int k = 0; k < d.groups; k++) {
                got.add(d.strings[k] + " " + d.bytes[k] + " " + d.smallest[k] + " " + d.first[k]);
            }
            // sorted and compared whole: AssertJ's any-order comparison is quadratic (minutes on 10^5 groups)
            expected.sort(null);
            got.sort(null);
            assertThat(got).as("seed %d", seed).isEqualTo(expected);
        }
    }

    @Test
    void noStringsNoGroups() {
        StringValueGroups.Duplicated d = StringValueGroups.duplicated(List.of(new StringValueGroups(Scratch.heap())));
        assertThat(d.values).isZero();
        assertThat(d.groups).isZero();
    }
}
