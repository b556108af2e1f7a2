package dev.heaplens.analysis.ruby;

import dev.heaplens.analysis.GroupBy;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Lines written the way each Ruby version's objspace_dump.c writes them (see
 * docs/ruby-dump-format.md). Jackson, an independent JSON parser, is the oracle for counts and
 * sizes; the class names are the ones Ruby itself would print.
 */
class RubyVersionLinesTest {
    private static final Path DIR = Path.of("src/test/resources/ruby-lines");

    @ParameterizedTest
    @ValueSource(strings = {"2.5", "2.7", "3.0", "3.3", "3.4", "4.0"})
    void countsAndSizesMatchAnIndependentJsonParser(String version) throws IOException {
        Path file = DIR.resolve("ruby-" + version + ".jsonl");
        Map<String, Long> counts = new HashMap<>();
        Map<String, Long> bytes = new HashMap<>();
        long references = 0;
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(file)) {
            JsonNode node = json.readTree(line);
            String type = node.get("type").asText();
            if (!type.equals("ROOT") && !type.equals("SHAPE")) {
                counts.merge(type, 1L, Long::sum);
                bytes.merge(type, node.path("memsize").asLong(), Long::sum);
                references += node.path("references").size();
            }
        }
        RubySummary s = RealDumpGoldenTest.summarize(file, 1, 1);
        assertThat(s.input().malformed()).isZero();
        assertThat(s.references()).isEqualTo(references);
        Map<String, Long> actualCounts = new HashMap<>();
        Map<String, Long> actualBytes = new HashMap<>();
        s.types().forEach(r -> {
            actualCounts.put(r.label(), r.count());
            actualBytes.put(r.label(), r.bytes());
        });
        assertThat(actualCounts).isEqualTo(counts);
        assertThat(actualBytes).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2.5", "2.7", "3.0", "3.3", "3.4", "4.0"})
    void classesAreNamedAsRubyNamesThem(String version) {
        Map<String, Long> byClass = new HashMap<>();
        RealDumpGoldenTest.histogram(DIR.resolve("ruby-" + version + ".jsonl"), GroupBy.CLASS).groups()
                .forEach(g -> byClass.put(g.key(), g.count()));
        assertThat(byClass).containsEntry("Widget", 1L).containsEntry("Widget::Point", 1L)
                .containsEntry("String", 4L).containsEntry("Widget::Taggable (ICLASS)", 1L)
                .containsEntry("Class", 10L).containsEntry("Module", 1L).containsEntry("<env> (IMEMO)", 1L);
        assertThat(byClass.keySet()).noneMatch(k -> k.startsWith("#<unknown"));
    }
}
