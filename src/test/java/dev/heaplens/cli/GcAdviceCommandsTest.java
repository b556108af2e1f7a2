package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.format.hprof.LeakDumps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/** A heaplens command that the GC advice suggests runs as written (with the dumps it names made). */
class GcAdviceCommandsTest {
    private static final Pattern COMMAND = Pattern.compile("heaplens (leaks [^)]*)\\)");

    @Test
    void theLeaksCommandOfARisingFloorRuns(@TempDir Path dir) throws Exception {
        List<String> lines = new ArrayList<>();
        long[] afterMb = {10, 11, 20, 21, 40, 41, 80, 81};
        for (int i = 0; i < afterMb.length; i++) {
            lines.add("[" + (i + 1) + ".000s][info][gc] GC(" + i + ") Pause Young (Normal) (G1 Evacuation Pause) "
                    + (afterMb[i] + 50) + "M->" + afterMb[i] + "M(256M) 2.000ms");
        }
        Path log = CliTestSupport.writeDump(dir, "gc.log", lines.toArray(String[]::new));
        JsonNode report = new ObjectMapper().readTree(run("gc", log.toString(), "--format", "json").out());
        String reason = null;
        for (JsonNode a : report.path("advice")) {
            if (a.path("rule").asText().equals("rising-floor")) {
                reason = a.path("reason").asText();
            }
        }
        assertThat(reason).isNotNull();
        Matcher m = COMMAND.matcher(reason);
        assertThat(m.find()).as(reason).isTrue();
        LeakDumps.write(dir); // a.hprof, b.hprof, c.hprof: the dumps the advice says to take
        String[] args = m.group(1).replace("/tmp/", dir + "/").split(" ");
        CliTestSupport.Result r = run(args);
        assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r.err()).isZero();
        assertThat(r.out()).isNotBlank();
    }
}
