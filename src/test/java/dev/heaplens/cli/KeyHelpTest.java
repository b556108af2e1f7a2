package dev.heaplens.cli;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.format.hprof.SelfDump;
import dev.heaplens.io.DumpInput;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.ReadListener;
import dev.heaplens.runtime.ReadOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The help of every command that takes --by lists exactly the runtimes' keys, each with what it means,
 * as the runtimes say them (the oracle: each runtime's own histogramKeys/graphKeys and keyMeaning, asked
 * of HeapRuntime.of on a dump of it). Three runtimes: Ruby, the JVM, and the toy runtime of
 * runtime/ToyRuntimeTest, which the tests' META-INF/services registers: its keys appear here with no
 * line of cli/ naming it.
 */
class KeyHelpTest {
    @TempDir
    static Path dir;
    private static List<HeapRuntime> runtimes;

    @BeforeAll
    static void oneDumpOfEachRuntime() throws IOException {
        Path hprof = dir.resolve("small.hprof");
        SelfDump.write(hprof);
        List<String> dumps = List.of(MultiKeyHistogramTest.fixture("rails_ish.json.gz").toString(), hprof.toString(),
                Files.writeString(dir.resolve("heap.toy"), "# toy heap\nobject 1 Root 16\nroot global 1\n").toString());
        runtimes = new ArrayList<>();
        for (String dump : dumps) {
            runtimes.add(HeapRuntime.of(DumpInput.open(dump, InputStream.nullInputStream()), ReadOptions.defaults(),
                    ReadListener.QUIET));
        }
        assertThat(runtimes).extracting(HeapRuntime::name).containsExactly("Ruby", "JVM", "Toy");
    }

    @ParameterizedTest
    @ValueSource(strings = {"histogram", "diff", "retained", "leaks"})
    void theHelpListsEachRuntimesKeysWithTheirMeanings(String command) {
        CliTestSupport.Result help = run(command, "--help");
        assertThat(help.exitCode()).isZero();
        String text = help.out().replaceAll("\\s+", " "); // picocli wraps the footer where it likes
        boolean graph = command.equals("retained") || command.equals("leaks");
        Function<HeapRuntime, List<GroupBy>> keysOf = graph ? HeapRuntime::graphKeys : HeapRuntime::histogramKeys;
        for (HeapRuntime runtime : runtimes) {
            List<GroupBy> keys = keysOf.apply(runtime);
            StringBuilder explained = new StringBuilder();
            StringBuilder listed = new StringBuilder();
            for (int i = 0; i < keys.size(); i++) {
                String joint = i == 0 ? "" : i == keys.size() - 1 ? " or " : ", ";
                explained.append(joint).append(keys.get(i).label()).append(" (").append(runtime.keyMeaning(keys.get(i))).append(')');
                listed.append(joint).append(keys.get(i).label());
            }
            assertThat(text).as(runtime.name() + "'s keys explained in " + command + "'s footer").contains(": " + explained);
            assertThat(text).as(runtime.name() + "'s keys in --by's description").contains(": " + listed);
        }
        assertThat(text.split("KEY for ", -1)).as("one paragraph per runtime, no other").hasSize(runtimes.size() + 1);
        if (command.equals("leaks")) {
            for (HeapRuntime runtime : runtimes) {
                assertThat(text).as(runtime.name() + "'s default key of leaks").containsPattern(
                        "(?i)default: [^)]*\\b" + runtime.defaultLeakKey().label() + " for " + java.util.regex.Pattern.quote(runtime.name()));
            }
        }
    }

    @Test
    void everyKeyOfEveryRuntimeHasAMeaning() {
        for (HeapRuntime runtime : runtimes) {
            for (GroupBy key : runtime.histogramKeys()) {
                assertThat(runtime.keyMeaning(key)).as(runtime.name() + " " + key).isNotBlank();
            }
            assertThat(runtime.keyMeaning(GroupBy.IMEMO) != null).as(runtime.name() + " imemo")
                    .isEqualTo(runtime.histogramKeys().contains(GroupBy.IMEMO));
        }
    }

    /**
     * The toy runtime's dump through the CLI, with no line of cli/ changed: retained by each of its keys, the
     * answers worked out by hand (1 holds 2 and 3, which both hold 4; 5 is held by nothing).
     */
    @Test
    void aToyDumpIsReadByTheCliItNeverNames() throws IOException {
        Path toy = Files.writeString(dir.resolve("cli.toy"), String.join("\n", "# toy heap", "object 1 Root 16 -> 2 3",
                "object 2 Node 100 -> 4", "object 3 Node 200 -> 4", "object 4 Leaf 1000", "object 5 Orphan 50", "root global 1", ""));
        CliTestSupport.Result byClass = run("retained", toy.toString(), "--by", "class", "--format", "tsv", "--no-index");
        assertThat(byClass.exitCode()).as(byClass.err()).isZero();
        assertThat(byClass.outLines()).containsExactly("count\tbytes\tretained_bytes\tretained_count\tclass",
                "1\t16\t1316\t4\tRoot", "2\t300\t1300\t3\tNode", "1\t1000\t1000\t1\tLeaf", "1\t50\t0\t0\tOrphan");
        CliTestSupport.Result byKind = run("retained", toy.toString(), "--by", "kind", "--format", "tsv", "--no-index");
        assertThat(byKind.outLines()).contains("5\t1366\t1316\t4\tobject");
        CliTestSupport.Result notAKey = run("retained", toy.toString(), "--by", "package", "--no-index");
        assertThat(notAKey.exitCode()).isEqualTo(2);
        assertThat(notAKey.errLines()).containsExactly("heaplens: " + toy + ": --by package is for JVM heap dumps; a toy dump"
                + " groups by class or kind");
    }
}
