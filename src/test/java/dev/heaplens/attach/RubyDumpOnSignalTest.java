package dev.heaplens.attach;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * collectors/heap_dump_on_signal.rb in the system Ruby: a process holding a known number of
 * objects (the oracle: ObjectSpace.each_object's count, printed by the process itself) gets
 * SIGUSR2, writes a dump, and heaplens counts the same objects, at the line that made them.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RubyDumpOnSignalTest {
    private static final Path COLLECTOR = Path.of("collectors/heap_dump_on_signal.rb").toAbsolutePath();

    @Test
    void sigusr2WritesADumpHeaplensReads(@TempDir Path dir) throws Exception {
        assumeTrue(onPath("ruby") && onPath("kill"), "no ruby on PATH: the collector is not tried");
        Path script = Files.writeString(dir.resolve("probe.rb"), """
                class HoardItem; def initialize(i) = @i = i; end
                $hoard = Array.new(3000) { |i| HoardItem.new(i) }
                puts "ready #{ObjectSpace.each_object(HoardItem).count}"; $stdout.flush
                sleep 60
                """);
        ProcessBuilder pb = new ProcessBuilder("ruby", "-r" + COLLECTOR, script.toString()).redirectError(dir.resolve("err").toFile());
        pb.environment().put("HEAP_DUMP_DIR", dir.toString());
        pb.environment().put("HEAP_DUMP_TRACE", "1");
        Process ruby = pb.start();
        try {
            String ready = new BufferedReader(new InputStreamReader(ruby.getInputStream())).readLine();
            assertThat(ready).as("Ruby 3.0+ (endless methods)").startsWith("ready ");
            long expected = Long.parseLong(ready.substring("ready ".length()));
            assertThat(expected).isEqualTo(3000);
            assertThat(new ProcessBuilder("kill", "-USR2", Long.toString(ruby.pid())).start().waitFor()).isZero();
            Path dump = awaitDump(dir);
            assertThat(Files.readString(dir.resolve("err"))).contains("heap_dump_on_signal: wrote " + dump);

            JsonNode byClass = histogram(dump, "class");
            assertThat(count(byClass, "HoardItem")).isEqualTo(expected);
            assertThat(count(histogram(dump, "location"), script + ":2")).as("traced allocations").isGreaterThanOrEqualTo(expected);
        } finally {
            ruby.destroyForcibly();
        }
    }

    private static Path awaitDump(Path dir) throws IOException, InterruptedException {
        for (int i = 0; i < 300; i++) {
            try (Stream<Path> files = Files.list(dir)) {
                List<Path> dumps = files.filter(p -> p.getFileName().toString().matches("heap-\\d+-.*\\.json")).toList();
                if (!dumps.isEmpty()) {
                    return dumps.get(0);
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no dump in " + dir + " after 30 s: " + Files.readString(dir.resolve("err")));
    }

    private static JsonNode histogram(Path dump, String by) throws IOException {
        CliTestSupport.Result r = CliTestSupport.run("histogram", dump.toString(), "--by=" + by, "--top=0", "--format=json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    private static long count(JsonNode histogram, String key) {
        for (JsonNode g : histogram.get("groups")) {
            if (g.get("key").asText().equals(key)) {
                return g.get("count").asLong();
            }
        }
        throw new AssertionError("no group " + key);
    }

    private static boolean onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
