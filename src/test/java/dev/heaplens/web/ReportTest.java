package dev.heaplens.web;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The report's embedded answers, without a browser: each is what the API answers to the same request. */
class ReportTest {
    @TempDir
    Path dir;

    @Test
    void embeddedAnswersAreTheApisUnderTheKeysTheScriptAsks() {
        WebFixtures f = new WebFixtures("Leaf</script><!--"); // a Ruby dump keeps the name as it is
        try (Workspace ws = WebFixtures.workspace(List.of(f.write(dir, WebFixtures.Kind.RUBY)), List.of())) {
            String html = Report.html(ws);
            Matcher m = Pattern.compile("<script type=\"application/json\" id=\"heaplens-data\">(.*?)</script>", Pattern.DOTALL)
                    .matcher(html);
            assertThat(m.find()).isTrue();
            assertThat(m.group(1)).doesNotContain("<");
            JsonNode answers = WebFixtures.parse(m.group(1)).get("answers");
            Api api = new Api(ws);
            String histogram = Report.key("histogram", Map.of("d", "0", "by", "class", "sort", "bytes", "dir", "desc", "page", "0",
                    "size", "50"));
            assertThat(histogram).isEqualTo("histogram?by=class&d=0&dir=desc&page=0&size=50&sort=bytes");
            assertThat(answers.get(histogram)).isEqualTo(WebFixtures.ask(api, "histogram", "d", "0", "by", "class", "sort", "bytes",
                    "dir", "desc", "page", "0", "size", "50"));
            assertThat(answers.get("object?address=" + WebFixtures.hex(f.holder) + "&d=0&n=20")).isNotNull();
            assertThat(answers.get("dominators?address=" + WebFixtures.hex(f.holder) + "&d=0&page=0&size=20")).isNotNull();
            assertThat(answers.get("class?d=0&name=Leaf</script><!--&page=0&size=50").get("count").asInt()).isEqualTo(4);
            assertThat(html.split("(?i)</script", -1)).hasSize(6); // echarts, data, suspects, threads, app: each closes its own script element, nothing else does
            assertThat(html).doesNotContain("<!--");
        }
    }

    @Test
    void inlinedScriptsCannotCloseTheirElement() {
        assertThat(Report.inlineScript("a = '</SCRIPT>'; b = '<!-- x'")).isEqualTo("a = '<\\/SCRIPT>'; b = '<\\!-- x'");
    }
}
