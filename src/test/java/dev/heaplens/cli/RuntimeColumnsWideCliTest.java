package dev.heaplens.cli;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.format.hprof.SelfDump;
import dev.heaplens.graph.WideIds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands that read the runtimes' own per-object columns (HPROF's array lengths; Ruby's sites,
 * generations, details, methods and lengths) are wide-capable out of core: with wide ids forced and
 * every heap array an object refused, as past 2^31 objects, a run out of core (its first read writing
 * the index, then a run on that index) prints byte for byte what an in-heap run without an index prints.
 * A command not marked {@link AnySizeGraph} refuses such a graph before reading it: it runs with wide
 * ids alone (the columns then mapped all the same), until every step of it is wide-capable.
 */
class RuntimeColumnsWideCliTest {
    @TempDir
    Path dir;

    /**
     * {@code top}, {@code paths}, {@code object} (text and JSON) and {@code summary --reachability}, on
     * the largest retainer; on a Ruby dump, {@code retained --by location} too, which reads every
     * object's site (the column loaded whole, not value by value).
     */
    private static List<List<String>> commands(Path dump, boolean ruby) {
        String address = run("top", dump.toString(), "--top", "1", "--format", "tsv", "--no-index").outLines().get(1).split("\t")[0];
        List<List<String>> commands = new ArrayList<>(List.of(
                List.of("top", dump.toString(), "--top", "25"),
                List.of("top", dump.toString(), "--top", "10", "--format", "json"),
                List.of("paths", dump.toString(), address),
                List.of("object", dump.toString(), address),
                List.of("object", dump.toString(), address, "--format", "json"),
                List.of("summary", dump.toString(), "--reachability")));
        if (ruby) {
            commands.add(List.of("retained", dump.toString(), "--by", "location", "--top", "12"));
        }
        return commands;
    }

    private static CliTestSupport.Result with(List<String> command, String... more) {
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of(more));
        return run(args.toArray(new String[0]));
    }

    private static String withoutNotes(String err) {
        return err.lines().filter(l -> !l.startsWith("heaplens: note: ")).map(l -> l + "\n").collect(Collectors.joining());
    }

    private static void sameWideOutOfCore(Path dump, boolean ruby) throws IOException {
        for (List<String> command : commands(dump, ruby)) {
            Files.deleteIfExists(dump.resolveSibling(dump.getFileName() + ".heaplens-index"));
            CliTestSupport.Result inHeap = with(command, "--no-index");
            assertThat(inHeap.exitCode()).as(inHeap.toString()).isZero();
            boolean anySize = Main.command(command.get(0), new Console(System.in, System.out, System.err, false)) instanceof AnySizeGraph;
            for (String pass : List.of("first read", "on the index")) {
                CliTestSupport.Result wide;
                WideIds.force(true);
                WideIds.refuseObjectArrays(anySize); // the others refuse a graph past 2^31 before reading it
                try {
                    wide = with(command, "--memory", "1k");
                } finally {
                    WideIds.force(false);
                    WideIds.refuseObjectArrays(false);
                }
                assertThat(wide.out()).as(pass + " " + command + "\n" + wide.err()).isEqualTo(inHeap.out());
                assertThat(withoutNotes(wide.err())).as(pass + " " + command).isEqualTo(inHeap.err());
                assertThat(wide.exitCode()).isZero();
            }
        }
    }

    @Test
    void rubyColumnsAreWideCapableOutOfCore() throws IOException {
        Path from = Path.of("samples/rails-ish.json.gz");
        sameWideOutOfCore(Files.copy(from, dir.resolve(from.getFileName())), true);
    }

    @Test
    void arrayLengthsAreWideCapableOutOfCore() throws IOException {
        sameWideOutOfCore(SelfDump.write(dir.resolve("self.hprof")), false);
    }
}
