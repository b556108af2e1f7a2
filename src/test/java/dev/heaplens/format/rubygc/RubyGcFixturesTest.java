package dev.heaplens.format.rubygc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real Ruby series (scripts/gc-fixtures/make-ruby-gc-fixtures.sh: Ruby 3.1 with
 * collectors/gc_stat_logger.rb, a snapshot after every GC) against the same process's golden
 * figures: GC.stat deltas and latest_gc_info causes. Each workload built to trigger a piece of
 * advice gets it; the quiet one gets none.
 */
class RubyGcFixturesTest {
    private static final Path DIR = Path.of("src/test/resources/gc/ruby");
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest(name = "{0}")
    // oldmalloc's workload calls GC.start to age its strings: those forced majors get their advice too
    @CsvSource({"quiet,''", "malloc,RUBY_GC_MALLOC_LIMIT RUBY_GC_OLDMALLOC_LIMIT",
            "oldmalloc,RUBY_GC_OLDMALLOC_LIMIT RUBY_GC_HEAP_INIT_SLOTS", "warmup,RUBY_GC_HEAP_INIT_SLOTS"})
    void countsAndCausesEqualTheProcessOwnAndTheAdviceFits(String workload, String advice) throws Exception {
        JsonNode golden = JSON.readTree(Files.readString(DIR.resolve(workload + ".golden.json")));
        assertThat(golden.path("snapshots_after_several_gcs").asInt()).as("a snapshot after every GC").isZero();
        CliTestSupport.Result r = CliTestSupport.run("gc", DIR.resolve(workload + ".jsonl.gz").toString(), "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.err()).isEmpty();
        JsonNode report = JSON.readTree(r.out());
        assertThat(report.path("version").asText()).isEqualTo(golden.path("ruby").asText());
        assertThat(report.path("gc_count").asLong()).isEqualTo(golden.path("count").asLong());
        assertThat(report.path("minor_gc_count").asLong()).isEqualTo(golden.path("minor_gc_count").asLong());
        assertThat(report.path("major_gc_count").asLong()).isEqualTo(golden.path("major_gc_count").asLong());
        assertThat(report.path("major_by")).isEqualTo(golden.path("major_by"));
        assertThat(report.path("gc_by")).isEqualTo(golden.path("gc_by"));
        List<String> settings = new ArrayList<>();
        report.path("advice").forEach(a -> settings.add(a.path("setting").asText()));
        assertThat(settings).as(r.out()).containsExactlyElementsOf(advice.isEmpty() ? List.of() : List.of(advice.split(" ")));
        report.path("advice").forEach(a -> {
            assertThat(a.path("threshold").asText()).isNotBlank();
            assertThat(a.path("evidence").asText()).isNotBlank();
            assertThat(a.path("reason").asText()).isNotBlank();
        });
    }
}
