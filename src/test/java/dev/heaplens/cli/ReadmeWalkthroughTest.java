package dev.heaplens.cli;

import dev.heaplens.cli.CliTestSupport.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's five-minute walk-through runs as written: each {@code $ ./heaplens ...} block of
 * that section is run, and its output must be the block's text. The Ruby commands read the
 * bundled sample; the JVM's dumps are made by {@code CacheApp} in a child JVM, and there only
 * the addresses, the hash table's slot, and the byte[] row and the total (the JVM allocates some
 * of its own between dumps), which change from run to run, are masked.
 */
class ReadmeWalkthroughTest {
    private static final String SECTION = "## Five minutes";

    @TempDir
    Path dir;

    /** The section's example blocks: the command line, then the output. */
    private static List<List<String>> blocks() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int start = readme.indexOf(SECTION);
        assertThat(start).as("README has the walk-through").isNotNegative();
        String section = readme.substring(start, readme.indexOf("\n## ", start + 1));
        List<List<String>> blocks = new ArrayList<>();
        List<String> current = null;
        for (String line : section.split("\n")) {
            if (line.startsWith("```")) {
                if (current != null && !current.isEmpty() && current.get(0).startsWith("$ ./heaplens ")) {
                    blocks.add(current);
                }
                current = current == null ? new ArrayList<>() : null;
            } else if (current != null) {
                current.add(line);
            }
        }
        return blocks;
    }

    private static String masked(String text) {
        return text.replaceAll("0x[0-9a-f]+", "0x...").replaceAll("\\(\\[\\d+\\]\\)", "([n])")
                // the JVM allocates a few byte[] (and other objects) of its own between dumps
                .replaceAll("(?m)^.* TOTAL \\(", "... TOTAL (").replaceAll("(?m)^[\\d,]+ .* byte\\[\\]$", "... byte[]");
    }

    @Test
    void everyWalkThroughCommandPrintsWhatTheReadmeShows() throws Exception {
        makeJvmDumps();
        List<List<String>> blocks = blocks();
        assertThat(blocks).hasSizeGreaterThanOrEqualTo(3);
        for (List<String> block : blocks) {
            List<String> args = new ArrayList<>(List.of(block.get(0).substring("$ ./heaplens ".length()).split(" ")));
            boolean jvm = args.stream().anyMatch(a -> a.endsWith(".hprof"));
            if (jvm) {
                args.replaceAll(a -> a.endsWith(".hprof") ? dir.resolve(a).toString() : a);
            }
            Result r = CliTestSupport.run(args.toArray(String[]::new));
            assertThat(r.exitCode()).as(r.toString()).isZero();
            String expected = String.join("\n", block.subList(1, block.size())) + "\n";
            String actual = r.out();
            if (jvm) {
                actual = masked(actual.replace(dir + "/", ""));
                expected = masked(expected);
            }
            assertThat(actual).as(block.get(0)).isEqualTo(expected);
        }
    }

    /** {@code java -XX:+UseSerialGC CacheApp DIR}, as the README says, with the test's JDK. */
    private void makeJvmDumps() throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), "CacheApp", dir.toString())
                .redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes());
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(output).isZero();
    }
}
