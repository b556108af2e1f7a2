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

import java.util.HashMap;
import java.util.Map;

/** A dump read into a heap graph with its dominator tree, as the graph commands use it. */
final class LoadedHeap {
    final DumpInput input;
    final NamedHeap heap;
    final Dominators dominators;

    private LoadedHeap(DumpInput input, NamedHeap heap, Dominators dominators) {
        this.input = input;
        this.heap = heap;
        this.dominators = dominators != null ? dominators : Dominators.compute(heap.graph());
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
            return new LoadedHeap(input, loadHprof(input), null);
        }
        input.requireRuby();
        RubyDumpReader.Options readOptions = options.readerOptions();
        RubyHeap heap;
        try (Progress ignored = Progress.start(options.progress && console.stderrIsTerminal(), console.err(),
                "reading " + input.name(), input.isGzip() ? -1 : input.size(), readOptions.bytesRead())) {
            heap = RubyHeap.load(input, readOptions);
        }
        DumpOptions.warnAboutSkippedLines(console, input, heap.readResult());
        return new LoadedHeap(input, heap, Dominators.compute(heap.graph()));
    }

    /** A JVM HPROF dump: read twice from its file (classes, then objects), so not from stdin. */
    private static NamedHeap loadHprof(DumpInput input) {
        if (!input.canReopen()) {
            throw new HeaplensException("standard input: HPROF dumps are read twice; give the file's path");
        }
        try {
            return new JvmHeap(HprofGraphReader.read(HprofSource.of(java.nio.file.Path.of(input.name()))));
        } catch (java.io.IOException e) {
            throw new HeaplensException(input.name() + ": cannot read: " + e.getMessage());
        }
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

    /** Reads the records of {@code objects} again so reports can show their values. */
    Map<Integer, String> fetchRecords(int... objects) {
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

    /** Fetches the records of {@code objects} and hands their short values to the namer. */
    void showValuesOf(int... objects) {
        Map<Integer, String> values = new HashMap<>();
        fetchRecords(objects).forEach((o, line) -> values.put(o, RecordLines.shortValue(line)));
        heap.useValues(values);
    }
}
