package dev.heaplens.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Dumps and GC logs go through one opener (io/DumpInput): the same ways in (a path, {@code -},
 * gzip either way) and the same refusals. The oracle is the same command on the file by path.
 */
class OneOpenerTest {
    private static final String LOG = String.join("\n",
            "[0.004s][info][gc] Using G1",
            "[0.050s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(64M) 2.500ms",
            "[0.300s][info][gc] GC(1) Pause Full (System.gc()) 30M->5M(64M) 12.000ms", "");

    @Test
    void aGcLogReadsFromStandardInputPlainOrGzipAsFromItsPath(@TempDir Path dir) throws Exception {
        Path log = Files.writeString(dir.resolve("gc.log"), LOG);
        String byPath = CliTestSupport.run("gc", log.toString(), "--format", "json").out();
        assertThat(byPath).contains("\"pauses\"");
        String fromStdin = CliTestSupport.runWithStdin(LOG.getBytes(StandardCharsets.UTF_8), "gc", "-", "--format", "json").out();
        String fromGzipStdin = CliTestSupport.runWithStdin(gzip(LOG), "gc", "-", "--format", "json").out();
        assertThat(withoutNames(fromStdin)).isEqualTo(withoutNames(byPath));
        assertThat(withoutNames(fromGzipStdin)).isEqualTo(withoutNames(byPath));
    }

    @Test
    void aGcLogIsRefusedInTheDumpsWords(@TempDir Path dir) throws Exception {
        assertThat(CliTestSupport.run("gc", dir.toString()).errLines())
                .containsExactly("heaplens: " + dir + ": is a directory, not a GC log");
        assertThat(CliTestSupport.run("summary", dir.toString()).errLines())
                .containsExactly("heaplens: " + dir + ": is a directory, not a dump file");
        Path broken = Files.write(dir.resolve("broken.log.gz"), new byte[] {0x1f, (byte) 0x8b, 8});
        CliTestSupport.Result gc = CliTestSupport.run("gc", broken.toString());
        CliTestSupport.Result summary = CliTestSupport.run("summary", broken.toString());
        assertThat(gc.exitCode()).isEqualTo(2);
        assertThat(gc.errLines()).containsExactlyElementsOf(summary.errLines());
    }

    private static String withoutNames(String json) {
        return json.replaceAll("\"(source|sources|name|file|files)\"\\s*:\\s*(\"[^\"]*\"|\\[[^\\]]*\\])", "\"$1\":_");
    }

    private static byte[] gzip(String text) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }
}
