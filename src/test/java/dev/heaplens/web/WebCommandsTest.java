package dev.heaplens.web;

import dev.heaplens.cli.CliTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/** serve and report on the command line: bad input is one line and exit 2; help lists them. */
class WebCommandsTest {
    @TempDir
    Path dir;

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        WebFixtures f = new WebFixtures();
        Path ruby = f.write(dir, WebFixtures.Kind.RUBY);
        Path hprof = f.write(dir, WebFixtures.Kind.HPROF);
        Path text = Files.writeString(dir.resolve("notes.txt"), "hello\n");
        for (String[] args : new String[][] {
                {"report", "-"},
                {"report", ruby.toString(), hprof.toString()},
                {"report", text.toString()},
                {"report", ruby.toString(), ruby.toString(), ruby.toString(), ruby.toString()},
                {"report", ruby.toString(), "-o", dir.resolve("no/such/dir/r.html").toString()},
                {"report"},
                {"serve", ruby.toString(), "--bind", "no-such-host.invalid", "--port", "0"},
                {"serve", ruby.toString(), "--port", "-1"}}) {
            CliTestSupport.Result r = run(args);
            assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
            assertThat(r.errLines().get(0)).as(r.toString()).startsWith("heaplens: ");
            assertThat(r.err()).as(r.toString()).doesNotContain("Exception").doesNotContain("\tat ");
        }
    }

    @Test
    void reportWritesTheFileAndSaysWhere() {
        WebFixtures f = new WebFixtures();
        Path out = dir.resolve("r.html");
        CliTestSupport.Result r = run("report", f.write(dir, WebFixtures.Kind.HPROF).toString(), "-o", out.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.errLines()).singleElement().asString().startsWith("heaplens: wrote " + out);
        assertThat(out).isRegularFile();
    }

    @Test
    void helpListsServeAndReport() {
        String help = run("--help").out();
        assertThat(help).contains("serve").contains("report");
        assertThat(run("serve", "--help").out()).contains("--bind").contains("127.0.0.1").contains("--port");
    }
}
