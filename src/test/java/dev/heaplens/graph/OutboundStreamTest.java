package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run-at-a-time reads and writes of issue 28's out-of-core passes against the value-by-value calls they
 * replace: a mapped column's bulk copy across pages of 16 bytes to 4 KiB, and {@link OutboundStream}
 * over graphs of several runs of objects and references, built in the heap and out of core, with
 * objects and references skipped as the dominators' fill skips unreached objects.
 */
class OutboundStreamTest {
    @Test
    void bulkCopiesEqualValueByValue(@TempDir Path dir) {
        Random rnd = new Random(2810);
        for (int byteShift : new int[] {4, 5, 12}) {
            Scratch scratch = Scratch.mappedIn(dir, byteShift);
            int n = 5_000 + rnd.nextInt(5_000);
            MappedInts ints = scratch.ints(n);
            MappedLongs longs = scratch.longs(n);
            MappedBytes bytes = scratch.bytes(n);
            for (int i = 0; i < n; i++) {
                ints.set(i, rnd.nextInt());
                longs.set(i, rnd.nextLong());
                bytes.set(i, (byte) rnd.nextInt());
            }
            for (int k = 0; k < 200; k++) {
                int from = rnd.nextInt(n);
                int count = rnd.nextInt(n - from + 1);
                int[] i = new int[count];
                long[] l = new long[count];
                byte[] b = new byte[count];
                ints.copy(from, i, count);
                longs.copy(from, l, count);
                bytes.copy(from, b, count);
                for (int j = 0; j < count; j++) {
                    String at = "shift " + byteShift + ", from " + from + " + " + j;
                    assertThat(i[j]).as(at).isEqualTo(ints.get(from + j));
                    assertThat(l[j]).as(at).isEqualTo(longs.get(from + j));
                    assertThat(b[j]).as(at).isEqualTo(bytes.get(from + j));
                }
            }
            for (int k = 0; k < 200; k++) { // and back: bulk puts read value by value
                int at = rnd.nextInt(n);
                int count = rnd.nextInt(n - at + 1);
                int[] i = rnd.ints(count).toArray();
                long[] l = rnd.longs(count).toArray();
                byte[] b = new byte[count];
                rnd.nextBytes(b);
                int before = at == 0 ? 0 : ints.get(at - 1);
                ints.put(at, i, count);
                longs.put(at, l, count);
                bytes.put(at, b, count);
                for (int j = 0; j < count; j++) {
                    String where = "shift " + byteShift + ", put at " + at + " + " + j;
                    assertThat(ints.get(at + j)).as(where).isEqualTo(i[j]);
                    assertThat(longs.get(at + j)).as(where).isEqualTo(l[j]);
                    assertThat(bytes.get(at + j)).as(where).isEqualTo(b[j]);
                }
                assertThat(at == 0 ? 0 : ints.get(at - 1)).as("the value before untouched").isEqualTo(before);
            }
            scratch.releaseAll();
        }
    }

    @Test
    void streamGivesTheGraphsReferences(@TempDir Path dir) {
        for (long seed = 0; seed < 8; seed++) {
            Random rnd = new Random(seed);
            Scratch scratch = seed % 2 == 0 ? Scratch.heap() : Scratch.mappedIn(dir, 12 + (int) (seed % 3) * 9);
            HeapGraph g = graph(rnd, scratch, 40_000 + rnd.nextInt(20_000));
            assertThat(g.isOutOfCore()).isEqualTo(scratch.isMapped());
            OutboundStream out = new OutboundStream(g);
            int skip = (int) (seed % 4); // 0: every object; else about one in skip + 1 passed over
            long seen = 0;
            for (int v = 0; v < g.objectCount(); v++) {
                if (skip > 0 && rnd.nextInt(skip + 1) == 0) {
                    continue;
                }
                long start = out.start(v);
                assertThat(start).as("seed %d, object %d", seed, v).isEqualTo(g.outStart(v));
                assertThat(out.end(v)).as("seed %d, object %d", seed, v).isEqualTo(g.outEnd(v));
                for (long i = start; i < out.end(v); i++) {
                    assertThat(out.target(i)).as("seed %d, reference %d", seed, i).isEqualTo(g.target(i));
                    seen++;
                }
            }
            assertThat(seen).as("seed %d: references streamed", seed).isGreaterThan(2L * (1 << 14));
            scratch.releaseAll();
        }
    }

    /** Objects 16 bytes apart with up to 4 references each, and one with 40K (several runs). */
    private static HeapGraph graph(Random rnd, Scratch scratch, int n) {
        HeapGraphBuilder b = new HeapGraphBuilder(scratch);
        HeapGraphPart p = b.newPart();
        int hub = rnd.nextInt(n);
        for (int o = 0; o < n; o++) {
            p.addObject(16L * (o + 1), (byte) 1, 8, 16);
            for (int k = 0, degree = o == hub ? 40_000 : rnd.nextInt(5); k < degree; k++) {
                p.addReference(16L * (1 + rnd.nextInt(n)));
            }
        }
        p.addRoot("r", 16);
        return b.build();
    }
}
