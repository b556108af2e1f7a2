package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * OpenJ9 verbose GC XML. No OpenJ9 JVM can be had here, so the logs under gc/openj9 are hand-built
 * after OpenJ9's documented format, with figures chosen so that every expected value below is worked
 * out by hand from the file (the oracle): pauses from each exclusive window's durationms, heap from
 * mem-info total - free, allocation from one collection's before minus the previous one's after.
 */
class GcOpenJ9Test {
    private static final ObjectMapper JSON = new ObjectMapper();

    static Path fixture(String name) throws Exception {
        return Path.of(GcOpenJ9Test.class.getResource("/gc/openj9/" + name).toURI());
    }

    private static JsonNode report(Path... logs) throws Exception {
        String[] args = new String[logs.length + 3];
        args[0] = "gc";
        for (int i = 0; i < logs.length; i++) {
            args[i + 1] = logs[i].toString();
        }
        args[logs.length + 1] = "--format";
        args[logs.length + 2] = "json";
        CliTestSupport.Result r = run(args);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return JSON.readTree(r.out());
    }

    @Test
    void genconScavengesConcurrentGlobalAndSystemGc() throws Exception {
        JsonNode j = report(fixture("gencon.xml"));
        assertThat(j.path("collector").asText()).isEqualTo("OpenJ9 gencon");
        assertThat(j.path("time_base").asText()).isEqualTo("wall");
        assertThat(j.path("warnings")).isEmpty();
        // beans: three scavenges (12.5 + 10 + 11), the concurrent global's final increment (25) and System.gc()'s (40)
        assertThat(j.path("collectors").toString()).isEqualTo("{\"scavenge\":{\"count\":3,\"time_ms\":33.5},"
                + "\"global\":{\"count\":2,\"time_ms\":65}}");
        assertThat(j.path("events").toString()).isEqualTo("{\"young\":3,\"mixed\":0,\"full\":1,\"remark\":1,\"cleanup\":0,"
                + "\"pause\":1,\"cycle\":1,\"stall\":0}");
        // six stops: the kickoff's 0.05 ms too
        assertThat(j.path("pauses").path("count").asLong()).isEqualTo(6);
        assertThat(j.path("pauses").path("total_ms").asDouble()).isEqualTo(98.55);
        // 12:00:01.000 (first stop) to 12:00:04.040 (System.gc()'s end)
        assertThat(j.path("span_ms").asDouble()).isEqualTo(3040);
        // heap grew 190 + 190 + 60 + 50 MB between the five collections, 12:00:01.0125 to 12:00:04.040
        assertThat(j.path("rates").path("allocation_bytes_per_second").asDouble()).isCloseTo(490e6 / 3.0275, within(1.0));
        // tenure grew 10 MB in each scavenge
        assertThat(j.path("rates").path("promotion_bytes_per_second").asDouble()).isCloseTo(30e6 / 3.04, within(1.0));
        assertThat(j.path("heap").path("peak_before_bytes").asLong()).isEqualTo(720_000_000L);
        assertThat(j.path("heap").path("last_after_bytes").asLong()).isEqualTo(200_000_000L);
        assertThat(j.path("causes").toString()).isEqualTo("[{\"kind\":\"cycle\",\"cause\":\"concurrent kickoff\",\"count\":1,"
                + "\"total_ms\":1025,\"max_ms\":1025},{\"kind\":\"full\",\"cause\":\"System.gc()\",\"count\":1,\"total_ms\":40,"
                + "\"max_ms\":40},{\"kind\":\"young\",\"cause\":\"allocation failure\",\"count\":3,\"total_ms\":33.5,"
                + "\"max_ms\":12.5}]");
        assertThat(j.path("advice").get(0).path("rule").asText()).isEqualTo("full-gc-system-gc");
        assertThat(j.path("advice").get(0).path("setting").asText()).isEqualTo("-XX:+DisableExplicitGC");
    }

    @Test
    void balancedPartialGlobalMarkAndGlobal() throws Exception {
        JsonNode j = report(fixture("balanced.xml"));
        assertThat(j.path("collector").asText()).isEqualTo("OpenJ9 balanced");
        assertThat(j.path("collectors").toString()).isEqualTo("{\"partial gc\":{\"count\":2,\"time_ms\":700},"
                + "\"global garbage collect\":{\"count\":1,\"time_ms\":900}}");
        // the global mark phase's two increments are pauses; the phase itself a cycle that frees nothing
        assertThat(j.path("events").toString()).isEqualTo("{\"young\":0,\"mixed\":2,\"full\":1,\"remark\":0,\"cleanup\":0,"
                + "\"pause\":2,\"cycle\":1,\"stall\":0}");
        assertThat(j.path("pauses").path("total_ms").asDouble()).isEqualTo(1635);
        assertThat(j.path("rates").path("allocation_bytes_per_second").asDouble()).isEqualTo(192_000_000);
        assertThat(j.path("heap").path("points").asLong()).isEqualTo(3);
        assertThat(j.path("advice").get(0).path("rule").asText()).isEqualTo("long-pauses");
        assertThat(j.path("advice").get(0).path("setting").asText()).isEqualTo("-Xmn");
    }

