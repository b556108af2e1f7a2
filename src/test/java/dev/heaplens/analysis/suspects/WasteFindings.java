package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** What the waste-check tests share: a child JVM's dump, one finding of suspects' JSON, and a count in its classes list. */
final class WasteFindings {
    private WasteFindings() {
    }

    /** Runs {@code probe}'s main in a child JVM (serial GC, {@code maxHeap}) that dumps its heap to {@code dump}. */
    static void dumpChild(Class<?> probe, Path dump, String maxHeap) throws Exception {
        dumpChild(probe, dump, maxHeap, List.of());
    }

    /** As {@link #dumpChild(Class, Path, String)} with more JVM options; returns what the child printed. */
    static String dumpChild(Class<?> probe, Path dump, String maxHeap, List<String> jvmOptions) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-Xmx" + maxHeap));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), probe.getName(), dump.toString()));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes());
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(output).isZero();
        return output;
    }

    /** The finding named {@code check} of {@code suspects DUMP --format json EXTRA...}; fails when there is none. */
    static JsonNode finding(Path dump, String check, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("suspects", dump.toString(), "--format", "json"));
        args.addAll(List.of(extra));
        CliTestSupport.Result r = CliTestSupport.run(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        for (JsonNode f : new ObjectMapper().readTree(r.out()).get("findings")) {
            if (f.get("check").asText().equals(check)) {
                return f;
            }
        }
        throw new AssertionError("no " + check + " finding in " + r.out());
    }

    /** The count in a finding's classes list: {@code "byte[] (150,012)"}, {@code "Hash (2,101, 422.6 KB)"}. */
    static long count(JsonNode finding, String key) {
        for (JsonNode c : finding.get("classes")) {
            String s = c.asText();
            if (s.startsWith(key + " (")) {
                return Long.parseLong(s.substring(key.length() + 2).split("[,)] ")[0].replace(")", "").replace(",", ""));
            }
        }
        throw new AssertionError(key + " not in " + finding.get("classes"));
    }
}
