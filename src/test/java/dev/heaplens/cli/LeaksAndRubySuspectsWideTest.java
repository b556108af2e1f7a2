package dev.heaplens.cli;

import static dev.heaplens.cli.CliTestSupport.run;
import static dev.heaplens.cli.CliTestSupport.withoutNotes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.format.hprof.LeakDumps;
import dev.heaplens.graph.WideIds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ruby {@code suspects} and {@code leaks} out of core ({@code --memory 1k}: the first run reads the dump
 * and writes its index, the second maps it) with the ids forced wide print byte for byte what an in-heap
 * run without an index prints: suspects on the Rails sample and the Ruby fixtures (the runtime-methods,
 * waste and leak suspects among them), leaks with and without retained sizes on the Ruby leak fixtures,
 * on a triple of Rails dumps and on the JVM's leak dumps; as past 2^31 objects: every heap array an
 * object refused too.
 */
class LeaksAndRubySuspectsWideTest {
    private static final String FIXTURES = "src/test/resources/fixtures/";

    @TempDir
    Path dir;

    private Path copy(String resource, String name) throws IOException {
        return Files.copy(Path.of(resource), dir.resolve(name));
    }

    /** The command out of core twice (first read, then the index), as past 2^31 objects, against in the heap. */
    private static void sameAsInTheHeap(List<String> command) {
        CliTestSupport.Result inHeap = run(command, "--no-index");
        assertThat(inHeap.exitCode()).as(inHeap.toString()).isZero();
        for (String pass : List.of("first", "second")) {
            CliTestSupport.Result outOfCore = outOfCore(command);
            assertThat(outOfCore.err()).as(pass + " " + command).contains("working out of core");
            assertThat(outOfCore.out()).as(pass + " " + command).isEqualTo(inHeap.out());
            assertThat(withoutNotes(outOfCore.err())).as(pass + " " + command).isEqualTo(inHeap.err());
            assertThat(outOfCore.exitCode()).as(pass + " " + command).isEqualTo(inHeap.exitCode());
        }
    }

    private static CliTestSupport.Result outOfCore(List<String> command) {
        return WideIds.asPast2To31(() -> run(command, "--memory", "1k"));
    }

    @Test
    void suspectsOfTheRubyDumpsAreTheHeaps() throws IOException {
        List<Path> dumps = List.of(copy("samples/rails-ish.json.gz", "rails-ish.json.gz"),
                copy(FIXTURES + "suspects/methods.json.gz", "methods.json.gz"),
                copy(FIXTURES + "suspects/waste.json.gz", "waste.json.gz"),
                copy(FIXTURES + "suspects/leak.json.gz", "leak.json.gz"),
                copy(FIXTURES + "retained/retained.json.gz", "retained.json.gz"),
                copy(FIXTURES + "basic.json.gz", "basic.json.gz"));
        for (Path dump : dumps) {
            sameAsInTheHeap(List.of("suspects", dump.toString()));
            sameAsInTheHeap(List.of("suspects", dump.toString(), "--format", "json", "--threshold", "0.5"));
        }
    }

    /**
     * The leak fixtures; A a fixture and B and C two Rails dumps (B's objects at C's addresses are C's:
     * many leaked); the JVM's leak dumps.
     */
    private List<List<String>> triples() throws IOException {
        List<String> fixtures = new ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            fixtures.add(copy(FIXTURES + "leak/" + name + ".json.gz", name + ".json.gz").toString());
        }
        List<String> rails = List.of(fixtures.get(0), copy(FIXTURES + "rails_ish.json.gz", "rails-b.json.gz").toString(),
                copy("samples/rails-ish.json.gz", "rails-c.json.gz").toString());
        LeakDumps.write(dir);
        List<String> hprof = List.of("a", "b", "c").stream().map(n -> dir.resolve(n + ".hprof").toString()).toList();
        return List.of(fixtures, rails, hprof);
    }

    private static List<String> leaks(List<String> dumps, String... more) {
        List<String> command = new ArrayList<>(List.of("leaks"));
        command.addAll(dumps);
        command.addAll(List.of(more));
        return command;
    }

    @Test
    void leaksWithoutRetainedSizesAreTheHeaps() throws IOException {
        for (List<String> dumps : triples()) {
            assertThat(outOfCore(leaks(dumps)).exitCode()).isZero(); // C's index: leaks --no-retained writes none
            boolean hprof = dumps.get(0).endsWith(".hprof");
            for (String by : hprof ? List.of("class", "package") : List.of("location", "class", "type")) {
                sameAsInTheHeap(leaks(dumps, "--no-retained", "--by", by));
            }
            sameAsInTheHeap(leaks(dumps, "--no-retained", "--format", "json"));
        }
    }

    @Test
    void leaksWithRetainedSizesAreTheHeaps() throws IOException {
        for (List<String> dumps : triples()) {
            sameAsInTheHeap(leaks(dumps));
            sameAsInTheHeap(leaks(dumps, "--sort", "retained", "--by", "class"));
            sameAsInTheHeap(leaks(dumps, "--format", "json"));
        }
    }
}