    @Test
    void optthruputEveryCollectionIsGlobal() throws Exception {
        JsonNode j = report(fixture("optthruput.xml"));
        assertThat(j.path("collector").asText()).isEqualTo("OpenJ9 optthruput");
        assertOptthruputFigures(j);
        // a full GC is this policy's only kind: no "should not need one" advice
        assertThat(j.path("advice").toString()).doesNotContain("full-gc-allocation");
    }

    /** Two globals of 50 and 60 ms; the heap grew 250 MB between them, 08:00:00.050 to 08:00:02.060. */
    private static void assertOptthruputFigures(JsonNode j) {
        assertThat(j.path("collectors").toString()).isEqualTo("{\"global\":{\"count\":2,\"time_ms\":110}}");
        assertThat(j.path("rates").path("allocation_bytes_per_second").asDouble()).isCloseTo(250e6 / 2.01, within(1.0));
    }

    @Test
    void aRotatedSetIsPutInTimeOrder(@TempDir Path dir) throws Exception {
        List<String> all = Files.readAllLines(fixture("optthruput.xml"));
        int split = all.indexOf("<exclusive-start id=\"14\" timestamp=\"2026-11-27T08:00:02.000\" intervalms=\"1950.000\" />");
        List<String> head = all.subList(0, 3);
        Path first = dir.resolve("gc.xml.001");
        Path second = dir.resolve("gc.xml.000");
        Files.write(first, all.subList(0, split));
        Files.write(second, concat(head, all.subList(split, all.size())));
        JsonNode j = report(second, first);
        assertOptthruputFigures(j);
        // the first file is cut (no </verbosegc>): read, with a warning
        assertThat(j.path("warnings").toString()).contains("gc.xml.001: the XML is cut or broken at line");
    }

    @Test
    void aCutLogIsReadUpToTheCutAndTheOpenPauseNamed(@TempDir Path dir) throws Exception {
        List<String> all = Files.readAllLines(fixture("gencon.xml"));
        Path cut = dir.resolve("cut.xml");
        Files.write(cut, all.subList(0, all.indexOf("<exclusive-start id=\"54\" timestamp=\"2026-11-27T12:00:04.000\" "
                + "intervalms=\"475.000\" />") + 4));
        CliTestSupport.Result r = run("gc", cut.toString(), "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode j = JSON.readTree(r.out());
        assertThat(j.path("pauses").path("count").asLong()).isEqualTo(5);
        assertThat(r.errLines()).hasSize(2);
        assertThat(r.errLines().get(0)).startsWith("heaplens: warning: " + cut + ": the XML is cut or broken at line ");
        assertThat(r.errLines().get(1)).isEqualTo("heaplens: warning: 1 pause was still open at the end of a file "
                + "(<exclusive-start> without <exclusive-end>): not counted");
    }

    @Test
    void unknownElementsAreCountedAndNamed(@TempDir Path dir) throws Exception {
        List<String> all = new java.util.ArrayList<>(Files.readAllLines(fixture("optthruput.xml")));
        all.add(all.size() - 1, "<tenant-info id=\"90\" name=\"a\" />");
        all.add(all.size() - 1, "<tenant-info id=\"91\" name=\"b\" />");
        Path log = dir.resolve("unknown.xml");
        Files.write(log, all);
        CliTestSupport.Result r = run("gc", log.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.errLines()).containsExactly("heaplens: warning: 2 elements heaplens does not know were skipped: "
                + "<tenant-info> x2");
    }

    @Test
    void theOldJ9FormatIsRefusedNamingWhatItHolds(@TempDir Path dir) {
        Path log = CliTestSupport.writeDump(dir, "old.xml",
                "<?xml version=\"1.0\" ?>",
                "<verbosegc version=\"20090817_AA\">",
                "<af type=\"nursery\" id=\"1\" timestamp=\"Jan 01 12:00:00 2010\" intervalms=\"0.000\">",
                "  <gc type=\"scavenger\" id=\"1\" totalid=\"1\" intervalms=\"0.000\">",
                "    <time totalms=\"5.000\" />",
                "  </gc>",
                "</af>",
                "</verbosegc>");
        CliTestSupport.Result r = run("gc", log.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).containsExactly("heaplens: " + log + ": no GC events heaplens reads in this OpenJ9 / IBM J9 "
                + "verbose GC XML: 1 element heaplens does not know was skipped: <af> x1 (heaplens reads the format "
                + "OpenJ9 and IBM J9 2.6 and later write)");
    }

    @Test
    void entitiesAndDtdsAreNotExpanded(@TempDir Path dir) {
        Path log = CliTestSupport.writeDump(dir, "laughs.xml",
                "<?xml version=\"1.0\" ?>",
                "<!DOCTYPE verbosegc [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>",
                "<verbosegc version=\"x\"><exclusive-start id=\"1\" timestamp=\"2026-11-27T08:00:00.000\">&b;</exclusive-start>",
                "</verbosegc>");
        CliTestSupport.Result r = run("gc", log.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.errLines().get(0)).startsWith("heaplens: " + log + ": no GC events found");
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new java.util.ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
