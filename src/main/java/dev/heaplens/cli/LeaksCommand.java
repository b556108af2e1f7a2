package dev.heaplens.cli;

import dev.heaplens.analysis.graph.ObjectNamer;
import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.analysis.jvm.JvmIdentities;
import dev.heaplens.analysis.ruby.IdentitySink;
import dev.heaplens.analysis.ruby.RubyHeap;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.io.DumpFormat;
import dev.heaplens.util.LongLongMap;
import dev.heaplens.analysis.graph.Leaks;
import dev.heaplens.format.ruby.ReadResult;
import dev.heaplens.io.DumpInput;
import dev.heaplens.report.LeaksRenderer;
import dev.heaplens.report.ObjectRenderer;
import dev.heaplens.report.OutputFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

@Command(name = "leaks", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"What keeps accumulating, from three dumps A, B, C taken in that order.",
                "Objects allocated after A, present in B and still alive in C, per group, with what",
                "they retain in C and a sample path from a GC root. Take the dumps with",
                "ObjectSpace.trace_object_allocations_start on: objects are then told apart exactly",
                "even when Ruby reuses a freed slot."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens leaks a.json b.json c.json --by location",
                "  heaplens leaks a.json.gz b.json.gz c.json.gz --fail-over 1MB   # exit 3 when more than 1 MB leaked"})
final class LeaksCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(index = "0", paramLabel = "A", description = "The first dump (the baseline).")
    String a;

    @Parameters(index = "1", paramLabel = "B", description = "The second dump.")
    String b;

    @Parameters(index = "2", paramLabel = "C", description = "The third dump.")
    String c;

    @Option(names = "--by", paramLabel = "KEY",
            description = "location, class, type or gem (package for JVM dumps) (default: location for Ruby, class for JVM dumps).")
    ObjectNamer.Grouping by;

    @Option(names = "--top", paramLabel = "N", description = "Groups shown, with retained size and a sample path (default: ${DEFAULT-VALUE}).")
    int top = 10;

    @Option(names = "--format", paramLabel = "FORMAT", description = "table, markdown, tsv, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format = OutputFormat.TABLE;

    @Mixin
    GrowthGate gate;

    @Mixin
    DumpOptions dumpOptions;

    LeaksCommand(Console console) {
        this.console = console;
    }

    /** A dump line is about 250 to 350 bytes: size the identity sets once instead of growing them. */
    private int expectedObjectsPerThread(DumpInput input) {
        long bytes = input.isGzip() ? input.size() * 10 : input.size();
        return (int) Math.min(1 << 28, Math.max(1 << 10, bytes / 250 / Math.max(1, dumpOptions.threads)));
    }

    /** What was found, with what the gate's percentage is of: the bytes of dump A. */
    private record Found(LoadedHeap heapC, Leaks leaks, long bytesOfA) {
    }

    @Override
    public Integer call() {
        List<DumpInput> inputs = DumpSets.openOfOneRuntime(console, List.of(a, b, c));
        boolean jvm = inputs.get(0).format() == DumpFormat.HPROF;
        ObjectNamer.Grouping by = this.by != null ? this.by : jvm ? ObjectNamer.Grouping.CLASS : ObjectNamer.Grouping.LOCATION;
        int shownCount = Math.max(1, top);
        Found found = jvm ? jvmLeaks(inputs, by, shownCount) : rubyLeaks(inputs, by, shownCount);
        LoadedHeap heapC = found.heapC();
        Leaks leaks = found.leaks();
        List<Leaks.Group> shown = leaks.groups().subList(0, Math.min(shownCount, leaks.groups().size()));

        Set<Integer> objects = new LinkedHashSet<>();
        shown.forEach(g -> {
            if (g.samplePath() != null) {
                for (int o : g.samplePath().objects()) {
                    objects.add(o);
                }
            }
        });
        heapC.showValuesOf(objects.stream().mapToInt(Integer::intValue).toArray());
        Map<String, ObjectRenderer.PathView> paths = new HashMap<>();
        for (Leaks.Group g : shown) {
            if (g.samplePath() != null) {
                paths.put(g.key(), heapC.pathView(g.samplePath()));
            }
        }
        List<String> names = inputs.stream().map(DumpInput::name).toList();
        console.out().print(LeaksRenderer.render(leaks, shown, paths, by.name().toLowerCase(Locale.ROOT), format, names));
        console.out().flush();
        if (format == OutputFormat.TSV || format == OutputFormat.CSV) {
            console.err().println("heaplens: " + LeaksRenderer.totalsNote(leaks));
        }
        return gate.check(console, "leaked memory", leaks.leakedBytes(), found.bytesOfA());
    }

    private Found rubyLeaks(List<DumpInput> inputs, ObjectNamer.Grouping by, int shownCount) {
        ReadResult<IdentitySink> readA = dumpOptions.read(console, inputs.get(0), IdentitySink.FIELDS,
                () -> new IdentitySink(null, expectedObjectsPerThread(inputs.get(0))));
        IdentitySink.Identities inA = IdentitySink.identities(readA.sinks());
        ReadResult<IdentitySink> readB = dumpOptions.read(console, inputs.get(1), IdentitySink.FIELDS,
                () -> new IdentitySink(inA, 1 << 16));
        IdentitySink.Identities newInB = IdentitySink.identities(readB.sinks());
        Leaks.Rule rule = IdentitySink.withoutGeneration(readB.sinks()) == 0
                ? Leaks.Rule.ADDRESS_AND_GENERATION : Leaks.Rule.ADDRESS_TYPE_AND_CLASS;
        LoadedHeap heapC = LoadedHeap.load(console, c, dumpOptions, inputs.get(2));
        RubyHeap ruby = heapC.ruby();
        Leaks leaks = Leaks.find(ruby, heapC.dominators, o -> newInB.containsObject(ruby, o), rule, by, shownCount);
        return new Found(heapC, leaks, IdentitySink.bytes(readA.sinks()));
    }

    /** A and B are read for identities only (one pass each), C into a graph. */
    private Found jvmLeaks(List<DumpInput> inputs, ObjectNamer.Grouping by, int shownCount) {
        JvmIdentities inA = jvmIdentities(inputs.get(0), null);
        JvmIdentities newInB = jvmIdentities(inputs.get(1), inA);
        LoadedHeap heapC = LoadedHeap.load(console, c, dumpOptions, inputs.get(2));
        JvmHeap jvm = (JvmHeap) heapC.heap;
        HeapGraph g = jvm.graph();
        LongLongMap classKeys = new LongLongMap(); // per class address: the key of its name, computed once
        Leaks leaks = Leaks.find(jvm, heapC.dominators, o -> {
            long key = classKeys.get(g.classAddress(o), 0);
            if (key == 0) {
                key = JvmIdentities.classKey(jvm.className(o));
                classKeys.put(g.classAddress(o), key);
            }
            return newInB.contains(g.address(o), key);
        }, Leaks.Rule.ADDRESS_AND_CLASS, by, shownCount);
        return new Found(heapC, leaks, inA.bytes());
    }

    private JvmIdentities jvmIdentities(DumpInput input, JvmIdentities unless) {
        HprofSource source = LoadedHeap.hprofSource(input);
        JvmIdentities identities = JvmIdentities.read(source, unless, dumpOptions.hprofLayout(),
                dumpOptions.strict);
        identities.warnings().forEach(w -> console.err().println("heaplens: warning: " + input.name() + ": " + w));
        return identities;
    }
}
