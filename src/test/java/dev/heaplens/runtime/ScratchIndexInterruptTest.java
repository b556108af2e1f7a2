package dev.heaplens.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command stopped while it works out of core on a scratch index (SIGTERM, as Ctrl-C's SIGINT: both
 * run the JVM's shutdown hooks) leaves no scratch directory behind: a child JVM runs {@code top
 * --no-index --memory 1k} and is stopped as soon as its scratch directory appears.
 */
class ScratchIndexInterruptTest {
    @TempDir
    Path dir;
    @TempDir
    Path tmp;

    @Test
    void aStoppedCommandLeavesNoScratch() throws IOException, InterruptedException {
        Path dump = chain(dir.resolve("big.json"), 300_000);
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-Xmx256m", "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"),
                "dev.heaplens.cli.Main", "top", dump.toString(), "--no-index", "--memory", "1k", "--threads", "1")
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.out").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        boolean seen = false;
        while (!seen && child.isAlive() && System.nanoTime() < deadline) {
            seen = !left().isEmpty();
            Thread.sleep(seen ? 0 : 2);
        }
        assertThat(seen).as("the scratch directory appeared while the child worked: " + Files.readString(dir.resolve("child.out")))
                .isTrue();
        child.destroy(); // SIGTERM
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(left()).as("left after the stop").isEmpty();
    }

    /** A Ruby dump of {@code n} objects, a root holding the first, each holding the next two. */
    private static Path chain(Path file, int n) throws IOException {
        StringBuilder b = new StringBuilder("{\"type\":\"ROOT\", \"root\":\"vm\", \"references\":[\"0x1000\"]}\n");
        for (int i = 0; i < n; i++) {
            b.append(String.format("{\"address\":\"0x%x\", \"type\":\"OBJECT\", \"class\":\"0x10\", \"references\":[\"0x%x\", \"0x%x\"], \"memsize\":40}%n",
                    0x1000 + 40L * i, 0x1000 + 40L * ((i + 1) % n), 0x1000 + 40L * ((i + 2) % n)));
        }
        return Files.writeString(file, b);
    }

    private List<Path> left() throws IOException {
        try (Stream<Path> files = Files.list(tmp)) {
            return files.filter(p -> p.getFileName().toString().startsWith("heaplens-scratch-")).toList();
        }
    }
}
