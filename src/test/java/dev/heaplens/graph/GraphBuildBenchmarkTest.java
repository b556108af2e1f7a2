package dev.heaplens.graph;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Times {@link HeapGraphBuilder#build()} alone on 2M objects / 5M references read in four parts out
 * of address order (as a Ruby dump is), with record positions: the sort, the permutation and the
 * reference resolving. Not a test: run with
 * {@code ./mvnw -q test -Dtest=GraphBuildBenchmarkTest -Dheaplens.bench=true}.
 */
@EnabledIfSystemProperty(named = "heaplens.bench", matches = "true")
class GraphBuildBenchmarkTest {
    static final int N = 2_000_000;
    static final int E = 5_000_000;
    static final int PARTS = 4;

    @Test
    void build() {
        Random rnd = new Random(11);
        long[] address = new long[N];
        for (int i = 0; i < N; i++) {
            address[i] = 0x7f00_0000_0000L + 40L * i;
        }
        for (int i = N - 1; i > 0; i--) { // reading order is not address order
            int j = rnd.nextInt(i + 1);
            long t = address[i];
            address[i] = address[j];
            address[j] = t;
        }
        int[] degree = new int[N];
        for (int e = 0; e < E; e++) {
            degree[rnd.nextInt(N)]++;
        }
        long[] times = new long[7];
        for (int run = 0; run < times.length; run++) {
            Random refs = new Random(13);
            HeapGraphBuilder b = new HeapGraphBuilder();
            HeapGraphPart[] parts = new HeapGraphPart[PARTS];
            for (int k = 0; k < PARTS; k++) {
                parts[k] = b.newPart();
            }
            for (int o = 0; o < N; o++) {
                HeapGraphPart p = parts[(int) ((long) o * PARTS / N)];
                p.addObject(address[o], (byte) (o & 7), address[o & 1023], 40);
                for (int k = 0; k < degree[o]; k++) {
                    p.addReference(address[refs.nextInt(N)]);
                }
                p.setPosition(100L * o);
                if ((o & 1023) == 0) {
                    p.addRoot("vm", address[o]);
                }
            }
            long t0 = System.nanoTime();
            HeapGraph g = b.build();
            times[run] = (System.nanoTime() - t0) / 1_000_000;
            if (g.objectCount() != N) {
                throw new AssertionError(g.objectCount());
            }
        }
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        System.out.printf("graph build (2M objects, 5M references, 4 parts, shuffled): ms %s, median %d%n",
                Arrays.toString(times), sorted[sorted.length / 2]);
    }
}
