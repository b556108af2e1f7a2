package dev.heaplens.web;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.cli.CliTestSupport;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static dev.heaplens.web.WebFixtures.ask;
import static org.assertj.core.api.Assertions.assertThat;

/** The web diff lists what changed first and hides unchanged groups unless asked (issue 27). */
class DiffFilterTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(WebFixtures.Kind.class)
    void unchangedGroupsAreHiddenUntilAskedFor(WebFixtures.Kind kind) {
        WebFixtures f = new WebFixtures();
        Path a = kind == WebFixtures.Kind.RUBY ? f.heap.without(Set.of(f.big)).writeRuby(dir.resolve("a.json"))
                : f.heap.without(Set.of(f.big)).writeHprof(dir.resolve("a.hprof"));
        Path b = f.write(dir, kind);
        JsonNode cli = WebFixtures.parse(CliTestSupport.run("diff", a.toString(), b.toString(), "--by", "class", "--top", "0",
                "--format", "json").out());
        List<String> changed = new ArrayList<>();
        List<String> unchanged = new ArrayList<>();
        cli.get("groups").forEach(r -> (r.get("countDelta").asLong() == 0 && r.get("bytesDelta").asLong() == 0
                ? unchanged : changed).add(r.get("key").asText()));
        assertThat(changed).contains("Blob");
        assertThat(unchanged).contains("Leaf", "Node", "Holder");

        Api api = new Api(WebFixtures.workspace(List.of(a, b), List.of()));
        JsonNode shown = ask(api, "diff", "by", "class");
        List<String> keys = new ArrayList<>();
        shown.get("rows").forEach(r -> keys.add(r.get("key").asText()));
        assertThat(keys).containsExactlyInAnyOrderElementsOf(changed);
        assertThat(shown.get("unchangedHidden").asLong()).isEqualTo(unchanged.size());
        assertThat(ask(api, "diff", "by", "class", "unchanged", "1").get("matched").asLong())
                .isEqualTo(changed.size() + unchanged.size());
    }
}
