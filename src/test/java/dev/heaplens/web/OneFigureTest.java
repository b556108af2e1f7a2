package dev.heaplens.web;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.cli.CliTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.List;

import static dev.heaplens.web.WebFixtures.ask;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * One label, one number (issue 27): the web overview's figures against {@code summary --format
 * json} run on its own, and the overview's treemap of the dominator tree's top level as a
 * partition of the reachable bytes.
 */
class OneFigureTest {
    @TempDir
    Path dir;

    private static JsonNode summary(Path dump) {
        CliTestSupport.Result r = CliTestSupport.run("summary", dump.toString(), "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return WebFixtures.parse(r.out());
    }

    private static JsonNode overview(Path dump) {
        return ask(new Api(WebFixtures.workspace(List.of(dump), List.of())), "overview");
    }

    @Test
    void rubyOverviewSaysWhatSummarySays() {
        Path sample = Path.of("samples/rails-ish.json.gz");
        JsonNode s = summary(sample);
        JsonNode o = overview(sample);
        assertThat(o.get("objects").asLong()).isEqualTo(s.get("objects").asLong());
        assertThat(o.get("bytes").asLong()).isEqualTo(s.get("bytes").asLong());
        assertThat(o.get("classes").asLong()).isEqualTo(s.get("classes").get("classes").asLong());
        // the graph's edges are not the dump's references: they carry another name
        assertThat(o.has("references")).isFalse();
        assertThat(o.get("graphReferences").asLong()).isGreaterThan(s.get("references").asLong());
    }

    @ParameterizedTest
    @EnumSource(WebFixtures.Kind.class)
    void overviewAndSummaryAgreeOnTheSyntheticHeap(WebFixtures.Kind kind) {
        Path dump = new WebFixtures().write(dir, kind);
        JsonNode s = summary(dump);
        JsonNode o = overview(dump);
        assertThat(o.get("objects").asLong()).isEqualTo(s.get("objects").asLong());
        assertThat(o.get("bytes").asLong()).isEqualTo(s.get("bytes").asLong());
        long classes = kind == WebFixtures.Kind.HPROF ? s.get("classes").asLong() : s.get("classes").get("classes").asLong();
        assertThat(o.get("classes").asLong()).isEqualTo(classes);
    }

    @ParameterizedTest
    @EnumSource(WebFixtures.Kind.class)
    void theTopLevelTreemapIsAPartitionOfTheReachableBytes(WebFixtures.Kind kind) {
        WebFixtures f = new WebFixtures();
        JsonNode o = overview(f.write(dir, kind));
        long sum = 0;
        for (JsonNode row : o.get("dominatorTopByClass").get("rows")) {
            sum += row.get("retained").asLong();
        }
        assertThat(sum).isEqualTo(o.get("reachableBytes").asLong());
    }

    @Test
    void classObjectsCarryTheNameOfTheClassTheyAre() {
        WebFixtures f = new WebFixtures();
        Api api = new Api(WebFixtures.workspace(List.of(f.write(dir, WebFixtures.Kind.HPROF)), List.of()));
        JsonNode holderClass = ask(api, "object", "address", WebFixtures.hex(f.heap.classOf(f.holder).address()));
        assertThat(holderClass.get("object").get("classObject").asText()).isEqualTo("Holder");
        JsonNode holder = ask(api, "object", "address", WebFixtures.hex(f.holder));
        assertThat(holder.get("object").get("classObject").isNull()).isTrue();
    }
}
