package dev.heaplens.analysis.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.format.hprof.SelfDump;
import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.WideIds;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Suspects' grouping of Strings by content from the graph, which groups only the contents that may
 * repeat ({@link RepeatedKeys}) and counts the rest, against {@code heaplens strings}' grouping of
 * every record read twice ({@link JvmStringGroups}): the same groups in the same order, the same
 * number of distinct contents, on this test JVM's own heap (thousands of Strings, some held twice);
 * its columns in the heap, mapped, and mapped 8 bytes an id, each given back once grouped.
 */
class GraphStringGroupsTest {
    @TempDir
    Path dir;

    /** Kept alive through the dump: contents held by many Strings, by one String, and one array held by several. */
    private static final List<String> KEPT = new ArrayList<>();

    @Test
    void groupsAsTheTwoPassReadOfEveryRecordDoes() throws Exception {
        for (int i = 0; i < 20_000; i++) {
            KEPT.add(new String("graph-groups-" + (i % 500))); // 500 contents, 40 copies each
            KEPT.add("graph-unique-" + i);
        }
        String shared = "graph-shared-value";
        for (int i = 0; i < 100; i++) {
            KEPT.add(new String(shared)); // one array, many Strings
        }
        Path dump = SelfDump.write(dir.resolve("self.hprof"));
        HprofSource source = HprofSource.of(dump);
        JvmHeap heap = new JvmHeap(HprofGraphReader.read(source));
        JvmStringGroups.Result twoPasses = JvmStringGroups.read(HprofSource.of(dump), heap.read().layout(), false);
        for (int way = 0; way < 3; way++) { // in the heap, mapped, mapped 8 bytes an id
            Scratch scratch = way == 0 ? Scratch.heap() : MappedScratch.withoutHeapRoom(dir.resolve("scratch"));
            WideIds.force(way == 2);
            try {
                GraphStringGroups counted = GraphStringGroups.count(heap, HeapClasses.of(heap), scratch);
                GraphStringGroups.Result fromGraph = counted.group();

                assertThat(fromGraph.strings()).isEqualTo(twoPasses.strings()).isGreaterThan(40_000);
                assertThat(fromGraph.distinct()).isEqualTo(twoPasses.distinct()).isGreaterThan(20_000);
                assertThat(fromGraph.duplicated()).as("way %d", way).isEqualTo(twoPasses.duplicated()
                        .stream().filter(g -> g.strings() > 1).toList());
                assertThat(fromGraph.duplicated().size()).isGreaterThanOrEqualTo(501);
                assertThat(scratch.liveBytes()).isZero(); // every column given back
            } finally {
                WideIds.force(false);
            }
        }
    }

    @Test
    void noKeyAddedTwiceIsEverSaidToBeSingle() {
        Random random = new Random(24);
        RepeatedKeys filter = new RepeatedKeys(1_000, Scratch.heap()); // a small table: buckets shared by chance
        Map<Long, Integer> added = new HashMap<>();
        for (int i = 0; i < 50_000; i++) {
            long key = random.nextInt(10) == 0 ? random.nextInt(500) : random.nextLong();
            filter.add(key);
            added.merge(key, 1, Integer::sum);
        }
        int singlesSaidSingle = 0;
        for (Map.Entry<Long, Integer> e : added.entrySet()) {
            if (e.getValue() > 1) {
                assertThat(filter.maybeRepeated(e.getKey())).as("key %d added %d times", e.getKey(), e.getValue()).isTrue();
            } else if (!filter.maybeRepeated(e.getKey())) {
                singlesSaidSingle++;
            }
        }
        assertThat(singlesSaidSingle).isPositive(); // and the filter does filter, in a table of its size
        RepeatedKeys roomy = new RepeatedKeys(added.size(), MappedScratch.withoutHeapRoom(dir));
        added.keySet().forEach(roomy::add);
        long falseRepeats = added.keySet().stream().filter(roomy::maybeRepeated).count();
        assertThat(falseRepeats).isLessThan(added.size() / 10L); // each key added once here: about 1 in 16 by chance
    }
}
