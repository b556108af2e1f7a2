package dev.heaplens.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.graph.TopRetainers;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.io.DumpInput;
import dev.heaplens.testheap.TestHeap;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the runtime seam, as a web UI would call it: a second load of the same dump does not read
 * the dump (the runtime reports no read) and gives a heap equal, column by column, to the one the
 * read built; both runtimes, on seeded random heaps.
 */
public class HeapIndexTest {
    @TempDir
    Path dir;

    /** Counts the reads a runtime reports, and keeps its warnings and notes. */
    static final class Reads implements ReadListener {
        int reads;
        final List<String> warnings = new ArrayList<>();
        final List<String> notes = new ArrayList<>();

        @Override
        public void warning(String dumpName, String message) {
            warnings.add(message);
        }

        @Override
        public void note(String message) {
            notes.add(message);
        }

        @Override
        public Reading reading(String label, long total, LongSupplier done) {
            reads++;
            return () -> {
            };
        }
    }

    private static TestHeap randomHeap(long seed) {
        return randomHeap(seed, -1);
    }

    /**
     * {@code size} objects (-1: 20 to 219, drawn from the seed) of two classes, referring to each other at
     * random, one to three of them roots.
     */
    public static TestHeap randomHeap(long seed, int size) {
        Random rnd = new Random(seed);
        TestHeap h = new TestHeap();
        List<TestHeap.Cls> classes = List.of(h.cls("Node", 3, 1), h.cls("Leaf", 0, 2));
        int n = size >= 0 ? size : 20 + rnd.nextInt(200);
        long[] objects = new long[n];
        for (int i = 0; i < n; i++) {
            objects[i] = h.object(classes.get(rnd.nextInt(2)));
        }
        for (long o : objects) {
            long[] targets = new long[rnd.nextInt(h.classOf(o).referenceFields() + 1)];
            for (int k = 0; k < targets.length; k++) {
                targets[k] = objects[rnd.nextInt(n)];
            }
            h.refs(o, targets);
        }
        for (int r = 0; r < 1 + rnd.nextInt(3); r++) {
            h.root(objects[rnd.nextInt(n)]);
        }
        return h;
    }

    private LoadedHeap load(Path dump, Reads reads) {
        DumpInput input = DumpInput.open(dump.toString(), InputStream.nullInputStream());
        ReadOptions options = ReadOptions.defaults().withIndex(IndexOptions.fromEnvironment(Map.of(), dir.resolve("cache")));
        return HeapRuntime.of(input, options, reads).load(input);
    }

    @Test
    void aSecondLoadReadsTheIndexNotTheDumpAndGivesTheSameHeap() {
        for (long seed = 0; seed < 8; seed++) {
            TestHeap h = randomHeap(seed);
            for (Path dump : List.of(h.writeRuby(dir.resolve(seed + ".json")), h.writeHprof(dir.resolve(seed + ".hprof")))) {
                Reads first = new Reads();
                LoadedHeap built = load(dump, first);
                assertThat(first.reads).as(dump + " read").isPositive();
                Reads second = new Reads();
                LoadedHeap indexed = load(dump, second);
                assertThat(second.reads).as(dump + " read again").isZero();
                assertThat(second.warnings).isEqualTo(first.warnings);
                assertSame(built, indexed, dump + " seed " + seed);
            }
        }
    }

