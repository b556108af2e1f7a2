package dev.heaplens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The allocation tracer's table (the largest object of a traced Ruby dump) is named as tool
 * overhead wherever a table shows it, and scripts' formats keep the class name as it is.
 */
class ToolOverheadNamedTest {
    private static final String DUMP = "src/test/resources/fixtures/suspects/leak.json.gz";
    private static final String TRACER = "<ObjectTracing/allocation_info_tracer> (DATA)";

    @Test
    void histogramAndTopNameTheTracerInTablesOnly() {
        for (List<String> command : List.of(List.of("histogram", DUMP, "--top", "3"), List.of("top", DUMP, "--top", "3"))) {
            CliTestSupport.Result table = CliTestSupport.run(command.toArray(String[]::new));
            assertThat(table.exitCode()).as(table.toString()).isZero();
            assertThat(table.out()).as(command.get(0)).contains(TRACER + "  [tool overhead]");
            CliTestSupport.Result tsv = CliTestSupport.run(concat(command, "--format", "tsv"));
            assertThat(tsv.out()).as(command.get(0) + " tsv").contains(TRACER).doesNotContain("[tool overhead]");
        }
    }

    @Test
    void retainedAndDiffTablesNameTheTracer() {
        String a = "src/test/resources/fixtures/leak/a.json.gz", c = "src/test/resources/fixtures/leak/c.json.gz";
        for (List<String> command : List.of(List.of("retained", DUMP, "--top", "3"), List.of("diff", a, c, "--top", "3"))) {
            CliTestSupport.Result table = CliTestSupport.run(command.toArray(String[]::new));
            assertThat(table.exitCode()).as(table.toString()).isZero();
            assertThat(table.out()).as(command.get(0)).contains(TRACER + "  [tool overhead]");
            CliTestSupport.Result json = CliTestSupport.run(concat(command, "--format", "json"));
            assertThat(json.out()).as(command.get(0) + " json").doesNotContain("[tool overhead]");
        }
    }

    /**
     * summary names the tracer's table too, with the bytes histogram counts under its class (an
     * independent reader: histogram's grouping, not the summary's struct tally), and only on a
     * traced dump: the untraced fixture names no tool.
     */
    @Test
    void summaryNamesTheTracer(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        CliTestSupport.Result table = CliTestSupport.run("summary", DUMP);
        assertThat(table.exitCode()).as(table.toString()).isZero();
        assertThat(table.out()).containsPattern("tool overhead +<ObjectTracing/allocation_info_tracer> \\(DATA\\): 1 object, "
                + "[0-9.]+ MB \\([0-9.]+% of memsize\\): the cost of Ruby's allocation tracer")
                .contains("DATA  [");
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        var overhead = json.readTree(CliTestSupport.run("summary", DUMP, "--format", "json").out()).get("toolOverhead");
        assertThat(overhead).hasSize(1);
        var histogram = json.readTree(CliTestSupport.run("histogram", DUMP, "--by", "class", "--format", "json").out());
        var tracerRow = java.util.stream.StreamSupport.stream(histogram.get("groups").spliterator(), false)
                .filter(g -> g.get("key").asText().equals(TRACER)).findFirst().orElseThrow();
        assertThat(overhead.get(0).get("class").asText()).isEqualTo(TRACER);
        assertThat(overhead.get(0).get("count").asLong()).isEqualTo(tracerRow.get("count").asLong());
        assertThat(overhead.get(0).get("bytes").asLong()).isEqualTo(tracerRow.get("bytes").asLong()).isGreaterThan(1_000_000);
        java.nio.file.Path untracedDump = CliTestSupport.writeDump(dir, "untraced.json",
                "{\"type\":\"ROOT\", \"root\":\"vm\", \"references\":[\"0x7f0000000010\"]}",
                "{\"address\":\"0x7f0000000010\", \"type\":\"DATA\", \"class\":\"0x7f0000000020\", "
                        + "\"struct\":\"some_extension/table\", \"memsize\":4096}");
        CliTestSupport.Result untraced = CliTestSupport.run("summary", untracedDump.toString(), "--format", "json");
        assertThat(untraced.exitCode()).as(untraced.toString()).isZero();
        assertThat(json.readTree(untraced.out()).get("toolOverhead")).isEmpty();
    }

    private static String[] concat(List<String> command, String... more) {
        String[] all = command.toArray(new String[command.size() + more.length]);
        System.arraycopy(more, 0, all, command.size(), more.length);
        return all;
    }
}
