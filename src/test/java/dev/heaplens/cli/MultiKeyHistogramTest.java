package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport.Result;
import dev.heaplens.format.hprof.SelfDump;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.heaplens.cli.CliTestSupport.run;
import static dev.heaplens.cli.CliTestSupport.runWithStdin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code histogram --by k1,k2,...} and {@code diff --by k1,k2,...}: the output of several keys is,
 * key by key, the output of each key alone (the oracle: the single-key runs), on the real Ruby
 * fixtures (made by real Ruby, scripts/fixtures/) and on dumps of this test JVM.
 */
class MultiKeyHistogramTest {
    /** Every Ruby histogram key. */
    private static final List<String> RUBY_KEYS =
            List.of("gem", "file", "location", "class", "type", "imemo", "method", "generation");
    private static final ObjectMapper JSON = new ObjectMapper();

    static Path fixture(String name) {
        try {
            return Path.of(MultiKeyHistogramTest.class.getResource("/fixtures/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void everyFormatOfEveryRubyKeyIsTheSingleKeyRunsOutput() throws IOException {
        String dump = fixture("rails_ish.json.gz").toString();
        assertKeyByKey(List.of("histogram", dump, "--top", "0"), RUBY_KEYS);
        assertKeyByKey(List.of("histogram", dump, "--top", "7", "--sort", "count", "--min-bytes", "200"),
                List.of("location", "class"));
    }

    /** heap-profiler's four keys; broken_lines' damaged lines put quotes and newlines in method names. */
    @ParameterizedTest
    @ValueSource(strings = {"basic.json.gz", "broken_lines.json.gz"})
    void heapProfilersKeysOfTheOtherFixturesAreTheSingleKeyRunsOutput(String name) throws IOException {
        assertKeyByKey(List.of("histogram", fixture(name).toString(), "--top", "0"),
                List.of("gem", "file", "location", "class", "method"));
    }

    @Test
    void diffOfSeveralKeysIsTheDiffOfEachKey() throws IOException {
        String a = fixture("leak/a.json.gz").toString(), b = fixture("leak/b.json.gz").toString();
        assertKeyByKey(List.of("diff", a, b, "--top", "0"), List.of("gem", "location", "class", "type"));
        assertKeyByKey(List.of("diff", a, b, "--top", "5", "--sort", "count"), List.of("file", "method"));
    }

    @Test
    void jvmHistogramAndDiffOfSeveralKeysAreEachKeysAlone(@TempDir Path dir) throws IOException {
        Path before = dir.resolve("before.hprof"), after = dir.resolve("after.hprof");
        SelfDump.write(before);
        SelfDump.write(after);
        List<String> keys = List.of("class", "package", "loader", "kind");
        assertKeyByKey(List.of("histogram", before.toString(), "--top", "0"), keys);
        assertKeyByKey(List.of("diff", before.toString(), after.toString(), "--top", "20"), keys);
    }

    /** IMEMO objects did not grow between the leak fixtures, all objects grew by 4.4 MB: the gate follows the first key. */
    @Test
    void aKeyGivenTwiceIsOneTable() {
        String dump = fixture("rails_ish.json.gz").toString();
        for (List<String> command : List.of(List.of("histogram", dump), List.of("diff", dump, dump))) {
            List<String> twice = new java.util.ArrayList<>(command), once = new java.util.ArrayList<>(command);
            twice.addAll(List.of("--by", "class,gem,class", "--top", "3"));
            once.addAll(List.of("--by", "class,gem", "--top", "3"));
            Result a = run(twice.toArray(String[]::new)), b = run(once.toArray(String[]::new));
            assertThat(a.exitCode()).as(a.toString()).isZero();
            assertThat(a.out()).as(String.join(" ", twice)).isEqualTo(b.out());
        }
    }

    @Test
    void theGrowthGateOfSeveralKeysIsTheFirstKeys() {
        String a = fixture("leak/a.json.gz").toString(), b = fixture("leak/b.json.gz").toString();
        for (String keys : List.of("class,imemo", "imemo,class")) {
            Result all = run("diff", a, b, "--by", keys, "--fail-over", "100KB");
            Result first = run("diff", a, b, "--by", keys.split(",")[0], "--fail-over", "100KB");
            assertThat(all.exitCode()).as(keys).isEqualTo(first.exitCode());
            assertThat(all.err()).as(keys).isEqualTo(first.err());
        }
        assertThat(run("diff", a, b, "--by", "class,imemo", "--fail-over", "100KB").exitCode()).isEqualTo(3);
        assertThat(run("diff", a, b, "--by", "imemo,class", "--fail-over", "100KB").exitCode()).isZero();
    }

    /** Standard input can be read once only: several keys of it prove one read. */
    @Test
    void severalKeysOfStandardInputComeFromItsOneRead() throws IOException {
        Path dump = fixture("rails_ish.json.gz");
        Result fromStdin = runWithStdin(Files.readAllBytes(dump), "histogram", "-", "--by", "gem,class",
                "--format", "json");
        Result fromFile = run("histogram", dump.toString(), "--by", "gem,class", "--format", "json");
        assertThat(fromStdin.exitCode()).as(fromStdin.err()).isZero();
        JsonNode stdin = JSON.readTree(fromStdin.out()), file = JSON.readTree(fromFile.out());
        for (int i = 0; i < 2; i++) {
            assertThat(stdin.get("histograms").get(i).get("groups")).isEqualTo(file.get("histograms").get(i).get("groups"));
        }
    }

    @Test
    void aKeyOfTheOtherRuntimeIsRefusedInOneLine() {
        Result r = run("histogram", fixture("tiny.json.gz").toString(), "--by", "gem,package");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--by package is for JVM heap dumps").doesNotContain("Exception");
    }

    @Test
    void aKeyGivenTwiceIsShownOnce() {
        String dump = fixture("tiny.json.gz").toString();
        Result twice = run("histogram", dump, "--by", "gem,gem");
        assertThat(twice.out()).isEqualTo(run("histogram", dump, "--by", "gem").out());
    }

    /** Runs {@code command} with each key alone and with all of them, in every format, and compares. */
    private static void assertKeyByKey(List<String> command, List<String> keys) throws IOException {
        for (String format : List.of("table", "markdown", "json", "tsv", "csv")) {
            Result all = runWith(command, String.join(",", keys), format);
            List<Result> singles = new ArrayList<>();
            for (String key : keys) {
                singles.add(runWith(command, key, format));
            }
            String what = command.get(0) + " --format " + format;
            switch (format) {
                case "table" -> assertThat(all.out()).as(what).isEqualTo(join(singles, "", ""));
                case "markdown" -> assertThat(all.out()).as(what).isEqualTo(markdown(command.get(0), keys, singles));
                case "json" -> {
                    JsonNode array = JSON.readTree(all.out()).get(command.get(0).equals("diff") ? "diffs" : "histograms");
                    assertThat(array).as(what).hasSize(keys.size());
                    for (int i = 0; i < keys.size(); i++) {
                        assertThat(array.get(i)).as(what + " " + keys.get(i)).isEqualTo(JSON.readTree(singles.get(i).out()));
                    }
                }
                default -> {
                    String separator = format.equals("tsv") ? "\t" : ",";
                    assertThat(all.out()).as(what).isEqualTo(keyed(keys, singles, separator));
                    StringBuilder notes = new StringBuilder();
                    for (int i = 0; i < keys.size(); i++) {
                        notes.append(singles.get(i).err().replace("heaplens: total", "heaplens: by " + keys.get(i) + ", total"));
                    }
                    assertThat(all.err()).as(what).isEqualTo(notes.toString());
                }
            }
        }
    }

    private static Result runWith(List<String> command, String by, String format) {
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of("--by", by, "--format", format));
        Result r = run(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(args + "\n" + r.err()).isIn(0, 3);
        return r;
    }

    private static String join(List<Result> singles, String before, String after) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < singles.size(); i++) {
            s.append(i > 0 ? "\n" : "").append(before).append(singles.get(i).out()).append(after);
        }
        return s.toString();
    }

    private static String markdown(String command, List<String> keys, List<Result> singles) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            s.append(i > 0 ? "\n" : "").append("### ").append(command.equals("diff") ? "Change by " : "Objects by ")
                    .append(keys.get(i)).append("\n\n").append(singles.get(i).out());
        }
        return s.toString();
    }

    /** The records of CSV text: a newline inside quotes does not end one (tsv has no quotes: a line is a record). */
    private static List<String> records(String text) {
        List<String> records = new ArrayList<>();
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '\n' && !quoted) {
                records.add(text.substring(start, i));
                start = i + 1;
            }
        }
        return records;
    }

    /** One header (key, the single header with its last column named group), then each key's rows after its name. */
    private static String keyed(List<String> keys, List<Result> singles, String separator) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            String out = singles.get(i).out();
            List<String> records = separator.equals(",") ? records(out) : List.of(out.split("\n"));
            if (i == 0) {
                String header = records.get(0);
                s.append("key").append(separator).append(header, 0, header.lastIndexOf(separator) + 1)
                        .append("group\n");
            }
            for (String record : records.subList(1, records.size())) {
                s.append(keys.get(i)).append(separator).append(record).append('\n');
            }
        }
        return s.toString();
    }
}
