package dev.heaplens.runtime;

import dev.heaplens.analysis.graph.ShownValue;
import dev.heaplens.analysis.graph.ValueSink;
import dev.heaplens.analysis.ruby.RubyHeap;
import dev.heaplens.analysis.ruby.RubyValues;
import dev.heaplens.format.ruby.RecordLines;
import dev.heaplens.format.ruby.RubyDumpReader;
import dev.heaplens.format.ruby.RubyGraphReader;
import dev.heaplens.format.ruby.RubyStore;
import dev.heaplens.format.ruby.RubyStringValues;
import dev.heaplens.HeaplensException;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.Phases;
import dev.heaplens.graph.Scratch;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;
import dev.heaplens.io.DumpInput;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Ruby's part of the one load: {@link RubyGraphReader} reads, {@link RubyStore} indexes, {@link RubyHeap} names. */
final class RubyGraphFormat implements GraphFormat<RubyHeap> {
    /** The runtime's reader options (threads, strictness, the buffers its reads share). */
    private final Supplier<RubyDumpReader.Options> options;

    RubyGraphFormat(Supplier<RubyDumpReader.Options> options) {
        this.options = options;
    }

    @Override
    public Class<RubyHeap> namerType() {
        return RubyHeap.class;
    }

    @Override
    public String variant() {
        return "ruby";
    }

    @Override
    public long estimatedObjects(DumpInput input) {
        return ObjectCountEstimate.lines(input);
    }

    @Override
    public long bytesPerObject() {
        return HeapFit.RUBY_BYTES_PER_OBJECT;
    }

    @Override
    public long firstReadOutOfCoreBytesPerObject() {
        return HeapFit.RUBY_FIRST_READ_OUT_OF_CORE_BYTES_PER_OBJECT;
    }

    @Override
    public int passes() {
        return 1;
    }

    @Override
    public Read<RubyHeap> reader(DumpInput input, boolean references, Phases phases, Scratch scratch) {
        return reader(input, references, true, phases, scratch);
    }

    @Override
    public Read<RubyHeap> reader(DumpInput input, boolean references, boolean findings, Phases phases, Scratch scratch) {
        RubyDumpReader.Options read = options.get();
        RubyGraphReader.Scope scope = !references ? RubyGraphReader.Scope.OBJECTS
                : findings ? RubyGraphReader.Scope.GRAPH_AND_WASTE_FACTS : RubyGraphReader.Scope.GRAPH;
        return new Read<>() {
            @Override
            public long bytesRead() {
                return read.bytesRead().get();
            }

            @Override
            public RubyHeap read() {
                return new RubyHeap(RubyGraphReader.read(input, read, scope, phases, scratch));
            }
        };
    }

    @Override
    public List<String> warnings(RubyHeap heap) {
        return RubyRuntime.skippedLineWarnings(heap.readResult());
    }

    @Override
    public LoadedHeap.Records records(DumpInput input, RubyHeap heap) {
        return new RubyRecords(input, heap, options);
    }

    @Override
    public void write(RubyHeap heap, IndexWriter out) throws IOException {
        RubyStore.write(heap.read(), out);
    }

    @Override
    public RubyHeap restore(DumpInput input, HeapGraph graph, IndexReader in) throws IOException {
        return new RubyHeap(RubyStore.read(graph, in));
    }

    /** Record lines read again from the dump file (standard input cannot be: no values then). */
    private record RubyRecords(DumpInput input, RubyHeap heap, Supplier<RubyDumpReader.Options> options)
            implements LoadedHeap.Records {
        @Override
        public void values(ValueSink sink, dev.heaplens.graph.Scratch scratch) { // streamed: no column
            if (!input.canReopen()) {
                throw new HeaplensException("--values: " + input.name() + " cannot be read again (standard input)");
            }
            RubyStringValues.read(input, options.get(), (value, address) -> sink.string(address, value));
        }

        @Override
        public String text(long o) {
            return fetch(o).get(o);
        }

        @Override
        public void show(long... objects) {
            Map<Long, ShownValue> values = new HashMap<>();
            fetch(objects).forEach((o, line) -> values.put(o, RubyValues.of(line)));
            heap.useValues(values);
        }

        private Map<Long, String> fetch(long... objects) {
            if (!input.canReopen()) {
                return Map.of();
            }
            long[] positions = new long[objects.length];
            for (int i = 0; i < objects.length; i++) {
                positions[i] = heap.graph().position(objects[i]);
            }
            Map<Long, String> lines = RecordLines.fetch(input, positions);
            Map<Long, String> byObject = new HashMap<>();
            for (long o : objects) {
                String line = lines.get(heap.graph().position(o));
                if (line != null) {
                    byObject.put(o, line);
                }
            }
            return byObject;
        }
    }
}
