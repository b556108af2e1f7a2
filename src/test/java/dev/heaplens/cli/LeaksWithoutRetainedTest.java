package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport.Result;
import dev.heaplens.format.hprof.LeakDumps;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code leaks --no-retained}: C read without its references gives the groups, counts and bytes
 * that {@code leaks} gives with retained sizes (the real Ruby leak fixture, whose own oracle is
 * what Ruby counted, and the HPROF dumps of {@link LeakDumps} with their known answer), the same
 * gate, and leaves the index alone: it uses a sound one and writes none.
 */
class LeaksWithoutRetainedTest {
    private static final Path FIXTURES = Path.of("src/test/resources/fixtures/leak");
    @TempDir
    static Path dir;

    @BeforeAll
    static void copyDumps() throws IOException {
        for (String name : new String[] {"a", "b", "c"}) {
            Files.copy(FIXTURES.resolve(name + ".json.gz"), dir.resolve(name + ".json.gz"));
        }
        LeakDumps.write(dir);
    }

    private static String[] dumps(String suffix) {
        return new String[] {dir.resolve("a" + suffix).toString(), dir.resolve("b" + suffix).toString(),
                dir.resolve("c" + suffix).toString()};
    }

    private static Result ok(List<String> args) {
        Result r = run(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return r;
    }

    private static List<String> leaks(String suffix, String... more) {
        List<String> args = new ArrayList<>(List.of("leaks"));
        args.addAll(List.of(dumps(suffix)));
        args.addAll(List.of(more));
        return args;
    }

    private static List<String> rows(JsonNode json) {
        List<String> rows = new ArrayList<>();
        json.get("rows").forEach(r -> rows.add(r.get("key").asText() + " " + r.get("count").asLong() + " "
                + r.get("bytes").asLong()));
        return rows;
    }

    @ParameterizedTest
    @ValueSource(strings = {"location", "class", "type", "gem"})
    void rubyGroupsCountsAndBytesAreThoseOfLeaksWithRetainedSizes(String by) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode whole = mapper.readTree(ok(leaks(".json.gz", "--by", by, "--top", "1000", "--format", "json",
                "--no-index")).out());
        JsonNode objects = mapper.readTree(ok(leaks(".json.gz", "--by", by, "--top", "1000", "--format", "json",
                "--no-index", "--no-retained")).out());
        assertThat(whole.get("retained").asBoolean()).isTrue();
        assertThat(objects.get("retained").asBoolean()).isFalse();
        for (String field : new String[] {"identity", "count", "bytes", "groups"}) {
            assertThat(objects.get(field)).as(field).isEqualTo(whole.get(field));
        }
        assertThat(rows(objects)).isEqualTo(rows(whole)).isNotEmpty();
        objects.get("rows").forEach(r -> assertThat(r.has("retainedBytes") || r.has("samplePath")).isFalse());
        // what Ruby itself counted (LeakFixtureTest holds leaks to it)
        JsonNode expected = mapper.readTree(FIXTURES.resolve("leak.golden.json").toFile()).get("expected");
        assertThat(objects.get("count").asLong()).isEqualTo(expected.get("leak_record_objects_in_b_not_a_alive_in_c").asLong());
    }

    @Test
    void hprofLeaksAreTheKnownOnesWithoutARetainedColumnOrPaths() {
        String[] d = dumps(".hprof");
        Result r = ok(leaks(".hprof", "--no-retained", "--no-index"));
        assertThat(r.out()).isEqualTo("""
                Objects allocated after %s, present in %s and still alive in %s
                identity: address + class (the JVM moves objects when it collects garbage: an object moved after a dump \
                counts as new, and a freed address now holding an object of the same class as the old one)

                retained sizes and sample paths: not computed (--no-retained)

                count  bytes  class
                    2   48 B  com.example.Foo
                    1   24 B  java.lang.Object[]
                    3   72 B  TOTAL (2 groups)
                """.formatted(d[0], d[1], d[2]));
        assertThat(r.err()).isEmpty();
        Result csv = ok(leaks(".hprof", "--no-retained", "--no-index", "--format", "csv"));
        assertThat(csv.out()).isEqualTo("count,bytes,class\n2,48,com.example.Foo\n1,24,java.lang.Object[]\n");
    }

    @Test
    void theGateIsTheSameWithoutRetainedSizes() {
        for (String suffix : new String[] {".hprof", ".json.gz"}) {
            Result whole = run(leaks(suffix, "--fail-over", "10", "--no-index").toArray(String[]::new));
            Result objects = run(leaks(suffix, "--fail-over", "10", "--no-index", "--no-retained").toArray(String[]::new));
            assertThat(whole.exitCode()).as(whole.toString()).isEqualTo(3);
            assertThat(objects.exitCode()).as(objects.toString()).isEqualTo(3);
            assertThat(objects.err()).isEqualTo(whole.err()).contains("over --fail-over 10 B");
        }
    }

    @Test
    void noIndexIsWrittenASoundOneIsReadAndAStaleOneIsLeftAlone() throws IOException {
        Path c = dir.resolve("c.hprof");
        Path index = dir.resolve("c.hprof.heaplens-index");
        Files.deleteIfExists(index);
        String direct = ok(leaks(".hprof", "--no-retained", "--no-index")).out();

        Result first = ok(leaks(".hprof", "--no-retained"));
        assertThat(first.out()).isEqualTo(direct);
        assertThat(index).as("a graph without references is not indexed").doesNotExist();

        ok(List.of("top", c.toString())); // writes the whole graph's index
        assertThat(index).exists();
        byte[] written = Files.readAllBytes(index);
        Result indexed = ok(leaks(".hprof", "--no-retained"));
        assertThat(indexed.out()).isEqualTo(direct);
        assertThat(indexed.err()).isEmpty();

        Files.setLastModifiedTime(c, FileTime.fromMillis(Files.getLastModifiedTime(c).toMillis() + 60_000));
        Result stale = ok(leaks(".hprof", "--no-retained"));
        assertThat(stale.out()).isEqualTo(direct);
        assertThat(stale.errLines()).singleElement().asString()
                .startsWith("heaplens: warning: " + c + ": index " + index + " not used (")
                .doesNotContain("rebuilt");
        assertThat(Files.readAllBytes(index)).as("left for a command that builds the whole graph").isEqualTo(written);
    }
}
