package dev.heaplens.memprof;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one of the test programs in a child JVM under the agent jar the build just made
 * (failsafe passes its path as {@code memprof.agentJar}), with only the test classes on the
 * class path: the profiler's classes come from the agent jar, as they would for a user.
 */
final class ChildJvm {
    static final Path AGENT = Path.of(System.getProperty("memprof.agentJar", "target/heaplens-memprof.jar"));
    private static final Path TEST_CLASSES = Path.of("target/test-classes");
    private static final long TIMEOUT_SECONDS = 60;

    record Result(int exitCode, String out, String err) {
        List<String> outLines() {
            return List.of(out.split("\n"));
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout ---\n" + out + "\n--- stderr ---\n" + err;
        }
    }

    private ChildJvm() {
    }

    /** {@code java -javaagent:AGENT jvmOptions... -cp test-classes main args...}. */
    static Result runWithAgent(Class<?> main, List<String> jvmOptions, String... args) {
        List<String> options = new ArrayList<>();
        options.add("-javaagent:" + AGENT.toAbsolutePath());
        options.addAll(jvmOptions);
        return run(main, options, TEST_CLASSES.toString(), args);
    }

    static Result run(Class<?> main, List<String> jvmOptions, String classPath, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        command.add("-XX:TieredStopAtLevel=1");
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classPath);
        command.add(main.getName());
        command.addAll(List.of(args));
        try {
            Path out = Files.createTempFile("memprof-child", ".out");
            Path err = Files.createTempFile("memprof-child", ".err");
            try {
                Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
                if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor();
                    throw new AssertionError("child JVM did not finish in " + TIMEOUT_SECONDS + " s (deadlock?): "
                            + command + "\n" + Files.readString(out) + "\n" + Files.readString(err));
                }
                return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new AssertionError("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** The line of {@code program}'s source that carries {@code // site: name}, for expected frames. */
    static int siteLine(Class<?> program, String name) {
        Path source = Path.of("memprof/src/test/java", program.getName().replace('.', '/') + ".java");
        try {
            List<String> lines = Files.readAllLines(source);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains("// site: " + name)) {
                    return i + 1;
                }
            }
        } catch (IOException e) {
            throw new AssertionError("cannot read " + source, e);
        }
        throw new AssertionError("no '// site: " + name + "' in " + source);
    }

    /** The frame {@code Class.method(File.java:line)} of a site marked in the program's source. */
    static String siteFrame(Class<?> program, String method, String site) {
        return program.getName() + "." + method + "(" + program.getSimpleName() + ".java:" + siteLine(program, site) + ")";
    }
}
