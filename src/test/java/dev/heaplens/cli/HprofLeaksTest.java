package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport.Result;
import dev.heaplens.format.hprof.LeakDumps;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code leaks} on three HPROF dumps with known leaks ({@link LeakDumps}). */
class HprofLeaksTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void writeDumps() throws IOException {
        LeakDumps.write(dir);
    }

    private static String dump(String name) {
        return dir.resolve(name).toString();
    }

    @Test
    void findsExactlyTheObjectsNewInBAndStillInC() throws IOException {
        Result r = run("leaks", dump("a.hprof"), dump("b.hprof"), dump("c.hprof"), "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.get("identity").asText()).isEqualTo("address_and_class");
        assertThat(json.get("by").asText()).isEqualTo("class");
        assertThat(json.get("count").asLong()).isEqualTo(3);
        assertThat(json.get("bytes").asLong()).isEqualTo(72);
        List<String> rows = new ArrayList<>();
        for (JsonNode row : json.get("rows")) {
            rows.add(row.get("key").asText() + " " + row.get("count").asLong() + " " + row.get("bytes").asLong()
                    + " " + row.get("retainedBytes").asLong());
        }
        // the array retains both Foo; sorted by bytes, then key
        assertThat(rows).containsExactly("com.example.Foo 2 48 48", "java.lang.Object[] 1 24 72");
        JsonNode path = json.get("rows").get(0).get("samplePath").get("steps");
        assertThat(path.get(path.size() - 1).get("via").asText()).isEqualTo("[0]");

        Result text = run("leaks", dump("a.hprof"), dump("b.hprof"), dump("c.hprof"));
        assertThat(text.out()).contains("address + class (the JVM moves objects");
    }

    @Test
    void everySamplePathObjectRetainsWhatTheDominatorTreeOfObjectSays() throws IOException {
        // leaks finds these without a dominator tree; object reads them off C's.
        Result r = run("leaks", dump("a.hprof"), dump("b.hprof"), dump("c.hprof"), "--format", "json");
        int steps = 0;
        for (JsonNode row : new ObjectMapper().readTree(r.out()).get("rows")) {
            for (JsonNode step : row.get("samplePath").get("steps")) {
                String address = step.get("address").asText();
                JsonNode object = new ObjectMapper().readTree(run("object", dump("c.hprof"), address, "--format", "json").out());
                assertThat(step.get("retainedSize").asLong()).as(address).isEqualTo(object.get("retainedSize").asLong());
                assertThat(step.get("retainedCount").asLong()).as(address).isEqualTo(object.get("retainedCount").asLong());
                steps++;
            }
        }
        assertThat(steps).isGreaterThan(2);
    }

    @Test
    void gzippedDumpsAndOneThreadGiveTheSameLeaks() throws IOException {
        // A and B are read side by side after C: compressed inputs and a single thread take the same path
        for (String name : new String[] {"a.hprof", "b.hprof", "c.hprof"}) {
            try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(
                    java.nio.file.Files.newOutputStream(dir.resolve(name + ".gz")))) {
                java.nio.file.Files.copy(dir.resolve(name), out);
            }
        }
        ObjectMapper mapper = new ObjectMapper();
        JsonNode plain = mapper.readTree(run("leaks", dump("a.hprof"), dump("b.hprof"), dump("c.hprof"), "--format", "json").out());
        JsonNode gzipped = mapper.readTree(run("leaks", dump("a.hprof.gz"), dump("b.hprof.gz"), dump("c.hprof.gz"),
                "--format", "json").out());
        JsonNode oneThread = mapper.readTree(run("leaks", dump("a.hprof"), dump("b.hprof"), dump("c.hprof"), "--threads", "1",
                "--format", "json").out());
        assertThat(gzipped.get("rows")).isEqualTo(plain.get("rows"));
        assertThat(oneThread.get("rows")).isEqualTo(plain.get("rows"));
        assertThat(plain.get("count").asLong()).isEqualTo(3);
    }

    @Test
    void gatesOnLeakedBytes() {
        Result over = run("leaks", dump("a.hprof"), dump("b.hprof"), dump("c.hprof"), "--fail-over", "71");
        assertThat(over.exitCode()).as(over.toString()).isEqualTo(3);
        Result under = run("leaks", dump("a.hprof"), dump("b.hprof"), dump("c.hprof"), "--fail-over", "72");
        assertThat(under.exitCode()).as(under.toString()).isZero();
    }

    @Test
    void refusesToMixRuntimes() {
        Path ruby = Path.of("samples/rails-ish.json.gz");
        Result r = run("leaks", dump("a.hprof"), ruby.toString(), dump("c.hprof"));
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).containsExactly("heaplens: " + dump("a.hprof") + " is a JVM HPROF heap dump but " + ruby
                + " is a Ruby ObjectSpace.dump_all dump: compare dumps of the same runtime");
    }
}
