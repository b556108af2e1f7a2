package dev.heaplens.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

class JsonWriterTest {
    private static final ObjectMapper JACKSON = new ObjectMapper();

    private static String string(String s) {
        StringBuilder sb = new StringBuilder();
        new JsonWriter(sb).value(s);
        return sb.toString();
    }

    @Test
    void emptyContainers() {
        StringBuilder sb = new StringBuilder();
        new JsonWriter(sb).beginObject().endObject();
        assertThat(sb).hasToString("{}");
        sb.setLength(0);
        new JsonWriter(sb).beginArray().endArray();
        assertThat(sb).hasToString("[]");
    }

    @Test
    void nestedDocumentWithEveryValueKind() {
        StringBuilder sb = new StringBuilder();
        JsonWriter j = new JsonWriter(sb);
        j.beginObject()
                .field("a", 1)
                .field("b", "x")
                .field("c", true)
                .field("d", (String) null)
                .name("e").beginArray().value(1).value(-2).beginObject().name("f").beginArray().endArray().endObject()
                .beginObject().field("g", false).endObject().endArray()
                .name("h").beginObject().endObject()
                .field("i", Long.MIN_VALUE)
                .field("j", Long.MAX_VALUE)
                .endObject();
        assertThat(sb).hasToString("{\"a\":1,\"b\":\"x\",\"c\":true,\"d\":null,"
                + "\"e\":[1,-2,{\"f\":[]},{\"g\":false}],\"h\":{},"
                + "\"i\":-9223372036854775808,\"j\":9223372036854775807}");
    }

    @Test
    void arrayOfObjectsHasCommasBetween() {
        StringBuilder sb = new StringBuilder();
        JsonWriter j = new JsonWriter(sb).beginArray();
        for (int i = 0; i < 3; i++) {
            j.beginObject().field("key", "k" + i).field("count", i).endObject();
        }
        j.endArray();
        assertThat(sb).hasToString("[{\"key\":\"k0\",\"count\":0},{\"key\":\"k1\",\"count\":1},{\"key\":\"k2\",\"count\":2}]");
    }

    @Test
    void escapesQuotesAndBackslashes() {
        assertThat(string("say \"hi\"")).isEqualTo("\"say \\\"hi\\\"\"");
        assertThat(string("C:\\app\\x.rb")).isEqualTo("\"C:\\\\app\\\\x.rb\"");
        assertThat(string("\\\"")).isEqualTo("\"\\\\\\\"\"");
    }

    @Test
    void escapesControlCharacters() {
        assertThat(string("a\nb")).isEqualTo("\"a\\nb\"");
        assertThat(string("a\rb")).isEqualTo("\"a\\rb\"");
        assertThat(string("a\tb")).isEqualTo("\"a\\tb\"");
        assertThat(string("\u0000")).isEqualTo("\"\\u0000\"");
        assertThat(string("\u0001")).isEqualTo("\"\\u0001\"");
        assertThat(string("\b")).isEqualTo("\"\\u0008\"");
        assertThat(string("\f")).isEqualTo("\"\\u000c\"");
        assertThat(string("\u001b[0m")).isEqualTo("\"\\u001b[0m\"");
        assertThat(string("\u001f")).isEqualTo("\"\\u001f\"");
    }

    @Test
    void leavesOtherCharactersAsTheyAre() {
        assertThat(string(" ")).isEqualTo("\" \"");
        assertThat(string("/")).isEqualTo("\"/\"");
        assertThat(string("\u007f")).isEqualTo("\"\u007f\"");
        assertThat(string("Café")).isEqualTo("\"Café\"");
        assertThat(string("\u2028")).isEqualTo("\"\u2028\"");
        assertThat(string("\uD83D\uDE00")).isEqualTo("\"\uD83D\uDE00\"");
        assertThat(string("")).isEqualTo("\"\"");
    }

    @Test
    void keysAreEscapedLikeValues() {
        StringBuilder sb = new StringBuilder();
        new JsonWriter(sb).beginObject().field("a\"b\\c\n", "v").endObject();
        assertThat(sb).hasToString("{\"a\\\"b\\\\c\\n\":\"v\"}");
    }

    @Test
    void everyCharacterRoundTripsThroughJackson() throws IOException {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 0x3000; c++) {
            if (!Character.isSurrogate(c)) {
                all.append(c);
            }
        }
        all.append("\uD83D\uDE00\uFFFD");
        StringBuilder sb = new StringBuilder();
        new JsonWriter(sb).beginObject().field(all.toString(), all.toString()).name("n").beginArray()
                .value(all.toString()).endArray().endObject();
        JsonNode node = JACKSON.readTree(sb.toString());
        assertThat(node.size()).isEqualTo(2);
        assertThat(node.get(all.toString()).asText()).isEqualTo(all.toString());
        assertThat(node.get("n").get(0).asText()).isEqualTo(all.toString());
    }
}
