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

    /**
     * {@code serve --gc -} (a child JVM: serve runs until stopped) reads the log from standard input through
     * the same opener: its GC answer is {@code gc -}'s JSON, and {@code report --gc -} embeds the same.
     */
    @Test
    void serveAndReportReadAGcLogFromStandardInput(@TempDir Path dir) throws Exception {
        String expected = CliTestSupport.runWithStdin(gzip(LOG), "gc", "-", "--format", "json").out().strip();
        assertThat(expected).contains("\"sources\":[\"standard input\"]").contains("\"count\":2");
        Process serve = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve", "--gc", "-", "--port", "0")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            try (var stdin = serve.getOutputStream()) {
                stdin.write(gzip(LOG));
            }
            String url = new java.io.BufferedReader(new java.io.InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertThat(url).as("serve's first line is its address").startsWith("http://127.0.0.1:");
            java.net.http.HttpResponse<String> gc = java.net.http.HttpClient.newHttpClient().send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create(url + (url.endsWith("/") ? "" : "/") + "api/gc")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(gc.statusCode()).isEqualTo(200);
            assertThat(gc.body().strip()).isEqualTo(expected);
        } finally {
            serve.destroy();
            serve.waitFor();
        }
        Path html = dir.resolve("gc.html");
        CliTestSupport.Result report = CliTestSupport.runWithStdin(LOG.getBytes(StandardCharsets.UTF_8), "report", "--gc", "-",
                "-o", html.toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        assertThat(Files.readString(html)).contains(expected.substring(1)).contains("\"gc\":\"standard input\"");
    }

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
