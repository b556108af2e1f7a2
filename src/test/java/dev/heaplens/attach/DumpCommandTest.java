package dev.heaplens.attach;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport;
import dev.heaplens.cli.CliTestSupport.Result;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * heaplens dump on real processes: a child JVM holding a known amount (the oracle: what it
 * allocated), dumped by its id, and top finds what holds it; then each refusal in one line.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DumpCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path dir;
    private final List<Process> started = new ArrayList<>();

    /** The child: {@link #ARRAYS} arrays of {@link #BYTES} bytes in one static list, then it waits. */
    public static final class LeakProbe {
        static final int ARRAYS = 2000;
        static final int BYTES = 8192;
        static final List<byte[]> HOARD = new ArrayList<>();

        public static void main(String[] args) throws InterruptedException {
            for (int i = 0; i < ARRAYS; i++) {
                HOARD.add(new byte[BYTES]);
            }
            System.out.println("ready");
            System.out.flush();
            Thread.sleep(120_000);
        }
    }

    @AfterEach
    void stopChildren() {
        started.forEach(Process::destroyForcibly);
    }

    private Process start(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        started.add(p);
        return p;
    }

    private Process probe(String... jvmOptions) throws IOException {
        List<String> command = new ArrayList<>(List.of(java(), "-XX:+UseSerialGC", "-Xmx256m"));
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), LeakProbe.class.getName()));
        Process p = start(command);
        String first = new BufferedReader(new InputStreamReader(p.getInputStream())).readLine();
        assertThat(first).isEqualTo("ready");
        return p;
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    @Test
    void aLiveJvmDumpedByItsIdAndTopFindsWhatItHolds() throws IOException {
        Process child = probe();
        Path file = dir.resolve("child.hprof");
        Result dumped = CliTestSupport.run("dump", Long.toString(child.pid()), "-o", file.toString());
        assertThat(dumped.exitCode()).as(dumped.toString()).isZero();
        assertThat(dumped.outLines()).hasSize(2);
        assertThat(dumped.outLines().get(0)).startsWith("Wrote " + file + " (").contains("live objects");
        assertThat(dumped.outLines().get(1)).isEqualTo("Next: heaplens top " + file);

        Result top = CliTestSupport.run("top", file.toString(), "--top=5", "--format=json");
        assertThat(top.exitCode()).as(top.toString()).isZero();
        long held = (long) LeakProbe.ARRAYS * LeakProbe.BYTES;
        boolean found = false;
        for (JsonNode o : JSON.readTree(top.out()).get("objects")) {
            if (o.get("class").asText().equals("java.util.ArrayList")) {
                long retained = o.get("retainedSize").asLong();
                assertThat(retained).as("the hoard and its arrays' headers").isBetween(held, held + held / 10);
                assertThat(o.get("retainedCount").asLong()).isGreaterThan(LeakProbe.ARRAYS);
                found = true;
            }
        }
        assertThat(found).as(top.out()).isTrue();
    }

    @Test
    void thenGoesStraightOnToTheNextCommand() throws IOException {
        Process child = probe();
        Path file = dir.resolve("then.hprof");
        Result r = CliTestSupport.run("dump", Long.toString(child.pid()), "-o", file.toString(), "--then", "top");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.errLines()).anyMatch(l -> l.startsWith("heaplens: Wrote " + file));
        assertThat(r.out()).startsWith("Largest retained sizes in " + file).contains("java.util.ArrayList");
        assertThat(CliTestSupport.run("dump", Long.toString(child.pid()), "--then", "histogram").errLines())
                .first().asString().startsWith("heaplens: --then takes top, summary");
    }

    @Test
    void eachRefusalIsOneLineWithExitTwo() throws Exception {
        Process gone = start(List.of("true"));
        gone.waitFor();
        assertRefused(CliTestSupport.run("dump", Long.toString(gone.pid())), "heaplens: no process with id " + gone.pid());

        Process sleeper = start(List.of("sleep", "60"));
        assertRefused(CliTestSupport.run("dump", Long.toString(sleeper.pid())),
                "heaplens: process " + sleeper.pid() + " (sleep) is not a Java VM (no libjvm in it)");

        Process closed = probe("-XX:+DisableAttachMechanism");
        Result refused = CliTestSupport.run("dump", Long.toString(closed.pid()), "-o", dir.resolve("no.hprof").toString());
        assertRefused(refused, "heaplens: process " + closed.pid() + " (java) refuses attach: ");
        assertThat(dir.resolve("no.hprof")).doesNotExist();

        Path exists = Files.writeString(dir.resolve("exists.hprof"), "x");
        assertRefused(CliTestSupport.run("dump", Long.toString(closed.pid()), "-o", exists.toString()),
                "heaplens: " + exists + ": already exists: name another file with -o");
    }

    /** Another user's JVM: heaplens run as nobody against this (root) user's child. */
    @Test
    void anotherUsersProcessIsRefusedSayingWhose() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")) && new File("/usr/bin/setpriv").canExecute(),
                "needs root and setpriv to run heaplens as another user");
        Process child = probe();
        // a class path nobody can read: heaplens's classes and picocli, copied into a world-readable place
        Path shared = Files.createTempDirectory(Path.of("/tmp"), "heaplens-nobody");
        try {
            List<String> classPath = new ArrayList<>();
            int i = 0;
            for (String part : System.getProperty("java.class.path").split(File.pathSeparator)) {
                if (part.contains("picocli") || part.endsWith("target/classes")) {
                    Path copy = shared.resolve("cp" + i++);
                    copyTree(Path.of(part), copy);
                    classPath.add(copy.toString());
                }
            }
            Process other = start(List.of("/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                    java(), "-cp", String.join(File.pathSeparator, classPath), "dev.heaplens.cli.Main", "dump",
                    Long.toString(child.pid()), "-o", "/tmp/never.hprof"));
            String output = new String(other.getInputStream().readAllBytes()).strip();
            assertThat(other.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(other.exitValue()).as(output).isEqualTo(2);
            assertThat(output).isEqualTo("heaplens: process " + child.pid() + " (java) belongs to user root, and heaplens"
                    + " runs as nobody: run it as that user (sudo -u root heaplens dump " + child.pid() + ")");
        } finally {
            new ProcessBuilder("rm", "-rf", shared.toString()).start().waitFor();
        }
    }

    private static void copyTree(Path from, Path to) throws IOException, InterruptedException {
        Process cp = new ProcessBuilder("sh", "-c", "cp -r \"$1\" \"$2\" && chmod -R a+rX \"$2\" \"$3\"", "sh",
                from.toString(), to.toString(), to.getParent().toString()).inheritIO().start();
        assertThat(cp.waitFor()).isZero();
    }

    private static void assertRefused(Result r, String firstLineStart) {
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
        assertThat(r.errLines()).as(r.toString()).hasSize(1);
        assertThat(r.errLines().get(0)).startsWith(firstLineStart);
        assertThat(r.out()).isEmpty();
    }
}
