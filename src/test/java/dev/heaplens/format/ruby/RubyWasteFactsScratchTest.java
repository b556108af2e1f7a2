package dev.heaplens.format.ruby;

import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Phases;
import dev.heaplens.graph.Scratch;
import dev.heaplens.io.DumpInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The waste checks' lists in the read's scratch: candidates appended by threads and joined give every
 * pair added, in the heap and mapped across many pages; and a read whose scratch is mapped (the heap
 * said to have no room) gathers the same facts as a read in the heap, on the waste fixture and the
 * Rails sample.
 */
class RubyWasteFactsScratchTest {
    @TempDir
    Path dir;

    @Test
    void joinedCandidatesAreEveryPairAddedInTheHeapAndMapped() {
        for (Scratch scratch : List.of(Scratch.heap(), MappedScratch.withoutHeapRoom(dir))) {
            Random rnd = new Random(3);
            List<String> expected = new ArrayList<>();
            RubyWasteFacts.Candidates joined = new RubyWasteFacts.Candidates(scratch);
            joined.add(1, 2); // the read's own, before and after the threads' are joined
            expected.add("1 2");
            for (int thread = 0; thread < 3; thread++) {
                RubyWasteFacts.Candidates c = new RubyWasteFacts.Candidates(scratch);
                for (int i = 0, n = thread == 1 ? 0 : rnd.nextInt(200_000); i < n; i++) {
                    long address = rnd.nextLong();
                    long figure = rnd.nextInt(1000);
                    c.add(address, figure);
                    expected.add(address + " " + figure);
                }
                joined.addAll(c);
            }
            joined.add(3, 4);
            expected.add("3 4");
            List<String> got = new ArrayList<>();
            joined.forEach((address, figure) -> got.add(address + " " + figure));
            assertThat(joined.size()).isEqualTo(expected.size());
            assertThat(got).as(scratch.isMapped() ? "mapped" : "heap").isEqualTo(expected);
        }
    }

    @Test
    void aReadOutOfCoreGathersTheHeapsFacts() {
        for (String dump : List.of("src/test/resources/fixtures/suspects/waste.json.gz", "samples/rails-ish.json.gz")) {
            RubyWasteFacts heap = read(dump, Scratch.heap());
            Scratch mapped = MappedScratch.withoutHeapRoom(dir.resolve("scratch"));
            RubyWasteFacts outOfCore = read(dump, mapped);
            assertThat(mapped.mappedBytes()).as(dump).isPositive();
            assertThat(facts(outOfCore)).as(dump).isEqualTo(facts(heap));
            assertThat(heap.emptyArrays.size() + heap.sparseStrings.size()).as(dump).isPositive();
        }
    }

    private static RubyWasteFacts read(String dump, Scratch scratch) {
        return RubyGraphReader.read(DumpInput.open(dump, InputStream.nullInputStream()),
                RubyDumpReader.Options.defaults().withThreads(2), RubyGraphReader.Scope.GRAPH_AND_WASTE_FACTS,
                Phases.NONE, scratch).waste();
    }

    /** The facts as text, each list sorted (the threads' lists join in any order). */
    private static List<String> facts(RubyWasteFacts f) {
        List<String> out = new ArrayList<>();
        out.add(f.values() + " values, " + f.valuedStrings() + " " + f.unvaluedStrings() + " " + f.sharedStrings() + " "
                + f.sharedArrays());
        List<String> groups = new ArrayList<>();
        for (int i = 0; i < f.duplicatedValues(); i++) {
            groups.add(f.strings(i) + " " + f.bytes(i) + " " + f.smallest(i) + " " + f.firstAddress(i));
        }
        groups.sort(null);
        out.addAll(groups);
        for (RubyWasteFacts.Candidates c : List.of(f.emptyArrays, f.emptyHashes, f.sparseArrays, f.sparseStrings)) {
            List<String> pairs = new ArrayList<>();
            c.forEach((address, figure) -> pairs.add(address + " " + figure));
            pairs.sort(null);
            out.add(pairs.size() + " candidates");
            out.addAll(pairs);
        }
        return out;
    }
}
