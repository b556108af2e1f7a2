package dev.heaplens.cli;

import dev.heaplens.cli.CliTestSupport.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.heaplens.cli.CliTestSupport.run;
import static dev.heaplens.cli.CliTestSupport.writeDump;
import static dev.heaplens.cli.CliTestSupport.writeGzipDump;
import static dev.heaplens.cli.CliTestSupport.writeText;
import static org.assertj.core.api.Assertions.assertThat;

/** Help that is true and errors that name the fix: what a user meets in the first hour (issue 27). */
class FirstHourCliTest {
    /** Every command the build has, as Main lists them in help. */
    private static final List<String> COMMANDS = Main.COMMANDS;

    @TempDir
    Path dir;

    private static Result ok(String... args) {
        Result r = run(args);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return r;
    }

    /** The command's {@code @Command} annotation as picocli reads it. */
    private static CommandLine.Model.UsageMessageSpec usage(String command) {
        return CommandLine.Model.CommandSpec.forAnnotatedObject(commandObject(command)).usageMessage();
    }

    private static Object commandObject(String command) {
        return Main.command(command, Console.system());
    }

    @Test
    void versionIsThePomsVersion() throws IOException {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher m = Pattern.compile("<artifactId>heaplens</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
        assertThat(m.find()).isTrue();
        assertThat(ok("--version").out().strip()).isEqualTo("heaplens " + m.group(1));
    }

    @Test
    void everyCommandIsListedWithAWholeSentence() {
        String help = ok("--help").out().replaceAll("\\s+", " ");
        for (String command : COMMANDS) {
            String first = usage(command).description()[0];
            assertThat(first).as(command).endsWith(".");
            assertThat(help).as(command).contains(command + " " + first);
        }
    }

    static List<String> commands() {
        return COMMANDS;
    }

    @ParameterizedTest
    @MethodSource("commands")
    void examplesAreNeverWrapped(String command) {
        List<String> lines = ok(command, "--help").outLines();
        for (String line : usage(command).footer()) {
            if (line.startsWith("  ")) {
                assertThat(lines).as(command).contains(line);
            }
        }
    }

    @Test
    void optionsAreShownOnlyWhereTheyDoSomething() {
        for (String streaming : List.of("histogram", "diff", "strings")) {
            assertThat(ok(streaming, "--help").out()).as(streaming).doesNotContain("--no-index", "--index-dir");
        }
        assertThat(ok("strings", "--help").out()).doesNotContain("--threads");
        for (String graph : List.of("summary", "top", "retained", "object", "paths", "graph", "leaks", "serve", "report")) {
            assertThat(ok(graph, "--help").out()).as(graph).contains("--no-index", "--index-dir", "--threads");
        }
    }

    @Test
    void anUnknownCommandNamesTheNearest() {
        Result r = run("summry", "heap.json");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines().get(0)).isEqualTo(
                "heaplens: unknown command 'summry'; the nearest is 'summary' (`heaplens --help` lists them all)");
        assertThat(run("histogrma").errLines().get(0)).contains("the nearest is 'histogram'");
    }

    @Test
    void aDumpWithoutACommandIsToldTheOrder() {
        Path dump = writeDump(dir, "heap.json", "{\"address\":\"0x1\", \"type\":\"STRING\", \"memsize\":40}");
        Result r = run(dump.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines().get(0)).contains("a command comes first", "heaplens summary " + dump);
    }

