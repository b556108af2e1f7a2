package dev.heaplens.analysis.ruby;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.format.ruby.RubyDumpReader;
import dev.heaplens.format.ruby.RubyGraphReader;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.io.DumpInput;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.InputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RubyGraphReader#readObjects} (the graph of {@code leaks --no-retained}) against the whole graph
 * of the same real dump, {@link RubyGraphReader#read}: the same objects with the same columns and names,
 * and no references or roots at all.
 */
class RubyHeapObjectsTest {
    private static final GroupBy[] KEYS = {GroupBy.CLASS, GroupBy.TYPE, GroupBy.LOCATION, GroupBy.GEM};

    private static RubyHeap read(String fixture, boolean references) {
        DumpInput input = DumpInput.open(Fixtures.dump(fixture).toString(), InputStream.nullInputStream());
        return references ? new RubyHeap(RubyGraphReader.read(input, RubyDumpReader.Options.defaults()))
                : new RubyHeap(RubyGraphReader.readObjects(input, RubyDumpReader.Options.defaults()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"rails_ish", "basic", "broken_lines"})
    void theObjectsAreTheWholeGraphsWithoutItsReferences(String fixture) {
        RubyHeap whole = read(fixture, true);
        RubyHeap objects = read(fixture, false);
        HeapGraph w = whole.graph();
        HeapGraph g = objects.graph();
        assertThat(w.referenceCount()).isPositive();
        assertThat(w.rootCount()).isPositive();
        assertThat(g.referenceCount()).isZero();
        assertThat(g.rootCount()).isZero();
        assertThat(g.objectCount()).isEqualTo(w.objectCount()).isPositive();
        int sites = 0;
        for (int o = 0; o < w.objectCount(); o++) {
            assertThat(g.address(o)).as("object %d", o).isEqualTo(w.address(o));
            assertThat(g.kind(o)).isEqualTo(w.kind(o));
            assertThat(g.classAddress(o)).isEqualTo(w.classAddress(o));
            assertThat(g.shallowSize(o)).isEqualTo(w.shallowSize(o));
            assertThat(g.position(o)).isEqualTo(w.position(o));
            assertThat(g.outDegree(o)).isZero();
            assertThat(objects.generation(o)).isEqualTo(whole.generation(o));
            assertThat(objects.className(o)).isEqualTo(whole.className(o));
            assertThat(objects.location(o)).isEqualTo(whole.location(o));
            for (GroupBy key : KEYS) {
                assertThat(objects.group(o, key)).as("%s of object %d", key, o).isEqualTo(whole.group(o, key));
            }
            if (whole.location(o) != null) {
                sites++;
            }
        }
        if (!fixture.equals("broken_lines")) {
            assertThat(sites).as("objects with an allocation site").isPositive();
        }
        assertThat(objects.readResult().malformed()).isEqualTo(whole.readResult().malformed());
    }
}
