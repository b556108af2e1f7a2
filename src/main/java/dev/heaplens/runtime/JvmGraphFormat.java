package dev.heaplens.runtime;

import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.analysis.jvm.JvmThreads;
import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofObjectEstimate;
import dev.heaplens.format.hprof.HprofStore;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.Phases;
import dev.heaplens.graph.Scratch;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;
import dev.heaplens.io.DumpInput;

import java.io.IOException;
import java.util.List;

/** The JVM's part of the one load: {@link HprofGraphReader} reads, {@link HprofStore} indexes, {@link JvmHeap} names. */
final class JvmGraphFormat implements GraphFormat<JvmHeap> {
    private final ReadOptions options;

    JvmGraphFormat(ReadOptions options) {
        this.options = options;
    }

    @Override
    public Class<JvmHeap> namerType() {
        return JvmHeap.class;
    }

    /** What else an index depends on: the layout given, if any. */
    @Override
    public String variant() {
        return options.layout() == null ? "jvm" : "jvm --layout " + options.layout();
    }

    @Override
    public long estimatedObjects(DumpInput input) {
        return HprofObjectEstimate.of(JvmRuntime.source(input));
    }

    @Override
    public long bytesPerObject() {
        return HeapFit.JVM_BYTES_PER_OBJECT;
    }

    @Override
    public OutOfCore.Disk outOfCoreDisk() {
        return OutOfCore.Disk.JVM;
    }

    @Override
    public long firstReadOutOfCoreBytesPerObject() {
        return HeapFit.JVM_FIRST_READ_OUT_OF_CORE_BYTES_PER_OBJECT;
    }

    /** One pass over the dump when its layout is detected (detecting reads its classes), else two. */
    @Override
    public int passes() {
        return options.layout() == null ? 1 : 2;
    }

    @Override
    public Read<JvmHeap> reader(DumpInput input, boolean references, Phases phases, Scratch scratch) {
        ProgressSource source = new ProgressSource(JvmRuntime.source(input));
        return new Read<>() {
            @Override
            public long bytesRead() {
                return source.bytesRead();
            }

            @Override
            public JvmHeap read() {
                HprofGraphReader.Result read = HprofGraphReader.read(source, JvmRuntime.layout(options), options.strict(),
                        options.threads(), references, phases, scratch);
                return JvmThreads.named(new JvmHeap(read));
            }
        };
    }

    @Override
    public List<String> warnings(JvmHeap heap) {
        return heap.read().warnings();
    }

    /** The records read again from the dump, the fields of many objects in one pass. */
    @Override
    public LoadedHeap.Records records(DumpInput input, JvmHeap heap) {
        return new LoadedHeap.Records() {
            @Override
            public String text(long o) {
                return heap.recordText(o);
            }

            @Override
            public void show(long... objects) {
                heap.fetch(objects);
            }

            @Override
            public void values(dev.heaplens.analysis.graph.ValueSink sink, dev.heaplens.graph.Scratch scratch) {
                heap.values(sink, scratch);
            }
        };
    }

    @Override
    public void write(JvmHeap heap, IndexWriter out) throws IOException {
        HprofStore.write(heap.read(), out);
    }

    @Override
    public JvmHeap restore(DumpInput input, HeapGraph graph, IndexReader in) throws IOException {
        return new JvmHeap(HprofStore.read(in, JvmRuntime.source(input), graph, in.strings("warnings")));
    }
}
