package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport.Result;
import dev.heaplens.format.hprof.SelfDump;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The graph commands and histogram on a JVM heap dump this test JVM writes of itself, holding
 * a known number of objects of a class of its own.
 */
class HprofCommandsTest {
    /** Held by a static field: reachable, and one ArrayList retains them all. */
    static final class Retained {
        final int[] payload = new int[16];
    }

    private static final int COUNT = 1234;
    static List<Retained> held;
    @TempDir
    static Path dir;
    private static Path dump;

    @BeforeAll
    static void dumpThisJvm() throws IOException {
        held = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            held.add(new Retained());
        }
        dump = dir.resolve("self.hprof");
        SelfDump.write(dump);
    }

    @AfterAll
    static void cleanUp() {
        held = null;
    }

    @Test
    void histogramCountsTheInstancesOfAClass() {
        Result r = run("histogram", dump.toString(), "--top", "0", "--format", "tsv");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        String name = Retained.class.getName();
        assertThat(r.outLines()).anyMatch(line -> line.startsWith(COUNT + "\t") && line.endsWith("\t" + name));
        Result byType = run("histogram", dump.toString(), "--by", "type", "--format", "tsv");
        // --by type is taken for kind, the JVM word, and printed as such
        assertThat(byType.outLines().get(0)).isEqualTo("count\tbytes\tkind");
        assertThat(byType.out()).contains("\tinstance\n").contains("\tprimitive array\n").contains("\tclass\n");
        Result location = run("histogram", dump.toString(), "--by", "location");
        assertThat(location.exitCode()).isEqualTo(2);
        assertThat(location.errLines()).containsExactly("heaplens: " + dump + ": --by location is for Ruby dumps;"
                + " a JVM heap dump groups by class, package, loader or kind");
    }

    @Test
    void theListRetainsEveryInstanceAndItsArrayAndPathsReachThem() throws IOException {
        JsonNode retained = new ObjectMapper().readTree(run("retained", dump.toString(), "--by", "class", "--top", "400",
                "--format", "json").out());
        long instances = -1;
        for (JsonNode row : retained.get("rows")) {
            if (row.get("key").asText().equals(Retained.class.getName())) {
                instances = row.get("count").asLong();
                // each instance dominates its own int[16]: the set retains 2 objects per instance
                assertThat(row.get("retainedCount").asLong()).isEqualTo(2L * COUNT);
            }
        }
        assertThat(instances).isEqualTo(COUNT);

        Result top = run("top", dump.toString(), "--top", "5", "--format", "json");
        assertThat(top.exitCode()).as(top.toString()).isZero();
        JsonNode first = new ObjectMapper().readTree(top.out()).get("objects").get(0);
        String address = first.get("address").asText();
        Result object = run("object", dump.toString(), address, "--format", "json");
        assertThat(object.exitCode()).as(object.toString()).isZero();
        assertThat(new ObjectMapper().readTree(object.out()).get("retainedSize").asLong())
                .isEqualTo(first.get("retainedSize").asLong());
        Result paths = run("paths", dump.toString(), address);
        assertThat(paths.exitCode()).as(paths.toString()).isZero();
        assertThat(paths.out()).contains("ROOT ");
    }

    @Test
    void summaryCountsKindsClassesLoadersAndRoots() throws IOException {
        Result r = run("summary", dump.toString(), "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        long objects = 0;
        long bytes = 0;
        for (JsonNode kind : json.get("kinds")) {
            objects += kind.get("count").asLong();
            bytes += kind.get("bytes").asLong();
        }
        assertThat(objects).isEqualTo(json.get("objects").asLong());
        assertThat(bytes).isEqualTo(json.get("bytes").asLong());
        assertThat(json.get("kinds").get(0).get("name").asText()).isEqualTo("instance");
        assertThat(json.get("kinds").get(0).get("count").asLong()).isGreaterThanOrEqualTo(COUNT);
        assertThat(json.get("idSize").asInt()).isEqualTo(8);
        assertThat(json.get("layout").get("referenceBytes").asInt()).isEqualTo(4);
        assertThat(json.get("classLoaders").asLong()).isGreaterThanOrEqualTo(2); // bootstrap and this test's loader
        assertThat(json.get("gcRoots")).anyMatch(root -> root.get("name").asText().equals("sticky class"));
        assertThat(json.get("reachability").get("reachableObjects").asLong()).isPositive();
        assertThat(run("summary", dump.toString()).out()).contains("Kinds").contains("GC roots")
                .contains("Classes loaded by more than one loader");
    }
}
