package dev.heaplens.analysis.ruby;

import dev.heaplens.analysis.graph.ObjectBits;
import dev.heaplens.format.ruby.RubyDumpReader;
import dev.heaplens.format.ruby.RubyGraphReader;
import dev.heaplens.format.ruby.RubyDumpWriter;
import dev.heaplens.format.ruby.RubyRecordSink;
import dev.heaplens.format.ruby.RubyType;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;
import dev.heaplens.io.DumpInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link LeakMarks} against the definition of "new in B" written out by brute force over the
 * records of three random dumps: an object of C is new in B when some record of B has its
 * identity and no record of A has that B record's identity, where two records at one address
 * are one object by generation when both have one, else by type and class (ObjectIdentity's
 * comment). The dumps crowd few addresses, so slots are reused with other generations, types
 * and classes, and repeat addresses; tracing is on for all, none or some of the records; records
 * come in address order or not; A and B are read by two threads. The marks' columns are in the heap,
 * and mapped (a scratch that says the heap has no room).
 */
class LeakMarksTest {
    @TempDir
    Path dir;

    private record Rec(long address, RubyType type, long classAddress, long generation, long memsize) {
        boolean sameAs(long otherGeneration, RubyType otherType, long otherClass) {
            if (generation >= 0 && otherGeneration >= 0) {
                return generation == otherGeneration;
            }
            return type == otherType && classAddress == otherClass;
        }

        boolean sameAs(Rec other) {
            return address == other.address && sameAs(other.generation, other.type, other.classAddress);
        }
    }

    private static final List<RubyType> TYPES = List.of(RubyType.STRING, RubyType.OBJECT, RubyType.HASH, RubyType.ARRAY);

    private static List<Rec> randomRecords(Random rnd, int addresses, int tracing) {
        List<Rec> records = new ArrayList<>();
        int n = rnd.nextInt(40);
        for (int i = 0; i < n; i++) {
            long address = 0x7f00_0000_0000L + 40L * (1 + rnd.nextInt(addresses));
            boolean traced = tracing == 0 ? false : tracing == 1 || rnd.nextBoolean();
            records.add(new Rec(address, TYPES.get(rnd.nextInt(TYPES.size())), 0x7f00_1000_0000L + 8L * rnd.nextInt(3),
                    traced ? rnd.nextInt(5) : -1, 40 + rnd.nextInt(100)));
        }
        if (rnd.nextBoolean()) {
            records.sort((x, y) -> Long.compare(x.address, y.address)); // as Ruby lists them
        }
        return records;
    }

