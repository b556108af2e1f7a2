package dev.heaplens.cli;

import static dev.heaplens.cli.CliTestSupport.run;
import static dev.heaplens.cli.CliTestSupport.withoutNotes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.format.hprof.SelfDump;
import dev.heaplens.fuzz.HostileRun;
import dev.heaplens.graph.WideIds;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import org.junit.jupiter.api.io.TempDir;

/**
 * Out of core through the command line: every graph command prints the same, byte for byte, with a
 * {@code --memory} too small for the graph (the first run reads the dump, writes the index and works
 * from it mapped; the second maps the index) as an in-heap run without an index prints, on the real
 * sample dumps and this JVM's own; the launcher's choice is said in one line on stderr. In a child
 * JVM whose heap is too small for the graph, a dump with an index is worked on out of core.
 */
class OutOfCoreCliTest {
    @TempDir
    Path dir;

    private Path copy(String resource) throws IOException {
        Path from = Path.of(resource);
        return Files.copy(from, dir.resolve(from.getFileName()));
    }

    /** Every graph command, with an object and a class of the dump's own (its largest retainer). */
    private static List<List<String>> commands(Path dump, boolean hprof) {
        String[] top = run("top", dump.toString(), "--top", "1", "--format", "tsv", "--no-index").outLines().get(1).split("\t");
        String address = top[0];
        String className = top[2];
        List<List<String>> commands = new ArrayList<>(List.of(
                List.of("top", dump.toString(), "--top", "15"),
                List.of("retained", dump.toString(), "--by", "class", "--top", "15"),
                List.of("object", dump.toString(), address),
                List.of("object", dump.toString(), address, "--format", "json"),
                List.of("paths", dump.toString(), address),
                List.of("suspects", dump.toString()),
                List.of("graph", dump.toString(), "--class", className, "--limit", "3"),
                List.of("summary", dump.toString(), "--reachability")));
        if (hprof) {
            commands.add(List.of("threads", dump.toString()));
        }
        return commands;
    }

    private void sameInHeapAndOutOfCore(Path dump, boolean hprof) throws IOException {
        for (List<String> command : commands(dump, hprof)) {
            // each command writes the index itself first: its first run is a first read out of core
            Files.deleteIfExists(dump.resolveSibling(dump.getFileName() + ".heaplens-index"));
            CliTestSupport.Result inHeap = run(command, "--no-index");
            assertThat(inHeap.exitCode()).as(inHeap.toString()).isZero();
            for (String pass : List.of("first", "second")) {
                CliTestSupport.Result outOfCore = run(command, "--memory", "1k");
                assertThat(outOfCore.out()).as(pass + " " + command).isEqualTo(inHeap.out());
                assertThat(outOfCore.exitCode()).isZero();
                assertThat(withoutNotes(outOfCore.err())).as(pass + " " + command).isEqualTo(inHeap.err());
            }
            CliTestSupport.Result mapped = run(command, "--memory", "1k");
            assertThat(mapped.errLines()).filteredOn(l -> l.startsWith("heaplens: note: ")).singleElement().asString()
                    .startsWith("heaplens: note: " + dump + ": about ")
                    .contains("over the 1 KiB allowed (--memory): working out of core on its index " + dump + ".heaplens-index (");
        }
    }

    @Test
    void theRubySamplesGiveTheSameOutOfCore() throws IOException {
        sameInHeapAndOutOfCore(copy("samples/rails-ish.json.gz"), false);
        sameInHeapAndOutOfCore(copy("src/test/resources/fixtures/retained/retained.json.gz"), false);
    }

