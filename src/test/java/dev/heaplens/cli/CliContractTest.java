package dev.heaplens.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static dev.heaplens.cli.CliTestSupport.Result;
import static dev.heaplens.cli.CliTestSupport.run;
import static dev.heaplens.cli.CliTestSupport.writeDump;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** What holds for every command: the layer rule of cli/, option checks, and output that cannot be lost. */
class CliContractTest {
    private static final Path CLI_SOURCES = Path.of("src/main/java/dev/heaplens/cli");
    /** cli/ speaks to dev.heaplens.runtime, never to a format reader or a runtime's own analyses. */
    private static final Pattern FORBIDDEN = Pattern.compile(
            "dev\\.heaplens\\.(format(\\.[\\w.]+)?|analysis\\.ruby(\\.[\\w.]+)?|analysis\\.jvm(\\.[\\w.]+)?)\\b");

    @TempDir
    Path dir;

    @Test
    void noCliFileNamesAFormatReaderOrARuntimesOwnAnalyses() throws IOException {
        List<Path> sources;
        try (Stream<Path> files = Files.list(CLI_SOURCES)) {
            sources = files.filter(p -> p.toString().endsWith(".java")).toList();
        }
        assertThat(sources).hasSizeGreaterThan(10);
        for (Path source : sources) {
            String text = Files.readString(source);
            Matcher m = FORBIDDEN.matcher(text);
            while (m.find()) {
                assertThat(m.group()).as(source + " names a format or a runtime's own package").isNull();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"histogram --top -1", "top --top -5", "retained --top -1", "strings --top -2",
            "graph --class Foo --level -1", "graph --class Foo --limit -3", "histogram --threads 0",
            "top --threads -2", "diff --fail-over-pct NaN", "diff --fail-over-pct Infinity",
            "diff --fail-over-pct 1e999", "diff --fail-over-pct -5", "leaks --fail-over-pct -0.5",
            "object 0x1 --neighbours -1", "paths 0x1 --max -1", "histogram --top x"})
    void badOptionValuesAreRefusedInOneLineWithExit2(String command) {
        List<String> args = new java.util.ArrayList<>(List.of(command.split(" ")));
        int dumps = args.get(0).equals("diff") ? 2 : args.get(0).equals("leaks") ? 3 : 1;
        for (int i = 0; i < dumps; i++) {
            args.add(1, "heap" + i + ".json");
        }
        Result r = run(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.errLines()).as(r.toString()).hasSize(2);
        assertThat(r.errLines().get(0)).startsWith("heaplens: Invalid value for option '--").doesNotContain("Exception");
        assertThat(r.errLines().get(1)).startsWith("Try 'heaplens ");
    }

    @Test
    void enumOptionsAreReadAndShownInLowerCaseWithoutARegistry() {
        // SortOrder has no toString of its own: help shows its default in lower case all the same
        for (String command : List.of("histogram", "diff")) {
            Result help = run(command, "--help");
            assertThat(help.exitCode()).isZero();
            assertThat(help.out()).contains("(default: bytes)").contains("(default: class)").contains("(default: table)")
                    .doesNotContain("(default: BYTES)");
        }
        Result bad = run("histogram", "heap.json", "--sort", "nope");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.errLines().get(0)).isEqualTo(
                "heaplens: Invalid value for option '--sort': expected one of bytes, count but was 'nope'");
    }

    @Test
    void zeroIsStillAllowedWhereItMeansAll() {
        Path dump = writeDump(dir, "heap.json", "{\"address\":\"0x1\", \"type\":\"STRING\", \"memsize\":40}");
        Result r = run("histogram", dump.toString(), "--top", "0", "--format", "tsv");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.outLines()).hasSize(2);
    }

    @Test
    void aFullDiskFailsTheCommandInOneLine() throws IOException {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.isWritable(full), "/dev/full is not available here");
        Result r = runWithOut(new FileOutputStream(full.toFile()));
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
        assertThat(r.errLines()).as(r.toString()).containsExactly("heaplens: cannot write output: No space left on device");
    }

    @Test
    void aClosedStdoutFailsTheCommandInOneLine() {
        OutputStream closed = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Stream closed");
            }
        };
        Result r = runWithOut(closed);
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
        assertThat(r.errLines()).as(r.toString()).containsExactly("heaplens: cannot write output: Stream closed");
    }

    @Test
    void aFailingStderrFailsTheCommandToo() {
        Path dump = writeDump(dir, "heap.json", "{\"address\":\"0x1\", \"type\":\"STRING\", \"memsize\":40}");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OutputStream closed = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Stream closed");
            }
        };
        // tsv writes its totals on stderr
        int code = Main.run(new Console(new ByteArrayInputStream(new byte[0]), new CheckedPrintStream(out, false),
                new CheckedPrintStream(closed, true), false), "histogram", dump.toString(), "--format", "tsv");
        assertThat(code).isEqualTo(2);
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("count\tbytes\tclass\n");
    }

    /** The real process: Console.system()'s buffered stdout, and System.exit with Main's code. */
    @ParameterizedTest
    @ValueSource(strings = {"> /dev/full", ">&-"})
    void theLauncherFailsWhenItsStdoutFails(String redirect) throws Exception {
        assumeTrue(Files.isWritable(Path.of("/dev/full")) && Files.isExecutable(Path.of("/bin/sh")));
        Path dump = writeDump(dir, "heap.json", "{\"address\":\"0x1\", \"type\":\"STRING\", \"memsize\":40}");
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = "exec '" + javaBin + "' -XX:TieredStopAtLevel=1 -cp '" + System.getProperty("java.class.path")
                + "' dev.heaplens.cli.Main histogram '" + dump + "' " + redirect;
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder("/bin/sh", "-c", command).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        assertThat(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        List<String> errLines = Files.readAllLines(err);
        assertThat(p.exitValue()).as(String.join("\n", errLines)).isEqualTo(2);
        assertThat(errLines).singleElement().asString().startsWith("heaplens: cannot write output: ");
    }

    private Result runWithOut(OutputStream target) {
        Path dump = writeDump(dir, "heap.json", "{\"address\":\"0x1\", \"type\":\"STRING\", \"memsize\":40}");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream out = new CheckedPrintStream(target, false);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.run(new Console(new ByteArrayInputStream(new byte[0]), out, e, false), "histogram", dump.toString());
        }
        return new Result(code, "", err.toString(StandardCharsets.UTF_8));
    }
}
