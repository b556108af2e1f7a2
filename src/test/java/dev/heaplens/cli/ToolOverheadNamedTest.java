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

    private static String[] concat(List<String> command, String... more) {
        String[] all = command.toArray(new String[command.size() + more.length]);
        System.arraycopy(more, 0, all, command.size(), more.length);
        return all;
    }
}