    @Test
    void leaksGivesTheSameOutOfCore() throws IOException {
        Files.createDirectories(dir.resolve("leak"));
        List<String> dumps = new ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            dumps.add(Files.copy(Path.of("src/test/resources/fixtures/leak/" + name + ".json.gz"),
                    dir.resolve("leak/" + name + ".json.gz")).toString());
        }
        List<String> command = new ArrayList<>(List.of("leaks"));
        command.addAll(dumps);
        CliTestSupport.Result inHeap = run(command, "--no-index");
        for (int pass = 0; pass < 2; pass++) {
            CliTestSupport.Result outOfCore = run(command, "--memory", "1k");
            assertThat(outOfCore.out()).isEqualTo(inHeap.out());
            assertThat(withoutNotes(outOfCore.err())).isEqualTo(inHeap.err());
        }
    }

    @Test
    void aJvmDumpGivesTheSameOutOfCore() throws IOException {
        sameInHeapAndOutOfCore(SelfDump.write(dir.resolve("self.hprof")), true);
    }

    /** Every command that builds a graph, and the test that runs it as past 2^31 objects against the heap. */
    private static final Map<String, String> RUN_AS_PAST_2_TO_31 = Map.ofEntries(Map.entry("suspects", "OutOfCoreCliTest"),
            Map.entry("summary", "OutOfCoreCliTest"), Map.entry("top", "OutOfCoreCliTest"), Map.entry("retained", "OutOfCoreCliTest"),
            Map.entry("object", "OutOfCoreCliTest"), Map.entry("paths", "OutOfCoreCliTest"), Map.entry("graph", "OutOfCoreCliTest"),
            Map.entry("threads", "OutOfCoreCliTest"), Map.entry("leaks", "LeaksAndRubySuspectsWideTest"),
            Map.entry("serve", "WebPast2To31Test"), Map.entry("report", "WebPast2To31Test"),
            Map.entry("export", "ExportPast2To31Test"), Map.entry("sql", "ExportPast2To31Test"));

    /**
     * As past 2^31 objects (wide ids forced on the samples, and every heap array an object refused, in the
     * out-of-core runs): the first read's sort, reading order and lookups, the scratch columns and the
     * index 8 bytes an id; every graph command prints what it prints in the heap.
     */
    @Test
    void pastIntIdsEveryGraphCommandGivesTheSame() throws IOException {
        Path rails = copy("samples/rails-ish.json.gz");
        Path self = SelfDump.write(dir.resolve("self.hprof"));
        for (boolean hprof : List.of(false, true)) {
            Path dump = hprof ? self : rails;
            List<List<String>> commands = new ArrayList<>(commands(dump, hprof));
            commands.add(List.of("top", dump.toString(), "--top", "10", "--format", "json"));
            commands.add(List.of("graph", dump.toString(), "--class", hprof ? "java.lang.String" : "String", "--limit", "0", "--level", "2"));
            if (!hprof) { // every object's allocation site, the runtime's column loaded whole
                commands.add(List.of("retained", dump.toString(), "--by", "location", "--top", "12"));
            }
            for (List<String> command : commands) {
                assertThat(RUN_AS_PAST_2_TO_31).containsEntry(command.get(0), "OutOfCoreCliTest");
                Files.deleteIfExists(dump.resolveSibling(dump.getFileName() + ".heaplens-index"));
                CliTestSupport.Result inHeap = run(command, "--no-index");
                assertThat(inHeap.exitCode()).as(inHeap.toString()).isZero();
                for (String pass : List.of("first", "second")) {
                    CliTestSupport.Result outOfCore = WideIds.asPast2To31(() -> run(command, "--memory", "1k"));
                    assertThat(outOfCore.out()).as(pass + " " + command).isEqualTo(inHeap.out());
                    assertThat(outOfCore.exitCode()).as(outOfCore.toString()).isZero();
                    assertThat(withoutNotes(outOfCore.err())).as(pass + " " + command).isEqualTo(inHeap.err());
                }
            }
        }
    }

    /**
     * Every command that builds a graph (its options are {@link GraphDumpOptions}) works on one past 2^31
     * objects, so each is run as past 2^31 by a test: a new one is not done until it is listed here.
     */
    @Test
    void everyGraphCommandIsRunAsPast2To31() {
        Console console = new Console(System.in, System.out, System.err, false);
        List<String> graphCommands = Main.COMMANDS.stream().filter(name -> new CommandLine(Main.command(name, console))
                .getCommandSpec().mixins().values().stream().anyMatch(m -> m.userObject() instanceof GraphDumpOptions)).toList();
        assertThat(graphCommands).contains("top", "serve", "export").containsExactlyInAnyOrderElementsOf(RUN_AS_PAST_2_TO_31.keySet());
    }


    @Test
    void outOfCoreWithoutAnIndexIsRefusedInOneLine() throws IOException {
        Path dump = copy("samples/rails-ish.json.gz");
        CliTestSupport.Result indexed = run("top", dump.toString());
        CliTestSupport.Result r = run("top", dump.toString(), "--memory", "1k", "--no-index");
        if (r.exitCode() == 0) { // a gzip's objects are not estimated before the read: then it is tried in the heap
            assertThat(r.out()).isEqualTo(indexed.out());
            return;
        }
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).singleElement().asString().contains("cannot work out of core").contains("--no-index");
    }

    /**
     * 300,000 Ruby objects need about 37 MiB of heap: a child with 16 MiB refuses the dump's first
     * read in one line; one with 24 MiB reads it out of core (the build's columns mapped), writing
     * the index, and works on it from then on, printing what the in-heap run prints.
     */
    @Test
    void aHeapTooSmallForTheGraphWorksOutOfCoreOnTheIndex() throws IOException {
        Path dump = dir.resolve("big.json");
        try (OutputStream out = Files.newOutputStream(dump)) {
            for (int i = 0; i < 300_000; i++) {
                String refs = i == 0 ? "" : String.format(", \"references\":[\"0x%x\"]", 0x7f0000000000L + 40L * (i - 1));
                out.write(String.format("{\"address\":\"0x%x\", \"type\":\"ARRAY\", \"length\":1, \"memsize\":40%s}%n",
                        0x7f0000000000L + 40L * i, refs).getBytes(StandardCharsets.US_ASCII));
            }
            out.write(String.format("{\"type\":\"ROOT\", \"root\":\"vm\", \"references\":[\"0x%x\"]}%n",
                    0x7f0000000000L + 40L * 299_999).getBytes(StandardCharsets.US_ASCII));
        }
        Duration limit = Duration.ofSeconds(60);
        HostileRun.Outcome refused = HostileRun.child(limit, 16, "top", dump.toString()).assertHeld("16 MiB");
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err().lines()).singleElement().asString().startsWith("heaplens: " + dump + ": its heap graph");
        HostileRun.Outcome unindexed = HostileRun.child(limit, 256, "top", dump.toString(), "--no-index").assertHeld("256 MiB");
        HostileRun.Outcome firstRead = HostileRun.child(limit, 24, "top", dump.toString()).assertHeld("24 MiB");
        assertThat(firstRead.exitCode()).as(firstRead.err()).isZero();
        assertThat(firstRead.out()).isEqualTo(unindexed.out());
        assertThat(firstRead.err().lines()).singleElement().asString().contains("working out of core on its index")
                .contains("written first");
        for (String command : List.of("top", "suspects")) {
            HostileRun.Outcome inHeap = HostileRun.child(limit, 256, command, dump.toString()).assertHeld("256 MiB");
            HostileRun.Outcome small = HostileRun.child(limit, 24, command, dump.toString()).assertHeld("24 MiB");
            assertThat(small.exitCode()).as(small.err()).isZero();
            assertThat(small.out()).isEqualTo(inHeap.out());
            assertThat(small.err().lines()).singleElement().asString().startsWith("heaplens: note: " + dump + ": about 300,000 objects")
                    .contains("working out of core on its index " + dump + ".heaplens-index");
        }
    }

    /**
     * A byte flipped in a column the out-of-core run maps (the reference targets, read by retained):
     * found when the column is mapped, before any of it is used; one line, exit 2, the index removed,
     * and the next run rebuilds it and prints what the in-heap run prints.
     */
    @Test
    void aCorruptColumnIsFoundWhenItIsMapped() throws IOException {
        Path dump = copy("src/test/resources/fixtures/retained/retained.json.gz");
        CliTestSupport.Result inHeap = run("retained", dump.toString(), "--by", "class", "--no-index");
        assertThat(run("top", dump.toString()).exitCode()).isZero();
        Path index = dump.resolveSibling(dump.getFileName() + ".heaplens-index");
        long targets = sectionOffset(index, "graph.targets");
        byte[] bytes = Files.readAllBytes(index);
        bytes[(int) targets + 5] ^= 0x40;
        Files.write(index, bytes);
        CliTestSupport.Result damaged = run("retained", dump.toString(), "--by", "class", "--memory", "1k");
        assertThat(damaged.exitCode()).isEqualTo(2);
        assertThat(damaged.out()).isEmpty();
        assertThat(damaged.errLines()).filteredOn(l -> !l.startsWith("heaplens: note: ")).singleElement().asString()
                .contains("corrupt: section graph.targets does not match its checksum").contains("removed it");
        assertThat(index).doesNotExist();
        CliTestSupport.Result rebuilt = run("retained", dump.toString(), "--by", "class", "--memory", "1k");
        assertThat(rebuilt.exitCode()).isZero();
        assertThat(rebuilt.out()).isEqualTo(inHeap.out());
    }

    /** Where section {@code name} starts in an index file, from its section table. */
    private static long sectionOffset(Path index, String name) throws IOException {
        byte[] file = Files.readAllBytes(index);
        java.nio.ByteBuffer trailer = java.nio.ByteBuffer.wrap(file, file.length - 32, 32).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        long tableOffset = trailer.getLong();
        java.nio.ByteBuffer table = java.nio.ByteBuffer.wrap(file, (int) tableOffset, file.length - 32 - (int) tableOffset);
        int count = table.getInt();
        for (int i = 0; i < count; i++) {
            byte[] n = new byte[table.get() & 0xff];
            table.get(n);
            table.get(); // type
            long offset = table.getLong();
            table.getLong(); // length
            int blocks = table.getInt();
            table.position(table.position() + 4 * blocks);
            if (new String(n, StandardCharsets.UTF_8).equals(name)) {
                return offset;
            }
        }
        throw new AssertionError("no section " + name);
    }
}