    private Path write(String name, List<Rec> records) throws IOException {
        Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file); RubyDumpWriter w = new RubyDumpWriter(out)) {
            w.root("vm", records.stream().mapToLong(Rec::address).toArray());
            for (Rec r : records) {
                RubyDumpWriter.Line line = w.object(r.address, r.type).cls(r.classAddress);
                if (r.generation >= 0) {
                    line.allocated("app.rb", 1, "m", r.generation);
                }
                line.memsize(r.memsize).write();
            }
        }
        return file;
    }

    private static List<RubyRecordSink> read(Path file, Supplier<RubyRecordSink> sinks) {
        RubyDumpReader.Options options = RubyDumpReader.Options.defaults().withFields(LeakMarks.FIELDS).withThreads(2)
                .withMinChunk(1);
        return RubyDumpReader.read(DumpInput.open(file.toString(), InputStream.nullInputStream()), options, sinks).sinks();
    }

    @Test
    void newInBIsWhatTheRuleSaysOnRandomDumps() throws IOException {
        Random rnd = new Random(11);
        Scratch mapped = MappedScratch.withoutHeapRoom(dir.resolve("scratch"));
        int candidates = 0;
        int byGeneration = 0;
        for (int trial = 0; trial < 300; trial++) {
            int addresses = 2 + rnd.nextInt(30);
            int tracing = rnd.nextInt(3); // 0 none, 1 all, 2 some
            List<Rec> a = randomRecords(rnd, addresses, tracing);
            List<Rec> b = randomRecords(rnd, addresses, tracing);
            List<Rec> c = randomRecords(rnd, addresses, tracing);
            Path fileA = write("a" + trial + ".json", a);
            Path fileB = write("b" + trial + ".json", b);
            RubyHeap heap = new RubyHeap(RubyGraphReader.read(DumpInput.open(write("c" + trial + ".json", c).toString(),
                    InputStream.nullInputStream()), RubyDumpReader.Options.defaults()));
            List<Rec> keptB = b.stream().filter(r -> a.stream().noneMatch(r::sameAs)).toList();
            HeapGraph g = heap.graph();
            BitSet expected = new BitSet();
            for (int o = 0; o < g.objectCount(); o++) {
                int object = o;
                if (keptB.stream().anyMatch(r -> r.address == g.address(object)
                        && r.sameAs(heap.generation(object), heap.type(object), g.classAddress(object)))) {
                    expected.set(o);
                }
            }
            boolean generationOnly = keptB.stream().allMatch(r -> r.generation >= 0);
            for (Scratch scratch : List.of(Scratch.heap(), mapped)) {
                String as = "trial " + trial + (scratch.isMapped() ? ", mapped" : "");
                try (LeakMarks marks = new LeakMarks(heap, scratch)) {
                    marks.addB(read(fileB, marks::bSink));
                    marks.addA(read(fileA, marks::aSink));
                    assertThat(bits(marks.newInB())).as(as).isEqualTo(expected);
                    assertThat(marks.byGenerationOnly()).as(as).isEqualTo(generationOnly);
                    assertThat(marks.bytesOfA()).as(as).isEqualTo(a.stream().mapToLong(Rec::memsize).sum());
                }
            }
            candidates += expected.cardinality();
            byGeneration += generationOnly && !keptB.isEmpty() ? 1 : 0;
        }
        // the random dumps reach both answers of each question, often
        assertThat(candidates).isGreaterThan(300);
        assertThat(byGeneration).isBetween(30, 270);
        assertThat(mapped.mappedBytes()).as("the mapped runs' columns were mapped").isPositive();
    }

    /**
     * Dumps of more records than a sink holds at once (so that the threads hand theirs over as they
     * read): B holds C's objects, A every third of them, and every seventh of B's records is of
     * another class than C's object at its address. New in B: the others of the same class.
     */
    @Test
    void manyRecordsAreHandedOverWhileReading() throws IOException {
        int n = 300_000;
        List<Rec> a = new ArrayList<>();
        List<Rec> b = new ArrayList<>();
        List<Rec> c = new ArrayList<>();
        BitSet expected = new BitSet();
        for (int i = 0; i < n; i++) {
            long address = 0x7f00_0000_0000L + 40L * i;
            c.add(new Rec(address, RubyType.OBJECT, 0x7f00_1000_0000L, -1, 40));
            b.add(new Rec(address, RubyType.OBJECT, 0x7f00_1000_0000L + (i % 7 == 0 ? 8 : 0), -1, 40));
            if (i % 3 == 0) {
                a.add(new Rec(address, RubyType.OBJECT, 0x7f00_1000_0000L, -1, 40));
            } else if (i % 7 != 0) {
                expected.set(i);
            }
        }
        Path fileA = write("a.json", a);
        Path fileB = write("b.json", b);
        RubyHeap heap = new RubyHeap(RubyGraphReader.read(DumpInput.open(write("c.json", c).toString(),
                InputStream.nullInputStream()), RubyDumpReader.Options.defaults()));
        for (Scratch scratch : List.of(Scratch.heap(), MappedScratch.withoutHeapRoom(dir.resolve("scratch")))) {
            try (LeakMarks marks = new LeakMarks(heap, scratch)) {
                marks.addB(read(fileB, marks::bSink));
                marks.addA(read(fileA, marks::aSink));
                assertThat(bits(marks.newInB())).isEqualTo(expected);
                assertThat(marks.byGenerationOnly()).isFalse();
            }
        }
    }

    private static BitSet bits(ObjectBits set) {
        BitSet bits = new BitSet();
        for (long o = set.next(0); o >= 0; o = set.next(o + 1)) {
            bits.set((int) o);
        }
        return bits;
    }
}
