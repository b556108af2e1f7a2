package dev.heaplens.fuzz;

import dev.heaplens.cli.CliTestSupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs heaplens on hostile input as a user would meet it, and checks the promises the README
 * makes for any input: exit 0, 2 or 3; no stack trace; no internal error; within a time bound.
 * {@link #inProcess} is fast and fits most inputs; {@link #child} runs a separate JVM with a
 * small heap, for inputs that try to make heaplens allocate what the file does not hold.
 */
public final class HostileRun {
    /** Exit codes heaplens may give any input: ok, bad input, growth over a limit. */
    public static final Set<Integer> ALLOWED_EXITS = Set.of(0, 2, 3);

    private HostileRun() {
    }

    /** What one run did. */
    public record Outcome(int exitCode, String out, String err, Duration took, boolean timedOut) {
        /** Fails unless heaplens held: an allowed exit, one clean error line at most, no trace, in time. */
        public Outcome assertHeld(String what) {
            assertThat(timedOut).as("%s: timed out after %s%n%s", what, took, this).isFalse();
            assertThat(ALLOWED_EXITS).as("%s: exit code%n%s", what, this).contains(exitCode);
            assertThat(err).as("%s: a stack trace or internal error on stderr%n%s", what, this)
                    .doesNotContain("\tat ", "Exception in thread", "internal error", "OutOfMemoryError",
                            "StackOverflowError");
            return this;
        }

        @Override
        public String toString() {
            return "exit " + exitCode + " in " + took.toMillis() + " ms" + (timedOut ? " (timed out)" : "")
                    + "\n--- stdout ---\n" + abbreviate(out) + "\n--- stderr ---\n" + abbreviate(err);
        }

        private static String abbreviate(String s) {
            return s.length() <= 2000 ? s : s.substring(0, 2000) + "... (" + s.length() + " chars)";
        }
    }

    /** Runs {@code heaplens args...} in this JVM (its heap is the test JVM's). */
    public static Outcome inProcess(String... args) {
        long start = System.nanoTime();
        CliTestSupport.Result r = CliTestSupport.run(args);
        return new Outcome(r.exitCode(), r.out(), r.err(), Duration.ofNanos(System.nanoTime() - start), false);
    }

    /**
     * Runs {@code heaplens args...} in a child JVM with {@code -Xmx<maxHeapMb>m}, killed after
     * {@code limit}. An OutOfMemoryError there shows on its stderr instead of killing the tests.
     */
    public static Outcome child(Duration limit, int maxHeapMb, String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + maxHeapMb + "m", "-XX:+UseSerialGC", "-Xss8m", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), "dev.heaplens.cli.Main"));
        command.addAll(List.of(args));
        long start = System.nanoTime();
        try {
            Path out = java.nio.file.Files.createTempFile("heaplens-hostile", ".out");
            Path err = java.nio.file.Files.createTempFile("heaplens-hostile", ".err");
            try {
                Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
                boolean ended = p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
                if (!ended) {
                    p.destroyForcibly().waitFor();
                }
                return new Outcome(ended ? p.exitValue() : -1, read(out), read(err),
                        Duration.ofNanos(System.nanoTime() - start), !ended);
            } finally {
                java.nio.file.Files.deleteIfExists(out);
                java.nio.file.Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String read(Path file) throws IOException {
        return java.nio.file.Files.readString(file, StandardCharsets.UTF_8);
    }
}
