package dev.heaplens.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The runtime image (./mvnw -Pimage verify) on a machine without Java: unpacked, then run in a mount
 * namespace where /usr/lib/jvm and this test's own JDK are hidden under empty file systems and PATH
 * has no java. summary and top must answer as the jar does in this JVM (the oracle), sql must count
 * the objects summary counts (with the DuckDB the image carries), and serve must serve its page. Needs root and unshare; skipped, saying why, without them or without the image.
 */
class RuntimeImageIT {
    private static final Path TARGET = Path.of("target").toAbsolutePath();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void theImageRunsSummaryTopAndServeWhereNoOtherJavaIsVisible() throws Exception {
        Path tarball;
        try (Stream<Path> files = Files.list(TARGET)) {
            tarball = files.filter(p -> p.getFileName().toString().matches("heaplens-.*-linux-.*\\.tar\\.gz")).findFirst()
                    .orElse(null);
        }
        assumeTrue(tarball != null, "no runtime image in target/: ./mvnw -Pimage verify makes it");
        assumeTrue("root".equals(System.getProperty("user.name")) && new File("/usr/bin/unshare").canExecute(),
                "needs root and unshare for a mount namespace without Java");
        assertThat(new ProcessBuilder("tar", "-C", dir.toString(), "-xzf", tarball.toString()).inheritIO().start().waitFor())
                .isZero();
        Path home = dir.resolve(tarball.getFileName().toString().replace(".tar.gz", ""));
        Path sample = home.resolve("samples/rails-ish.json.gz");

        assertThat(inNamespace("java -version")).as("java is hidden").isNotEqualTo(0);
        for (String command : List.of("summary", "top")) {
            Path out = dir.resolve(command + ".json");
            int code = inNamespace("'" + home + "/bin/heaplens' " + command + " '" + sample + "' --format json > '" + out + "'");
            assertThat(code).as(command).isZero();
            CliTestSupport.Result oracle = CliTestSupport.run(command, sample.toString(), "--format=json");
            assertThat(JSON.readTree(out.toFile())).as(command).isEqualTo(JSON.readTree(oracle.out()));
        }

        Path sql = dir.resolve("sql.json");
        assertThat(inNamespace("'" + home + "/bin/heaplens' sql '" + sample + "' 'SELECT count(*) AS n FROM objects'"
                + " --format json > '" + sql + "'")).as("sql, with the image's DuckDB").isZero();
        assertThat(JSON.readTree(sql.toFile()).get("rows").get(0).get("n").asLong())
                .isEqualTo(JSON.readTree(dir.resolve("summary.json").toFile()).get("objects").asLong());

        Process serve = namespace("exec '" + home + "/bin/heaplens' serve '" + sample + "' --port 0").start();
        try {
            String url = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8)).readLine();
            assertThat(url).startsWith("http://127.0.0.1:");
            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.body()).contains("<title>heaplens</title>");
            HttpResponse<String> info = http.send(HttpRequest.newBuilder(URI.create(url).resolve("/api/info")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(info.statusCode()).isEqualTo(200);
            assertThat(info.body()).contains("rails-ish.json.gz");
        } finally {
            serve.destroy();
            serve.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** A shell in a mount namespace where no JDK but the image's is visible. */
    private ProcessBuilder namespace(String command) {
        String jdk = Path.of(System.getProperty("java.home")).toAbsolutePath().toString();
        String hide = "mount -t tmpfs none /usr/lib/jvm && { [ ! -d '" + jdk + "' ] || mount -t tmpfs none '" + jdk + "'; }";
        ProcessBuilder pb = new ProcessBuilder("/usr/bin/unshare", "-m", "/bin/bash", "-c",
                hide + " && export PATH=/usr/bin:/bin && " + command);
        pb.environment().remove("JAVA_HOME");
        pb.redirectError(dir.resolve("namespace.err").toFile());
        return pb;
    }

    private int inNamespace(String command) throws IOException, InterruptedException {
        Process p = namespace(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return p.exitValue();
    }
}
