package dev.heaplens.analysis.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.format.hprof.LeakDumps;
import dev.heaplens.format.hprof.SelfDump;
import dev.heaplens.graph.BitCells;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.WideIds;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which objects of a later heap an earlier dump holds, marked a bit an object in the heap and in mapped
 * bits (8-byte ids forced), against the brute force: the earlier dump read into a graph, and its
 * (address, class name) pairs looked up for each later object. On the leak test's dumps (A and B
 * against C: a freed address reused by another class, classes moved) and two dumps of this JVM.
 */
class JvmIdentitiesTest {
    @TempDir
    Path dir;

    @Test
    void marksTheObjectsWhoseAddressAndClassTheEarlierDumpHolds() throws Exception {
        LeakDumps.write(dir);
        Path first = SelfDump.write(dir.resolve("first.hprof"));
        Path second = SelfDump.write(dir.resolve("second.hprof"));
        List<Path[]> pairs = List.of(new Path[] {dir.resolve("a.hprof"), dir.resolve("c.hprof")},
                new Path[] {dir.resolve("b.hprof"), dir.resolve("c.hprof")}, new Path[] {first, second});
        for (Path[] pair : pairs) {
            JvmHeap earlier = new JvmHeap(HprofGraphReader.read(HprofSource.of(pair[0])));
            JvmHeap later = new JvmHeap(HprofGraphReader.read(HprofSource.of(pair[1])));
            Set<String> identities = new HashSet<>();
            for (long o = 0; o < earlier.graph().objectCount(); o++) {
                identities.add(identity(earlier, o));
            }
            JvmIdentities.ObjectKeys keys = new JvmIdentities.ObjectKeys(later);
            HeapGraph g = later.graph();
            long found = 0;
            for (int way = 0; way < 2; way++) {
                WideIds.force(way == 1);
                try {
                    Scratch scratch = way == 0 ? Scratch.heap() : MappedScratch.withoutHeapRoom(dir.resolve("scratch"));
                    BitCells marks = JvmIdentities.mark(HprofSource.of(pair[0]), keys, null, false, scratch).objects();
                    found = 0;
                    for (long o = 0; o < g.objectCount(); o++) {
                        assertThat(marks.get(o)).as("%s object %d", pair[1], o).isEqualTo(identities.contains(identity(later, o)));
                        found += marks.get(o) ? 1 : 0;
                    }
                    scratch.release(marks);
                } finally {
                    WideIds.force(false);
                }
            }
            assertThat(found).isPositive().isLessThan(g.objectCount());
        }
    }

    private static String identity(JvmHeap heap, long o) {
        return heap.graph().address(o) + " " + heap.className(o);
    }
}
