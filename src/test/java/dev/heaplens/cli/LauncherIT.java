package dev.heaplens.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ./heaplens launcher's start-up archive, on a copy of the launcher, the packaged jar and the
 * sample (so the archive is this test's own): made once, used (the JVM's class-loading log says
 * where Main came from), made again when the jar changes or the archive is damaged, and a failure
 * to make it costs one line once and never the command. Runs after {@code package}.
 */
class LauncherIT {
    private static final Path REPO = Path.of("").toAbsolutePath();
    private static final String MAKING = "heaplens: making the start-up archive";

    @TempDir
    Path home;

    private record Run(int exitCode, String out, String err) {
    }

    @Test
    void theArchiveIsMadeOnceUsedAndRemadeWhenItsJarOrItselfChanges() throws Exception {
        Path jar = install();
        Path archive = home.resolve("target/heaplens.jsa");

        Run first = launch(Map.of(), "--version");
        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(first.out()).startsWith("heaplens ");
        assertThat(first.err()).startsWith(MAKING);
        assertThat(archive).isRegularFile();

        Path classLog = home.resolve("classes.log");
        Run second = launch(Map.of("HEAPLENS_JAVA_OPTS", "-Xlog:class+load:file=" + classLog), "--version");
        assertThat(second.err()).isEmpty();
        assertThat(Files.readString(classLog)).contains("dev.heaplens.cli.Main source: shared objects file");

        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(3600))); // a new build
        Run rebuilt = launch(Map.of(), "--version");
        assertThat(rebuilt.err()).startsWith(MAKING);
        assertThat(launch(Map.of(), "--version").err()).isEmpty();

        Files.write(archive, new byte[4096]); // damaged: the JVM would refuse it, or worse, crash on it
        Run damaged = launch(Map.of(), "--version");
        assertThat(damaged.exitCode()).isZero();
        assertThat(damaged.err()).startsWith(MAKING);
        assertThat(Files.size(archive)).isGreaterThan(1 << 20);
    }

    /**
     * With a java of release 25 or later first on the PATH (HEAPLENS_TEST_JDK25, else Temurin 25 where
     * Debian puts it; skipped when neither is there), the launcher makes an ahead-of-time cache
     * (heaplens.aot, JEP 483/514) instead of the AppCDS archive, and the JVM's class-loading log says
     * heaplens' classes came from it.
     */
    @Test
    void onJdk25TheArchiveIsAnAheadOfTimeCache() throws Exception {
        Path jdk = Path.of(System.getenv().getOrDefault("HEAPLENS_TEST_JDK25", "/usr/lib/jvm/temurin-25-jdk-amd64"));
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(jdk.resolve("bin/java")), "no JDK 25 at " + jdk);
        install();
        Map<String, String> path = Map.of("PATH", jdk.resolve("bin") + ":" + System.getenv("PATH"));
        Run first = launch(path, "--version");
        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(first.err()).startsWith(MAKING + " " + home.resolve("target/heaplens.aot"));
        assertThat(home.resolve("target/heaplens.aot")).isRegularFile();
        assertThat(home.resolve("target/heaplens.jsa")).doesNotExist();

        Path classLog = home.resolve("classes.log");
        Map<String, String> logged = new java.util.HashMap<>(path);
        logged.put("HEAPLENS_JAVA_OPTS", "-Xlog:class+load:file=" + classLog);
        Run second = launch(logged, "histogram", home.resolve("samples/rails-ish.json.gz").toString(), "--top", "1");
        assertThat(second.exitCode()).as(second.err()).isZero();
        assertThat(second.err()).isEmpty();
        assertThat(Files.readString(classLog)).contains("dev.heaplens.format.ruby.RubyDumpReader source: shared objects file");
    }

    @Test
    void aFailureToMakeTheArchiveIsOneLineOnceAndNeverStopsTheCommand() throws Exception {
        install();
        Files.write(home.resolve("samples/rails-ish.json.gz"), new byte[] {1, 2, 3}); // training fails on it
        Run failed = launch(Map.of(), "--version");
        assertThat(failed.exitCode()).isZero();
        assertThat(failed.out()).startsWith("heaplens ");
        assertThat(failed.err().lines()).containsExactly(MAKING + " " + home.resolve("target/heaplens.jsa")
                        + " (once per build, a few seconds)...",
                "heaplens: could not make the start-up archive (see " + home.resolve("target/heaplens.jsa.log")
                        + "); running without it");
        Run again = launch(Map.of(), "--version");
        assertThat(again.exitCode()).isZero();
        assertThat(again.err()).isEmpty();
        assertThat(home.resolve("target/heaplens.jsa")).doesNotExist();
    }

    @Test
    void noArchiveWhenSwitchedOff() throws Exception {
        install();
        Run off = launch(Map.of("HEAPLENS_CDS", "0"), "--version");
        assertThat(off.exitCode()).isZero();
        assertThat(off.err()).isEmpty();
        assertThat(home.resolve("target/heaplens.jsa")).doesNotExist();
    }

    @Test
    void aGraphCommandsHeapIsNeverBelowTheJvmsDefaultsNorAboveTheMachinesCeiling() throws Exception {
        install();
        Map<String, String> flags = Map.of("HEAPLENS_CDS", "0", "HEAPLENS_JAVA_OPTS", "-XX:+PrintCommandLineFlags");
        Map<String, Long> defaults = heapFlags(launch(flags, "histogram", "--help")); // the JVM's own choice
        Map<String, Long> small = heapFlags(launch(flags, "top", "--help", home.resolve("samples/rails-ish.json.gz").toString()));
        assertThat(small.get("InitialHeapSize")).isGreaterThanOrEqualTo(defaults.get("InitialHeapSize"));
        assertThat(small.get("MaxHeapSize")).isGreaterThanOrEqualTo(defaults.get("MaxHeapSize"));
        // a graph's objects live to the end: the heap grows only to 20% free after a full collection
        assertThat(small.get("MinHeapFreeRatio")).isEqualTo(20L);
        assertThat(defaults).doesNotContainKey("MinHeapFreeRatio");

        // a 64 GB HPROF dump (sparse) needs more than the machine has: the heap is its ceiling
        Path huge = home.resolve("huge.hprof");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.write("JAVA PROFILE 1.0.2".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            f.setLength(64L << 30);
        }
        Map<String, Long> big = heapFlags(launch(flags, "top", "--help", huge.toString()));
        long memTotal = Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal:"))
                .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")) * 1024).findFirst().orElseThrow();
        assertThat(big.get("MaxHeapSize")).isLessThanOrEqualTo(memTotal * 3 / 4)
                .isGreaterThan(defaults.get("MaxHeapSize"));
        assertThat(big.get("InitialHeapSize")).isEqualTo(big.get("MaxHeapSize"));

        Map<String, Long> given = heapFlags(launch(Map.of("HEAPLENS_CDS", "0", "HEAPLENS_MAX_HEAP", "300m",
                "HEAPLENS_JAVA_OPTS", "-XX:+PrintCommandLineFlags"), "top", "--help", huge.toString()));
        assertThat(given.get("MaxHeapSize")).isEqualTo(300L << 20);
        assertThat(given.get("MaxNewSize")).isLessThanOrEqualTo(75L << 20); // the young generation fits
    }

    @Test
    void everyGraphCommandIsSizedForItsDumpEvenThroughALink() throws Exception {
        install();
        Map<String, String> flags = Map.of("HEAPLENS_CDS", "0", "HEAPLENS_JAVA_OPTS", "-XX:+PrintCommandLineFlags");
        Path dump = home.resolve("big.hprof");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(dump.toFile(), "rw")) {
            f.write("JAVA PROFILE 1.0.2".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            f.setLength(1L << 30);
        }
        Path link = Files.createSymbolicLink(home.resolve("link.hprof"), dump);
        Map<String, Long> top = heapFlags(launch(flags, "top", "--help", dump.toString()));
        Map<String, Long> defaults = heapFlags(launch(flags, "histogram", "--help", dump.toString()));
        assertThat(top.get("InitialHeapSize")).as("a 1 GB dump's graph").isGreaterThan(defaults.get("InitialHeapSize"));
        // sized by the file a link names (stat of the link itself gave 60 bytes, so the JVM's defaults)
        for (String command : List.of("top", "suspects", "threads", "export", "sql", "mcp")) {
            Map<String, Long> sized = heapFlags(command.equals("sql") // its query last, or its usage error
                    ? launch(flags, command, "--help", link.toString(), "SELECT 1") : launch(flags, command, "--help", link.toString()));
            assertThat(sized.get("InitialHeapSize")).as(command).isEqualTo(top.get("InitialHeapSize"));
            assertThat(sized.get("MaxHeapSize")).as(command).isEqualTo(top.get("MaxHeapSize"));
        }
    }

    @Test
    void leaksIsSizedForOneGraphAndTheOthersIdentities() throws Exception {
        install();
        Map<String, String> flags = Map.of("HEAPLENS_CDS", "0", "HEAPLENS_JAVA_OPTS", "-XX:+PrintCommandLineFlags");
        List<String> dumps = new ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            Path dump = home.resolve(name + ".hprof");
            try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(dump.toFile(), "rw")) {
                f.write("JAVA PROFILE 1.0.2".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                f.setLength(1L << 30);
            }
            dumps.add(dump.toString());
        }
        long oneGraph = heapFlags(launch(flags, "top", "--help", dumps.get(2))).get("InitialHeapSize");
        List<String> args = new ArrayList<>(List.of("leaks", "--help"));
        args.addAll(dumps);
        long leaks = heapFlags(launch(flags, args.toArray(String[]::new))).get("InitialHeapSize");
        // the last dump's graph and two fifths of a graph for the others' identities, not three graphs
        assertThat(leaks).isGreaterThan(oneGraph).isLessThan(oneGraph * 3 / 2);
    }

    /** The JVM's heap flags as -XX:+PrintCommandLineFlags printed them (the first line of stdout). */
    private static Map<String, Long> heapFlags(Run run) {
        assertThat(run.exitCode()).as(run.err()).isZero();
        Map<String, Long> flags = new java.util.HashMap<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("-XX:(\\w+)=(\\d+)").matcher(run.out().lines().findFirst().orElse(""));
        while (m.find()) {
            flags.put(m.group(1), Long.parseLong(m.group(2)));
        }
        assertThat(flags).containsKeys("InitialHeapSize", "MaxHeapSize");
        return flags;
    }

    /** The launcher, the packaged jar and the sample, laid out as in the repository; returns the jar. */
    private Path install() throws IOException {
        Files.createDirectories(home.resolve("target"));
        Files.createDirectories(home.resolve("samples"));
        Files.copy(REPO.resolve("heaplens"), home.resolve("heaplens"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(REPO.resolve("samples/rails-ish.json.gz"), home.resolve("samples/rails-ish.json.gz"));
        return Files.copy(REPO.resolve("target/heaplens.jar"), home.resolve("target/heaplens.jar"));
    }

    private Run launch(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(home.resolve("heaplens").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectOutput(home.resolve("out.txt").toFile()).redirectError(home.resolve("err.txt").toFile());
        builder.environment().remove("HEAPLENS_JAVA_OPTS");
        builder.environment().remove("HEAPLENS_CDS");
        builder.environment().putAll(env);
        Process p = builder.start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("launcher finished").isTrue();
        return new Run(p.exitValue(), Files.readString(home.resolve("out.txt")), Files.readString(home.resolve("err.txt")));
    }
}
