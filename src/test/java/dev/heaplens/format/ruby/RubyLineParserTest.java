package dev.heaplens.format.ruby;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class RubyLineParserTest {
    private static final Set<RubyLineParser.Field> ALL = EnumSet.allOf(RubyLineParser.Field.class);

    private final RubyRecord r = new RubyRecord();

    private boolean parse(String line, Set<RubyLineParser.Field> fields) {
        return parse(line.getBytes(StandardCharsets.UTF_8), fields);
    }

    private boolean parse(byte[] line, Set<RubyLineParser.Field> fields) {
        RubyLineParser parser = new RubyLineParser(fields);
        boolean ok = parser.parse(line, 0, line.length, r);
        lastError = parser.error();
        return ok;
    }

    private String lastError;

    private String text(RubyRecord.ByteRange range) {
        return JsonText.decode(r.buf, range.start, range.end, range.escaped);
    }

    @Test
    void readsTheFieldsOfARuby31StringLine() {
        String line = "{\"address\":\"0x7f84dece31b8\", \"type\":\"STRING\", \"class\":\"0x7f84e21be428\", \"frozen\":true, "
                + "\"embedded\":true, \"fstring\":true, \"bytesize\":11, \"value\":\"<class:Foo>\", \"file\":\"app/foo.rb\", "
                + "\"line\":12, \"method\":\"build\", \"generation\":9, \"memsize\":40, \"flags\":{\"wb_protected\":true, \"old\":true}}";
        for (Set<RubyLineParser.Field> fields : java.util.List.of(ALL, Set.of(RubyLineParser.Field.ALLOCATION))) {
            assertThat(parse(line, fields)).as(lastError).isTrue();
            assertThat(r.type).isEqualTo(RubyType.STRING);
            assertThat(r.address).isEqualTo(0x7f84dece31b8L);
            assertThat(r.classAddress).isEqualTo(0x7f84e21be428L);
            assertThat(r.memsize).isEqualTo(40);
            assertThat(text(r.file)).isEqualTo("app/foo.rb");
            assertThat(r.line).isEqualTo(12);
            assertThat(text(r.method)).isEqualTo("build");
            assertThat(r.generation).isEqualTo(9);
        }
        assertThat(parse(line, ALL)).isTrue();
        assertThat(r.flags & (RubyRecord.FLAG_WB_PROTECTED | RubyRecord.FLAG_OLD))
                .isEqualTo(RubyRecord.FLAG_WB_PROTECTED | RubyRecord.FLAG_OLD);
    }

    @Test
    void sizesAreReadOnlyWhenAskedFor() {
        Set<RubyLineParser.Field> sizes = EnumSet.of(RubyLineParser.Field.SIZES, RubyLineParser.Field.REFERENCES);
        String string = "{\"address\":\"0x10\", \"type\":\"STRING\", \"class\":\"0x20\", \"bytesize\":3, \"capacity\":1000, "
                + "\"value\":\"a\\\"c\", \"encoding\":\"UTF-8\", \"memsize\":1041}";
        assertThat(parse(string, sizes)).as(lastError).isTrue();
        assertThat(r.bytesize).isEqualTo(3);
        assertThat(r.capacity).isEqualTo(1000);
        assertThat(text(r.value)).isEqualTo("a\"c");
        assertThat(r.memsize).isEqualTo(1041);
        String array = "{\"address\":\"0x30\", \"type\":\"ARRAY\", \"class\":\"0x20\", \"length\":4, \"shared\":true, "
                + "\"embedded\":true, \"references\":[\"0x40\"], \"memsize\":40}";
        assertThat(parse(array, sizes)).as(lastError).isTrue();
        assertThat(r.elements).isEqualTo(4);
        assertThat(r.flags & (RubyRecord.SHARED | RubyRecord.EMBEDDED)).isEqualTo(RubyRecord.SHARED | RubyRecord.EMBEDDED);
        assertThat(r.referenceCount).isEqualTo(1);
        assertThat(parse("{\"address\":\"0x50\", \"type\":\"HASH\", \"class\":\"0x20\", \"size\":0, \"memsize\":40}", sizes)).isTrue();
        assertThat(r.elements).isZero();
        for (Set<RubyLineParser.Field> without : java.util.List.of(Set.<RubyLineParser.Field>of(), EnumSet.of(RubyLineParser.Field.REFERENCES))) {
            assertThat(parse(string, without)).as(lastError).isTrue();
            assertThat(r.bytesize).isEqualTo(RubyRecord.NONE);
            assertThat(r.capacity).isEqualTo(RubyRecord.NONE);
            assertThat(r.value.isPresent()).isFalse();
            assertThat(r.memsize).isEqualTo(1041);
            assertThat(parse(array, without)).isTrue();
            assertThat(r.elements).isEqualTo(RubyRecord.NONE);
            assertThat(r.flags & (RubyRecord.SHARED | RubyRecord.EMBEDDED)).isZero();
        }
    }

    @Test
    void memsizeTextInsideAStringValueIsNotTakenForTheKey() {
        String line = "{\"address\":\"0x10\", \"type\":\"STRING\", \"class\":\"0x20\", \"value\":\"x\\\", \\\"memsize\\\":99}\", "
                + "\"memsize\":40}";
        assertThat(parse(line, Set.of())).as(lastError).isTrue();
        assertThat(r.memsize).isEqualTo(40);
    }

    @Test
    void readsClassLinesWithNamesSingletonAndSuperclass() {
        String line = "{\"address\":\"0x7f84e29f8120\", \"type\":\"CLASS\", \"class\":\"0x7f84decfff20\", \"superclass\":\"0x7f84e29f8468\", "
                + "\"real_class_name\":\"Class\", \"singleton\":true, \"references\":[\"0x7f84e29f8468\", \"0x7f84decffe58\"], "
                + "\"memsize\":752, \"flags\":{\"wb_protected\":true}}";
        assertThat(parse(line, Set.of())).isTrue();
        assertThat(r.type).isEqualTo(RubyType.CLASS);
        assertThat(r.superclassAddress).isEqualTo(0x7f84e29f8468L);
        assertThat(text(r.realClassName)).isEqualTo("Class");
        assertThat(r.hasFlag(RubyRecord.SINGLETON)).isTrue();
        assertThat(r.name.isPresent()).isFalse();
        assertThat(r.memsize).isEqualTo(752);
    }

    @Test
    void decodesOrCountsReferences() {
        String line = "{\"address\":\"0x1\", \"type\":\"ARRAY\", \"class\":\"0x2\", \"length\":3, "
                + "\"references\":[\"0xa\", \"0xB\", \"0x7fffffffffff\"], \"memsize\":64}";
        assertThat(parse(line, Set.of(RubyLineParser.Field.REFERENCES))).isTrue();
        assertThat(r.referenceCount).isEqualTo(3);
        assertThat(java.util.Arrays.copyOf(r.references, 3)).containsExactly(0xaL, 0xbL, 0x7fffffffffffL);
        assertThat(r.address).as("references do not overwrite the record's own address").isEqualTo(0x1L);
        assertThat(r.classAddress).isEqualTo(0x2L);
        assertThat(parse(line, Set.of(RubyLineParser.Field.REFERENCE_COUNT))).isTrue();
        assertThat(r.referenceCount).isEqualTo(3);
        assertThat(r.memsize).isEqualTo(64);
    }

    @Test
    void readsAHugeLineOfReferences() {
        StringBuilder sb = new StringBuilder("{\"address\":\"0x1\", \"type\":\"ARRAY\", \"class\":\"0x2\", \"length\":1000000, \"references\":[");
        for (int i = 0; i < 1_000_000; i++) {
            sb.append(i == 0 ? "" : ", ").append("\"0x7f84").append(String.format("%08x", i * 40L)).append('"');
        }
        sb.append("], \"memsize\":8000040}");
        assertThat(sb.length()).isGreaterThan(10_000_000);
        assertThat(parse(sb.toString(), Set.of(RubyLineParser.Field.REFERENCES))).isTrue();
        assertThat(r.referenceCount).isEqualTo(1_000_000);
        assertThat(r.references[999_999]).isEqualTo(0x7f8400000000L + 999_999L * 40);
        assertThat(parse(sb.toString(), Set.of())).isTrue();
        assertThat(r.memsize).isEqualTo(8000040);
    }

    @Test
    void toleratesAnUnescapedFilePathWithQuotesAndBackslashes() {
        // Ruby writes "file" raw in every version: eval'd file names break the JSON.
        String line = "{\"address\":\"0x1\", \"type\":\"STRING\", \"class\":\"0x2\", \"bytesize\":1, \"value\":\"a\", "
                + "\"file\":\"tmpl \"quoted\" \\dir\\view.rb\", \"line\":3, \"generation\":5, \"memsize\":40}";
        for (Set<RubyLineParser.Field> fields : java.util.List.of(ALL, Set.of(RubyLineParser.Field.ALLOCATION))) {
            assertThat(parse(line, fields)).as(lastError).isTrue();
            assertThat(text(r.file)).isEqualTo("tmpl \"quoted\" \\dir\\view.rb");
            assertThat(r.line).isEqualTo(3);
            assertThat(r.memsize).isEqualTo(40);
        }
    }

    @Test
    void keepsRawNonUtf8BytesAndDecodesThemWithReplacement() {
        byte[] prefix = "{\"address\":\"0x1\", \"type\":\"CLASS\", \"class\":\"0x2\", \"name\":\"Caf".getBytes(StandardCharsets.UTF_8);
        byte[] suffix = "\", \"memsize\":40}".getBytes(StandardCharsets.UTF_8);
        byte[] line = new byte[prefix.length + 2 + suffix.length];
        System.arraycopy(prefix, 0, line, 0, prefix.length);
        line[prefix.length] = (byte) 0xc3; // é in UTF-8, written raw by Ruby 3.1
        line[prefix.length + 1] = (byte) 0xa9;
        System.arraycopy(suffix, 0, line, prefix.length + 2, suffix.length);
        assertThat(parse(line, Set.of())).isTrue();
        assertThat(text(r.name)).isEqualTo("Café");
        line[prefix.length] = (byte) 0xff;
        assertThat(parse(line, Set.of())).isTrue();
        assertThat(text(r.name)).isEqualTo("Caf\uFFFD\uFFFD");
    }

    @Test
    void recoversTheMethodOfRuby31sGarbledNonAsciiMethodNames() {
        // Ruby 3.0/3.1 write each non-ASCII byte of a method name as \u00ff, a NUL and stale bytes.
        String line = "{\"address\":\"0x1\", \"type\":\"STRING\", \"class\":\"0x2\", \"value\":\"dessert\", \"file\":\"b.rb\", "
                + "\"line\":12, \"method\":\"cr\\u00ff\u0000\", \"t\\u00ff\u0000MEMO\"me\", \"generation\":9, \"memsize\":40, "
                + "\"flags\":{\"wb_protected\":true}}";
        assertThat(parse(line, ALL)).as(lastError).isTrue();
        assertThat(r.generation).isEqualTo(9);
        assertThat(r.memsize).isEqualTo(40);
        assertThat(r.line).isEqualTo(12);
        assertThat(parse(line, Set.of())).isTrue();
        assertThat(r.memsize).isEqualTo(40);
    }

    @Test
    void ignoresUnknownKeysOfAnyShape() {
        String line = "{\"address\":\"0x1\", \"type\":\"OBJECT\", \"class\":\"0x2\", \"future\":{\"a\":[1, {\"b\":null}], \"c\":\"d\"}, "
                + "\"ratio\":-1.5e+3, \"nothing\":null, \"memsize\":40, \"flags\":{\"age\":3, \"object_id\":17, \"old\":true}}";
        assertThat(parse(line, ALL)).as(lastError).isTrue();
        assertThat(r.memsize).isEqualTo(40);
        assertThat(r.hasFlag(RubyRecord.FLAG_OLD)).isTrue();
    }

    @Test
    void acceptsLinesWithoutSpacesAfterCommas() {
        String line = "{\"address\":\"0x7b2a517f8cc8\",\"type\":\"SHAPE\",\"id\":5,\"parent_id\":0,\"shape_type\":\"IVAR\","
                + "\"edge_name\":\"@name\",\"memsize\":128}";
        assertThat(parse(line, ALL)).as(lastError).isTrue();
        assertThat(r.type).isEqualTo(RubyType.SHAPE);
        assertThat(r.memsize).isEqualTo(128);
    }

    @Test
    void readsRootLines() {
        assertThat(parse("{\"type\":\"ROOT\", \"root\":\"vm\", \"references\":[\"0x1\", \"0x2\"]}", Set.of(RubyLineParser.Field.REFERENCE_COUNT))).isTrue();
        assertThat(r.type).isEqualTo(RubyType.ROOT);
        assertThat(text(r.root)).isEqualTo("vm");
        assertThat(r.referenceCount).isEqualTo(2);
    }

    @Test
    void explainsMalformedLines() {
        assertThat(parse("{\"address\":\"0x1\", \"type\":\"STRING\", \"class\":\"0x2\", \"memsize\":4", Set.of())).isFalse();
        assertThat(lastError).isEqualTo("line ends inside the record (truncated?)");
        assertThat(parse("{\"address\":\"0x1\", \"type\":\"STRING\", \"value\":\"abc", Set.of())).isFalse();
        assertThat(lastError).isEqualTo("unterminated string at column 44");
        assertThat(parse("{\"address\":\"0x1\", \"type\":\"GADGET\", \"memsize\":40}", Set.of())).isFalse();
        assertThat(lastError).isEqualTo("unknown type \"GADGET\"");
        assertThat(parse("{\"address\":\"1\", \"type\":\"STRING\"}", Set.of())).isFalse();
        assertThat(lastError).isEqualTo("address without 0x at column 13");
        assertThat(parse("{\"address\":\"0x1\", \"memsize\":40}", Set.of())).isFalse();
        assertThat(lastError).isEqualTo("no \"type\" key");
        assertThat(parse("{\"type\":\"STRING\", \"memsize\":40}", Set.of())).isFalse();
        assertThat(lastError).isEqualTo("no \"address\" key");
        assertThat(parse("{\"address\":\"0x1\", \"type\":\"STRING\"} trailing", Set.of())).isFalse();
        assertThat(lastError).isEqualTo("unexpected text after the record at column 36");
        assertThat(parse("{\"address\":\"0x1\" \"type\":\"STRING\"}", Set.of())).isFalse();
        assertThat(lastError).isEqualTo("expected ',' or '}' at column 18");
    }

    @Test
    void aTailOfUnexpectedShapeFallsBackToParsingForward() {
        // memsize before references: the backward walk finds no tail, the forward parse still works
        String line = "{\"address\":\"0x1\", \"type\":\"ARRAY\", \"class\":\"0x2\", \"memsize\":72, \"references\":[\"0x3\"], \"extra\":1}";
        assertThat(parse(line, Set.of())).as(lastError).isTrue();
        assertThat(r.memsize).isEqualTo(72);
    }
}
