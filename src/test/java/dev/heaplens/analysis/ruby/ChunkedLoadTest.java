package dev.heaplens.analysis.ruby;

import dev.heaplens.format.ruby.ReadResult;
import dev.heaplens.format.ruby.RubyDumpReader;
import dev.heaplens.format.ruby.RubyGraphReader;
import dev.heaplens.graph.SameGraphs;
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
            RubyHeap streamed = new RubyHeap(RubyGraphReader.read(DumpInput.open(Fixtures.dump(name).toString(), InputStream.nullInputStream()),
                    RubyDumpReader.Options.defaults().withThreads(1)));
            Path plain = Fixtures.plainCopy(name, dir);
            RubyHeap chunked = new RubyHeap(RubyGraphReader.read(DumpInput.open(plain.toString(), InputStream.nullInputStream()),
                    RubyDumpReader.Options.defaults().withThreads(2).withMinChunk(4096)));
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
        SameGraphs.assertSame(name, a.graph(), b.graph());
        for (int o = 0; o < a.graph().objectCount(); o++) {
            assertThat(b.className(o)).as(name).isEqualTo(a.className(o));
            assertThat(b.location(o)).isEqualTo(a.location(o));
            assertThat(b.generation(o)).isEqualTo(a.generation(o));
        }
    }
}