    static void assertSame(LoadedHeap a, LoadedHeap b, String what) {
        HeapGraph g = a.graph();
        HeapGraph h = b.graph();
        Dominators d = a.dominators();
        Dominators e = b.dominators();
        assertThat(h.objectCount()).as(what).isEqualTo(g.objectCount());
        assertThat(h.referenceCount()).as(what).isEqualTo(g.referenceCount());
        assertThat(h.totalShallowSize()).as(what).isEqualTo(g.totalShallowSize());
        assertThat(h.rootCategories()).as(what).isEqualTo(g.rootCategories());
        assertThat(e.reachableCount()).as(what).isEqualTo(d.reachableCount());
        assertThat(e.reachableBytes()).as(what).isEqualTo(d.reachableBytes());
        // stored by the first load, read back by the second: equal to computing it afresh
        assertThat(b.reachability()).as(what).isEqualTo(Reachability.of(d, a.namer()));
        for (long o = g.objectCount() - 1; o >= 0; o--) { // backwards: the first values read one by one
            assertThat(h.address(o)).as(what).isEqualTo(g.address(o));
            assertThat(h.objectOf(g.address(o))).as(what).isEqualTo(g.objectOf(g.address(o)));
            assertThat(h.kind(o)).as(what).isEqualTo(g.kind(o));
            assertThat(h.classAddress(o)).as(what).isEqualTo(g.classAddress(o));
            assertThat(h.shallowSize(o)).as(what).isEqualTo(g.shallowSize(o));
            assertThat(h.position(o)).as(what).isEqualTo(g.position(o));
            assertThat(h.inDegree(o)).as(what).isEqualTo(g.inDegree(o));
            assertThat(e.immediateDominator(o)).as(what).isEqualTo(d.immediateDominator(o));
            assertThat(e.retainedSize(o)).as(what).isEqualTo(d.retainedSize(o));
            assertThat(e.retainedCount(o)).as(what).isEqualTo(d.retainedCount(o));
            assertThat(e.childEnd(o) - e.childStart(o)).as(what).isEqualTo(d.childEnd(o) - d.childStart(o));
            assertThat(b.namer().className(o)).as(what).isEqualTo(a.namer().className(o));
            assertThat(b.namer().kind(o)).as(what).isEqualTo(a.namer().kind(o));
            assertThat(String.valueOf(b.namer().location(o))).as(what).isEqualTo(String.valueOf(a.namer().location(o)));
            assertThat(String.valueOf(b.recordText(o))).as(what).isEqualTo(String.valueOf(a.recordText(o)));
            for (long i = g.outStart(o); i < g.outEnd(o); i++) {
                assertThat(h.target(i)).as(what).isEqualTo(g.target(i));
                assertThat(h.isWeak(i)).as(what).isEqualTo(g.isWeak(i));
                int position = (int) (i - g.outStart(o));
                assertThat(b.namer().edgeLabel(o, position, h.target(i))).isEqualTo(a.namer().edgeLabel(o, position, g.target(i)));
            }
        }
        for (int r = 0; r < g.rootCount(); r++) {
            assertThat(h.rootTarget(r)).as(what).isEqualTo(g.rootTarget(r));
            assertThat(h.rootCategory(r)).as(what).isEqualTo(g.rootCategory(r));
        }
        for (long i = 0; i < d.reachableCount(); i++) {
            assertThat(e.preorderObject(i)).as(what).isEqualTo(d.preorderObject(i));
        }
        assertThat(d.storedLargest()).isNull(); // computed here: ranked by scanning
        assertThat(e.storedLargest()).as(what).isNotNull();
        for (int n : new int[] {1, 3, (int) d.reachableCount(), (int) d.reachableCount() + 5}) {
            assertThat(TopRetainers.largest(e, n)).as(what + " top " + n).isEqualTo(TopRetainers.largest(d, n));
        }
    }

    @Test
    void theEnvironmentChoosesTheCacheOrTurnsItOff() {
        assertThat(IndexOptions.fromEnvironment(Map.of("HEAPLENS_INDEX", "off"), null).enabled()).isFalse();
        assertThat(IndexOptions.fromEnvironment(Map.of("HEAPLENS_CACHE", "/c"), null).cacheDir()).isEqualTo(Path.of("/c"));
        assertThat(IndexOptions.fromEnvironment(Map.of("XDG_CACHE_HOME", "/x"), null).cacheDir())
                .isEqualTo(Path.of("/x", "heaplens"));
        assertThat(IndexOptions.fromEnvironment(Map.of(), null).cacheDir())
                .isEqualTo(Path.of(System.getProperty("user.home"), ".cache", "heaplens"));
        assertThat(IndexOptions.fromEnvironment(Map.of(), Path.of("/d")).dir()).isEqualTo(Path.of("/d"));
    }

    @Test
    void anExtensionAsksForRoomForTheSectionsMeasuredAndCopiesOnlyWhereTheCopyFitsToo() {
        // the generated 30M-object dump's index (round 10): 1,886,835,193 bytes, 2,171,041,152 with suspects' sections
        long index = 1_886_835_193L;
        long added = 2_171_041_152L - index;
        assertThat(HeapIndex.sectionBytes(index)).isGreaterThanOrEqualTo(added).isLessThan(index / 2);
        assertThat(HeapIndex.extension(index, 2_171_041_152L + index / 4)).isEqualTo(HeapIndex.Extension.COPY);
        assertThat(HeapIndex.extension(index, index)).isEqualTo(HeapIndex.Extension.APPEND);
        assertThat(HeapIndex.extension(index, index / 4)).isEqualTo(HeapIndex.Extension.APPEND);
        assertThat(HeapIndex.extension(index, added)).isEqualTo(HeapIndex.Extension.NONE);
    }
}
