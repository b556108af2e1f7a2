package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.index.IndexKey;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A graph and its dominators used out of core, where they lie in a mapped index: on seeded random
 * graphs, every value read in place equals the built graph's, and the dominators read in place match
 * the brute-force oracle. The first {@link HeapGraph#SPARSE_READS} reads of each are spent first, so
 * that the mapped columns, not the values read one by one, answer.
 */
class OutOfCoreOracleTest {
    private static final int SEEDS = 300;

    @TempDir
    Path dir;

    @Test
    void storedColumnsReadInPlaceMatchTheBuiltGraphAndTheBruteForce() throws IOException {
        Path dump = Files.writeString(dir.resolve("dump"), "a dump's bytes, for the key");
        IndexKey key = IndexKey.of(dump, "test");
        for (long seed = 0; seed < SEEDS; seed++) {
            DominatorsOracleTest.Case c = new DominatorsOracleTest.Case(seed);
            Dominators computed = Dominators.compute(c.graph);
            Path file = dir.resolve(seed + ".index");
            try (IndexWriter w = IndexWriter.create(file, key)) {
                GraphStore.write(c.graph, computed, new int[0], w);
                w.commit();
            }
            GraphStore.Stored stored = GraphStore.read(IndexReader.open(file, key), true);
            HeapGraph g = stored.graph();
            Dominators d = stored.dominators();
            assertThat(g.isOutOfCore()).isTrue();
            for (int i = 0; i <= HeapGraph.SPARSE_READS; i++) { // spend the reads one by one
                g.address(0);
                g.kind(0);
                g.classAddress(0);
                g.shallowSize(0);
                g.position(0);
                d.immediateDominator(0);
                d.retainedSize(0);
                d.retainedCount(0);
                d.preorderObject(0);
            }
            String at = "seed " + seed;
            HeapGraph built = c.graph;
            SameGraphs.assertSame(at, built, g);
            for (int o = 0; o < built.objectCount(); o++) { // what SameGraphs does not read: the lookups and built indexes
                assertThat(g.objectOf(built.address(o))).as(at).isEqualTo(built.objectOf(built.address(o)));
                assertThat(g.inEnd(o) - g.inStart(o)).as(at).isEqualTo(built.inEnd(o) - built.inStart(o));
                assertThat(d.childEnd(o) - d.childStart(o)).as(at).isEqualTo(computed.childEnd(o) - computed.childStart(o));
            }
            assertThat(g.objectOf(0x1)).as(at).isEqualTo(-1);
            for (long i = 0; i < built.referenceCount(); i++) {
                assertThat(g.source(i)).as(at).isEqualTo(built.source(i));
            }
            DominatorsOracleTest.check(c, false, d);
        }
    }
}
