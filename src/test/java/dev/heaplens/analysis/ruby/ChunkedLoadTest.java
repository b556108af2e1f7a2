package dev.heaplens.analysis.ruby;

import dev.heaplens.format.ruby.ReadResult;
import dev.heaplens.format.ruby.RubyDumpReader;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.io.DumpInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Ruby heap loaded from a plain file in many small chunks, taken by two threads as they go
 * (parts in file order, one sink a chunk), against the same dump read as one gzip stream by one
 * thread: the same graph, the same Ruby columns and names, the same warnings.
 */
class ChunkedLoadTest {
    @Test
    void manyChunksOnTwoThreadsLoadWhatOneStreamLoads(@TempDir Path dir) {
        for (String name : new String[] {"rails_ish", "broken_lines", "basic"}) {
            RubyHeap streamed = RubyHeap.load(DumpInput.open(Fixtures.dump(name).toString(), InputStream.nullInputStream()),
                    RubyDumpReader.Options.defaults().withThreads(1));
            Path plain = Fixtures.plainCopy(name, dir);
            RubyHeap chunked = RubyHeap.load(DumpInput.open(plain.toString(), InputStream.nullInputStream()),
                    RubyDumpReader.Options.defaults().withThreads(2).withMinChunk(4096));
            assertThat(chunked.readResult().sinks().size()).as(name + ": chunks").isGreaterThan(2);
            assertSameRead(name, streamed.readResult(), chunked.readResult());
            assertSameHeap(name, streamed, chunked);
        }
    }

    private static void assertSameRead(String name, ReadResult<?> one, ReadResult<?> many) {
        assertThat(many.lines()).as(name).isEqualTo(one.lines());
        assertThat(many.malformed()).as(name).isEqualTo(one.malformed());
        assertThat(many.partial()).as(name).isEqualTo(one.partial());
        assertThat(many.firstProblems()).as(name).isEqualTo(one.firstProblems());
        assertThat(many.firstPartial()).as(name).isEqualTo(one.firstPartial());
    }

    private static void assertSameHeap(String name, RubyHeap a, RubyHeap b) {
        HeapGraph ga = a.graph();
        HeapGraph gb = b.graph();
        assertThat(gb.objectCount()).as(name).isEqualTo(ga.objectCount());
        assertThat(gb.referenceCount()).as(name).isEqualTo(ga.referenceCount());
        assertThat(gb.danglingReferences()).as(name).isEqualTo(ga.danglingReferences());
        assertThat(gb.rootCount()).as(name).isEqualTo(ga.rootCount());
        for (int r = 0; r < ga.rootCount(); r++) {
            assertThat(gb.rootTarget(r)).isEqualTo(ga.rootTarget(r));
            assertThat(gb.rootCategory(r)).isEqualTo(ga.rootCategory(r));
        }
        for (int o = 0; o < ga.objectCount(); o++) {
            assertThat(gb.address(o)).as(name).isEqualTo(ga.address(o));
            assertThat(gb.kind(o)).isEqualTo(ga.kind(o));
            assertThat(gb.shallowSize(o)).isEqualTo(ga.shallowSize(o));
            assertThat(gb.position(o)).isEqualTo(ga.position(o));
            assertThat(gb.outDegree(o)).isEqualTo(ga.outDegree(o));
            for (long i = ga.outStart(o), j = gb.outStart(o); i < ga.outEnd(o); i++, j++) {
                assertThat(gb.target(j)).isEqualTo(ga.target(i));
            }
            assertThat(b.className(o)).as(name).isEqualTo(a.className(o));
            assertThat(b.location(o)).isEqualTo(a.location(o));
            assertThat(b.generation(o)).isEqualTo(a.generation(o));
        }
    }
}
