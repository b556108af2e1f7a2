package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.index.IndexException;
import dev.heaplens.io.DumpInput;
import dev.heaplens.runtime.HeapIndexTest;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.IndexOptions;
import dev.heaplens.runtime.ReadListener;
import dev.heaplens.runtime.ReadOptions;
import dev.heaplens.testheap.TestHeap;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The steps an index keeps of the path tree: for the objects they were kept for, and every object
 * on the way to them, the same paths as the whole tree; for any other object, a refusal rather
 * than a wrong path; and stored columns that do not fit the graph are found corrupt.
 */
class StoredRootPathsTest {
    @TempDir
    Path dir;

    @Test
    void theKeptStepsGiveTheWholeTreesPathsToTheirTargetsAndNoOthers() {
        for (long seed = 0; seed < 30; seed++) {
            Random rnd = new Random(seed);
            HeapGraph g = graph(HeapIndexTest.randomHeap(seed, -1), seed);
            RootPaths.Tree tree = RootPaths.tree(g, g.strongReferences(), dev.heaplens.graph.Scratch.heap());
            long[] targets = rnd.longs(1 + rnd.nextInt(4), 0, g.objectCount()).toArray();
            long[] more = rnd.longs(rnd.nextInt(3), 0, g.objectCount()).toArray();
            StoredRootPaths kept = StoredRootPaths.of(g, tree, targets, more);
            BitSet onTheWay = new BitSet();
            for (long[] some : new long[][] {targets, more}) {
                for (long t : some) {
                    for (long o = t; o >= 0; o = tree.parent(o)) {
                        onTheWay.set((int) o);
                    }
                }
            }
            for (long o = 0; o < g.objectCount(); o++) {
                String at = "seed " + seed + ", object " + o;
                if (onTheWay.get((int) o)) {
                    RootPaths.Path whole = tree.pathTo(o);
                    RootPaths.Path stored = kept.pathTo(o);
                    if (whole == null) {
                        assertThat(stored).as(at).isNull();
                    } else {
                        assertThat(stored.objects()).as(at).containsExactly(whole.objects());
                        assertThat(stored.rootCategory()).as(at).isEqualTo(whole.rootCategory());
                    }
                } else {
                    long object = o;
                    assertThatThrownBy(() -> kept.pathTo(object)).as(at).isInstanceOf(IllegalStateException.class);
                }
            }
            StoredRootPaths reread = StoredRootPaths.stored(g, kept.objects(), kept.parents(), kept.edges());
            for (long t : targets) {
                RootPaths.Path expected = kept.pathTo(t);
                RootPaths.Path got = reread.pathTo(t);
                assertThat(got == null ? null : got.objects()).isEqualTo(expected == null ? null : expected.objects());
            }
        }
    }

    @Test
    void storedColumnsThatDoNotFitTheGraphAreCorrupt() {
        HeapGraph g = graph(HeapIndexTest.randomHeap(5, -1), 5);
        RootPaths.Tree tree = RootPaths.tree(g, g.strongReferences(), dev.heaplens.graph.Scratch.heap());
        long[] all = java.util.stream.LongStream.range(0, g.objectCount()).toArray();
        StoredRootPaths kept = StoredRootPaths.of(g, tree, all);
        long[] objects = kept.objects();
        long[] parents = kept.parents();
        int[] edges = kept.edges();
        long[] descending = objects.clone();
        long[] outside = objects.clone();
        outside[outside.length - 1] = g.objectCount();
        long[] noSuchRoot = parents.clone();
        noSuchRoot[0] = StoredRootPaths.ROOT_BASE - g.rootCount();
        long[] unlistedParent = parents.clone();
        unlistedParent[0] = objects[objects.length - 1] + 1;
        descending[0] = objects[1]; // the first two out of order
        descending[1] = objects[0];
        Object[][] bads = {{descending, parents, edges}, {outside, parents, edges}, {objects, noSuchRoot, edges},
                {objects, parents, new int[1]}};
        for (Object[] bad : bads) {
            assertThatThrownBy(() -> StoredRootPaths.stored(g, (long[]) bad[0], (long[]) bad[1], (int[]) bad[2]))
                    .isInstanceOf(IndexException.class).hasMessageStartingWith("corrupt: ");
        }
        if (objects[objects.length - 1] + 1 < g.objectCount()) { // an object not listed: a parent with no step
            assertThatThrownBy(() -> StoredRootPaths.stored(g, objects, unlistedParent, edges)).isInstanceOf(IndexException.class);
        }
    }

    private HeapGraph graph(TestHeap h, long seed) {
        Path dump = h.writeHprof(dir.resolve(seed + ".hprof"));
        DumpInput input = DumpInput.open(dump.toString(), InputStream.nullInputStream());
        return HeapRuntime.of(input, ReadOptions.defaults().withIndex(IndexOptions.OFF), ReadListener.QUIET).load(input).graph();
    }
}
