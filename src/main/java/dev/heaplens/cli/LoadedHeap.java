package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.analysis.graph.ObjectNamer;
import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.io.DumpFormat;
import dev.heaplens.analysis.ruby.RubyHeap;
import dev.heaplens.format.ruby.RecordLines;
import dev.heaplens.format.ruby.RubyDumpReader;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.io.DumpInput;

import dev.heaplens.analysis.graph.ObjectReport;
import dev.heaplens.analysis.graph.ObjectRow;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.report.ObjectRenderer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A dump read into a heap graph with its dominator tree, as the graph commands use it. */
final class LoadedHeap {
    final DumpInput input;
    final NamedHeap heap;
    final Dominators dominators;

    private LoadedHeap(DumpInput input, NamedHeap heap, Dominators dominators) {
        this.input = input;
        this.heap = heap;
        this.dominators = dominators != null ? dominators : Dominators.compute(heap.graph(), heap.graph().strongReferences());
    }

    /** The Ruby heap, for the commands that only Ruby dumps support yet. */
    RubyHeap ruby() {
        if (!(heap instanceof RubyHeap ruby)) {
            throw new HeaplensException(input.name() + ": this command reads Ruby dumps only (HPROF support is partial)");
        }
        return ruby;
    }

    /** Reads the dump (progress and skipped-line warnings on stderr) and computes dominators. */
    static LoadedHeap load(Console console, String dump, DumpOptions options) {
        return load(console, dump, options, DumpInput.open(dump, console.in()));
    }

    /** As {@link #load(Console, String, DumpOptions)}, for a dump already opened. */
    static LoadedHeap load(Console console, String dump, DumpOptions options, DumpInput input) {
        if (input.format() == DumpFormat.HPROF) {
            JvmHeap heap = new JvmHeap(HprofGraphReader.read(hprofSource(input), options.hprofLayout(), options.strict));
            heap.read().warnings().forEach(w -> console.err().println("heaplens: warning: " + input.name() + ": " + w));
            return new LoadedHeap(input, heap, null);
        }
        input.requireRuby();
        RubyDumpReader.Options readOptions = options.readerOptions();
        RubyHeap heap;
        try (Progress ignored = Progress.start(options.progress && console.stderrIsTerminal(), console.err(),
                "reading " + input.name(), input.isGzip() ? -1 : input.size(), readOptions.bytesRead())) {
            heap = RubyHeap.load(input, readOptions);
        }
        DumpOptions.warnAboutSkippedLines(console, input, heap.readResult());
        return new LoadedHeap(input, heap, Dominators.compute(heap.graph(), heap.graph().strongReferences()));
    }

    /** A JVM HPROF dump: read twice from its file (classes, then objects), so not from stdin. */
    /** An HPROF dump's file: read more than once (classes, objects, records to show), so not standard input. */
    static HprofSource hprofSource(DumpInput input) {
        if (!input.canReopen()) {
            throw new HeaplensException(input.name() + ": HPROF dumps are read more than once; give the file's path, not a pipe");
        }
        try {
            return HprofSource.of(java.nio.file.Path.of(input.name()));
        } catch (java.io.IOException e) {
            throw new HeaplensException(input.name() + ": cannot read: " + e.getMessage());
        }
    }

    /** A root path as shown: its objects described and the reference names between them. */
    ObjectRenderer.PathView pathView(RootPaths.Path path) {
        List<ObjectRow> steps = new ArrayList<>();
        List<String> via = new ArrayList<>();
        int[] objects = path.objects();
        for (int k = 0; k < objects.length; k++) {
            steps.add(ObjectRow.of(objects[k], dominators, heap));
            via.add(k == 0 ? null : ObjectReport.via(heap, objects[k - 1], objects[k]));
        }
        return new ObjectRenderer.PathView(path.rootCategory(), steps, via);
    }

    HeapGraph graph() {
        return heap.graph();
    }

    ObjectNamer namer() {
        return heap;
    }

    /** The object at {@code address} ({@code 0x7f...} or plain hex), or a clear error. */
    int objectAt(String address) {
        String hex = address.startsWith("0x") || address.startsWith("0X") ? address.substring(2) : address;
        long value;
        try {
            value = Long.parseUnsignedLong(hex, 16);
        } catch (NumberFormatException e) {
            throw new HeaplensException("not an address: '" + address + "' (expected hex like 0x7f84e29f8008)");
        }
        int o = graph().objectOf(value);
        if (o < 0) {
            throw new HeaplensException("no object at address 0x" + Long.toHexString(value) + " in " + input.name());
        }
        return o;
    }

    /** The record of {@code o} as text (a Ruby line, a JVM object's fields), or null when it cannot be read again. */
    String recordText(int o) {
        if (heap instanceof JvmHeap jvm) {
            return jvm.recordText(o);
        }
        return fetchRecords(o).get(o);
    }

    /** Reads the records of {@code objects} again so reports can show their values. */
    private Map<Integer, String> fetchRecords(int... objects) {
        if (!input.canReopen() || !(heap instanceof RubyHeap)) {
            return Map.of(); // standard input cannot be read again: no values, no record text
        }
        long[] positions = new long[objects.length];
        for (int i = 0; i < objects.length; i++) {
            positions[i] = graph().position(objects[i]);
        }
        Map<Long, String> lines = RecordLines.fetch(input, positions);
        Map<Integer, String> byObject = new HashMap<>();
        for (int o : objects) {
            String line = lines.get(graph().position(o));
            if (line != null) {
                byObject.put(o, line);
            }
        }
        return byObject;
    }

    /** Fetches the records of {@code objects} so the namer shows their values and names their references. */
    void showValuesOf(int... objects) {
        if (heap instanceof JvmHeap jvm) {
            jvm.fetch(objects);
        } else if (heap instanceof RubyHeap ruby) {
            Map<Integer, String> values = new HashMap<>();
            fetchRecords(objects).forEach((o, line) -> values.put(o, RecordLines.shortValue(line)));
            ruby.useValues(values);
        }
    }
}
