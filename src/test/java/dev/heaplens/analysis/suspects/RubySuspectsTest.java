package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Real Ruby programs (scripts/fixtures/suspects/make-suspects.rb): one leaks 3,000 records into a
 * global Hash, and measured in the same process what the Hash retains by Ruby's own traversal; one
 * defines 400 methods by class_eval of strings and 600 by define_method. Both traced allocations,
 * so the allocation tracer is in their dumps too.
 */
class RubySuspectsTest {
    private static final Path DIR = Path.of("src/test/resources/fixtures/suspects");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode suspects(String fixture, String... more) throws IOException {
        String[] args = new String[4 + more.length];
        args[0] = "suspects";
        args[1] = DIR.resolve(fixture + ".json.gz").toString();
        args[2] = "--format";
        args[3] = "json";
        System.arraycopy(more, 0, args, 4, more.length);
        CliTestSupport.Result r = CliTestSupport.run(args);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return JSON.readTree(r.out());
    }

    @Test
    void theLeakingHashIsTheFirstSuspectWithTheRetainedSizeRubyMeasured() throws IOException {
        JsonNode golden = JSON.readTree(DIR.resolve("leak.golden.json").toFile()).get("accumulationPoint");
        JsonNode result = suspects("leak", "--no-index");
        JsonNode first = result.get("suspects").get(0);
        assertThat(first.get("kind").asText()).isEqualTo("single");
        assertThat(first.get("class").asText()).isEqualTo("Hash");
        assertThat(first.get("address").asText()).isEqualTo(golden.get("address").asText());
        JsonNode acc = first.get("accumulationPoint");
        assertThat(acc.get("address").asText()).isEqualTo(golden.get("address").asText());
        assertThat(acc.get("retainedBytes").asLong()).isEqualTo(golden.get("retainedMemsize").asLong());
        assertThat(first.get("retainedBytes").asLong()).isEqualTo(golden.get("retainedMemsize").asLong());
        assertThat(first.get("location").asText()).isEqualTo(golden.get("location").asText());
        assertThat(first.get("path").get(0).get("via").asText()).isEqualTo("global_tbl");
        assertThat(first.get("held").get(0).get("class").asText()).isEqualTo("Hash");
        assertThat(first.get("held").get(0).get("objects").asLong()).isEqualTo(3000);
        assertThat(first.get("text").asText()).contains("leak.rb:7").contains("global_tbl");
        assertThat(first.get("keywords").toString()).contains("Hash").contains("leak.rb:7");
        // the share is of the heap without the tracer
        long overhead = result.get("overhead").get(0).get("retainedBytes").asLong();
        assertThat(result.get("analysedBytes").asLong()).isEqualTo(result.get("heapBytes").asLong() - overhead);
        assertThat(first.get("share").asDouble()).isCloseTo(100.0 * golden.get("retainedMemsize").asLong()
                / result.get("analysedBytes").asLong(), org.assertj.core.data.Offset.offset(0.001));
    }

    @Test
    void theRetainedCountIsWhatRubyCounted() throws IOException {
        JsonNode golden = JSON.readTree(DIR.resolve("leak.golden.json").toFile()).get("accumulationPoint");
        CliTestSupport.Result r = CliTestSupport.run("object", DIR.resolve("leak.json.gz").toString(),
                golden.get("address").asText(), "--format", "json", "--no-index");
        assertThat(JSON.readTree(r.out()).get("retainedCount").asLong()).isEqualTo(golden.get("retainedCount").asLong());
    }

    @Test
    void theAllocationTracerIsNamedAsOverheadAndNeverASuspect() throws IOException {
        JsonNode result = suspects("leak", "--no-index", "--threshold", "1");
        JsonNode overhead = result.get("overhead");
        assertThat(overhead).hasSize(1);
        assertThat(overhead.get(0).get("class").asText()).isEqualTo("<ObjectTracing/allocation_info_tracer> (DATA)");
        assertThat(overhead.get(0).get("retainedBytes").asLong()).isGreaterThan(result.get("analysedBytes").asLong());
        result.get("suspects").forEach(s -> assertThat(s.get("class").asText()).doesNotContain("ObjectTracing"));
    }

    @Test
    void bothSitesThatDefineMethodsAreNamedWithTheirCounts() throws IOException {
        JsonNode golden = JSON.readTree(DIR.resolve("methods.golden.json").toFile()).get("sites");
        JsonNode finding = null;
        for (JsonNode f : suspects("methods", "--no-index").get("findings")) {
            if (f.get("check").asText().equals("runtime-methods")) {
                finding = f;
            }
        }
        assertThat(finding).as("the runtime-methods finding").isNotNull();
        JsonNode evalSite = site(finding, golden.get(0).get("location").asText());
        // class_eval of a string: one instruction sequence a method at the call, the method entries in (eval)
        assertThat(evalSite.get("counts").get("iseq").asLong()).isEqualTo(golden.get(0).get("methods").asLong());
        assertThat(evalSite.get("holder").asText()).isEqualTo(golden.get(0).get("holder").asText());
        assertThat(site(finding, "(eval):1").get("counts").get("ment").asLong()).isEqualTo(golden.get(0).get("methods").asLong());
        JsonNode defineSite = site(finding, golden.get(1).get("location").asText());
        // define_method: a method entry per method (the VM adds one or two of its own at the call)
        assertThat(defineSite.get("counts").get("ment").asLong()).isBetween(golden.get(1).get("methods").asLong(),
                golden.get(1).get("methods").asLong() + 2);
        assertThat(defineSite.get("holder").asText()).isEqualTo(golden.get(1).get("holder").asText());
        assertThat(finding.get("text").asText()).contains(golden.get(1).get("location").asText());
    }

    private static JsonNode site(JsonNode finding, String location) {
        for (JsonNode s : finding.get("sites")) {
            if (s.get("location").asText().equals(location)) {
                return s;
            }
        }
        throw new AssertionError("no site " + location + " in " + finding);
    }

    @Test
    void failOverExitsThreeWhenASuspectHoldsMoreAndZeroOtherwise() {
        String dump = DIR.resolve("leak.json.gz").toString();
        CliTestSupport.Result over = CliTestSupport.run("suspects", dump, "--fail-over", "20", "--no-index");
        assertThat(over.exitCode()).isEqualTo(3);
        assertThat(over.err()).contains("over --fail-over 20");
        assertThat(CliTestSupport.run("suspects", dump, "--fail-over", "60", "--no-index").exitCode()).isZero();
    }

    @Test
    void markdownIsReadableForATicket() {
        CliTestSupport.Result r = CliTestSupport.run("suspects", DIR.resolve("leak.json.gz").toString(), "--format", "markdown",
                "--no-index");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("## Leak suspects in").contains("### Suspect 1 of").contains("| `root global_tbl` |")
                .contains("### Findings").contains("### Tool overhead");
    }

    @Test
    void badOptionsAreOneLineAndExitTwo() {
        String dump = DIR.resolve("leak.json.gz").toString();
        for (String[] args : new String[][] {{"--threshold", "0"}, {"--threshold", "101"}, {"--threshold", "x"},
                {"--format", "tsv"}, {"--fail-over", "-1"}}) {
            String[] all = new String[2 + args.length];
            all[0] = "suspects";
            all[1] = dump;
            System.arraycopy(args, 0, all, 2, args.length);
            CliTestSupport.Result r = CliTestSupport.run(all);
            assertThat(r.exitCode()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
        }
        CliTestSupport.Result missing = CliTestSupport.run("suspects", "/nonexistent/heap.json");
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err().strip().lines().count()).isEqualTo(1);
    }
}