    @Test
    void leaksWithTwoDumpsPointsToDiff() {
        Result r = run("leaks", "--by", "class", "a.json", "b.json");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines().get(0)).contains("three dumps", "`heaplens diff BEFORE AFTER`");
    }

    @Test
    void aPortOutOfRangeIsAUsageError() {
        Result r = run("serve", "--port", "99999", "heap.json");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines().get(0)).isEqualTo(
                "heaplens: Invalid value for option '--port': '99999' is not a port; give 1 to 65535, or 0 for a free one");
        assertThat(run("serve", "--port", "-1", "heap.json").exitCode()).isEqualTo(2);
    }

    @Test
    void aTakenPortPointsToPortZero() throws IOException {
        Path dump = writeDump(dir, "heap.json", "{\"address\":\"0x1\", \"type\":\"STRING\", \"memsize\":40}");
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Result r = run("serve", "--no-progress", "--port", Integer.toString(taken.getLocalPort()), dump.toString());
            assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
            assertThat(r.errLines()).as(r.toString()).hasSize(1);
            assertThat(r.err()).contains("--port 0 picks a free port");
        }
    }

    @Test
    void gcDataAndAllocationLogsNameTheirCommand() {
        Path unified = writeText(dir, "gc.log", "[0.010s][info][gc] Using G1\n"
                + "[0.512s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->3M(256M) 2.104ms\n");
        Path jdk8 = writeText(dir, "gc8.log", "OpenJDK 64-Bit Server VM (25.412-b08) for linux-amd64 JRE\n"
                + "CommandLine flags: -XX:+PrintGCDetails\n0.301: [GC (Allocation Failure) 512K->400K(1M), 0.001 secs]\n");
        Path stat = writeText(dir, "gc.jsonl", "{\"count\":4,\"time\":12,\"heap_live_slots\":40000}\n");
        Path inspect = writeText(dir, "gc.txt", "{:count=>4, :time=>12}\n");
        Path memprof = writeText(dir, "alloc.tsv", "1\n3\t120\tFoo.bar(Foo.java:3)\n");
        for (Path gc : List.of(unified, jdk8)) {
            Result r = run("summary", gc.toString());
            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.errLines()).containsExactly(
                    "heaplens: " + gc + ": this is a JVM GC log, not a heap dump: read it with `heaplens gc`");
        }
        for (Path gc : List.of(stat, inspect)) {
            assertThat(run("histogram", gc.toString()).errLines()).containsExactly(
                    "heaplens: " + gc + ": this is a Ruby GC.stat series, not a heap dump: read it with `heaplens gc`");
        }
        assertThat(run("top", memprof.toString()).errLines()).containsExactly("heaplens: " + memprof
                + ": this is an allocation log of heaplens-memprof, not a heap dump: read it with `heaplens memprof`");
        // and the commands that read them still do
        assertThat(ok("gc", unified.toString()).out()).isNotEmpty();
        assertThat(ok("memprof", memprof.toString()).out()).contains("Foo.bar");
    }

    @Test
    void aHeapDumpGivenToGcOrMemprofNamesTheDumpCommands() {
        Path ruby = writeGzipDump(dir, "heap.json.gz", "{\"address\":\"0x1\", \"type\":\"STRING\", \"memsize\":40}");
        for (String command : List.of("gc", "memprof")) {
            Result r = run(command, ruby.toString());
            assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
            assertThat(r.errLines()).as(command).hasSize(1);
            assertThat(r.errLines().get(0)).as(command).startsWith("heaplens: " + ruby + ": this is a Ruby ObjectSpace.dump_all dump")
                    .contains("`heaplens suspects`");
        }
    }

    @Test
    void sqlWithoutAQueryShowsWhereItGoes() {
        assertThat(usageError("sql", "heap.json.gz"))
                .isEqualTo("heaplens: sql needs the dumps, then a query, last: `heaplens sql DUMP \"SELECT count(*) FROM objects\"`");
        Result help = run("sql", "--help", "heap.json.gz"); // help asked with a dump named: the help, not an error
        assertThat(help.exitCode()).as(help.toString()).isZero();
        assertThat(help.out()).startsWith("Usage: heaplens sql");
    }

    @Test
    void aMissingAddressPointsToTop() {
        for (String command : List.of("paths", "object")) {
            assertThat(usageError(command, "heap.json.gz")).as(command).isEqualTo("heaplens: " + command
                    + " needs an object's address after the dump: `heaplens top DUMP` lists the biggest, then `heaplens "
                    + command + " DUMP 0x7f...`");
        }
    }

    @Test
    void aReportToADirectoryThatIsNotThereFailsBeforeReading() {
        assertThat(usageError("report", "no-such-dump.json", "-o", dir.resolve("gone/r.html").toString()))
                .isEqualTo("heaplens: cannot write " + dir.resolve("gone/r.html") + ": there is no directory " + dir.resolve("gone"));
    }

    /** The first line of a run that must fail as bad usage (exit 2). */
    private static String usageError(String... args) {
        Result r = run(args);
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
        return r.errLines().get(0);
    }
}
