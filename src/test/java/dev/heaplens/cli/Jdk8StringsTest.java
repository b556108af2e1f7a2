package dev.heaplens.cli;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport.Result;
import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.format.hprof.HprofWriter;
import dev.heaplens.format.hprof.RootKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JDK 8's Strings (no JDK 8 runs here): a dump written by {@link HprofWriter} with JDK 8's String
 * layout, {@code char[] value} and {@code int hash}, no {@code coder}. Known by construction:
 * {@link #LATIN} in 7 Strings with an array each, {@link #WIDE} (characters past Latin-1, and an
 * odd length) in 4, {@link #SHARED} in 5 Strings sharing one array, {@link #EVEN} (an even length,
 * whose holder JDK 9+ would be read for a coder) in 3, and one unique String. {@code strings} and
 * suspects' duplicate-strings finding must decode the UTF-16 characters and group them so, with
 * the waste of the extra Strings and arrays by HotSpot's sizes for the layout read.
 */
class Jdk8StringsTest {
    static final String LATIN = "heaplens jdk8 latin";
    static final String WIDE = "h\u00e9aplens \u2192 wide";
    static final String SHARED = "heaplens shared";
    static final String EVEN = "even-length!";
    private static final long OBJECT = 1;
    private static final long STRING = 2;
    private static final long CHARS = 3;
    private static final long VALUE = 200;
    private static final long HASH = 201;
    @TempDir
    static Path dir;
    private static Path dump;

    @BeforeAll
    static void write() throws IOException {
        dump = dir.resolve("jdk8.hprof");
        try (HprofWriter h = new HprofWriter(Files.newOutputStream(dump), 8)) {
            String[] names = {"java/lang/Object", "java/lang/String", "[C"};
            long[] classes = {OBJECT, STRING, CHARS};
            for (int i = 0; i < names.length; i++) {
                h.utf8(100 + i, names[i]).loadClass(i + 1, classes[i], 100 + i);
            }
            h.utf8(VALUE, "value").utf8(HASH, "hash").segment();
            long[] none = new long[0];
            BasicType[] noTypes = new BasicType[0];
            h.classDump(OBJECT, 0, none, noTypes, none, none, noTypes)
                    .classDump(STRING, OBJECT, none, noTypes, none, new long[] {VALUE, HASH},
                            new BasicType[] {BasicType.OBJECT, BasicType.INT})
                    .classDump(CHARS, OBJECT, none, noTypes, none, none, noTypes);
            for (long c : classes) {
                h.root(RootKind.STICKY_CLASS, c);
            }
            long[] next = {0x10000};
            strings(h, next, LATIN, 7, false);
            strings(h, next, WIDE, 4, false);
            strings(h, next, SHARED, 5, true);
            strings(h, next, EVEN, 3, false);
            strings(h, next, "unique", 1, false);
            h.endSegment().end();
        }
    }

    /** {@code copies} Strings of {@code text}, held by JNI globals, with one char[] each or one for all. */
    private static void strings(HprofWriter h, long[] next, String text, int copies, boolean shareArray) {
        byte[] utf16 = text.getBytes(StandardCharsets.UTF_16BE);
        long array = 0;
        for (int i = 0; i < copies; i++) {
            if (array == 0 || !shareArray) {
                array = next[0]++ * 16;
                h.primitiveArray(array, BasicType.CHAR, text.length(), utf16);
            }
            long string = next[0]++ * 16;
            h.instance(string, STRING, new BasicType[] {BasicType.OBJECT, BasicType.INT}, new long[] {array, 0});
            h.root(RootKind.JNI_GLOBAL, string);
        }
    }

    @Test
    void stringsDecodesAndGroupsCharArrays() throws IOException {
        HprofLayout layout = HprofGraphReader.read(HprofSource.of(dump)).layout();
        Result r = run("strings", dump.toString(), "--top", "100", "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        Map<String, JsonNode> byValue = new HashMap<>();
        new ObjectMapper().readTree(r.out()).get("rows").forEach(row -> byValue.put(row.get("value").asText(), row));
        assertThat(byValue).containsOnlyKeys(LATIN, WIDE, SHARED, EVEN); // the unique one is no duplicate
        long string = stringBytes(layout);
        expect(byValue.get(LATIN), 7, 7, LATIN, 6 * string + 6 * charArray(layout, LATIN));
        expect(byValue.get(WIDE), 4, 4, WIDE, 3 * string + 3 * charArray(layout, WIDE));
        expect(byValue.get(SHARED), 5, 1, SHARED, 4 * string);
        expect(byValue.get(EVEN), 3, 3, EVEN, 2 * string + 2 * charArray(layout, EVEN));
    }

    @Test
    void suspectsDuplicateStringsFindingAgreesBeforeAndAfterTheIndex() throws IOException {
        HprofLayout layout = HprofGraphReader.read(HprofSource.of(dump)).layout();
        long string = stringBytes(layout);
        long wasted = 6 * string + 6 * charArray(layout, LATIN) + 3 * string + 3 * charArray(layout, WIDE) + 4 * string
                + 2 * string + 2 * charArray(layout, EVEN);
        JsonNode f = finding("--no-index");
        assertThat(f.get("bytes").asLong()).isEqualTo(wasted);
        assertThat(f.get("objects").asLong()).isEqualTo(7 + 4 + 5 + 3);
        Map<String, Long> objects = new HashMap<>();
        f.get("values").forEach(v -> objects.put(v.get("value").asText(), v.get("objects").asLong()));
        assertThat(objects).containsExactlyInAnyOrderEntriesOf(Map.of(LATIN, 7L, WIDE, 4L, SHARED, 5L, EVEN, 3L));
        assertThat(finding()).isEqualTo(f); // writes the index
        assertThat(finding()).isEqualTo(f); // reads it
    }

    private static JsonNode finding(String... extra) throws IOException {
        String[] args = new String[4 + extra.length];
        System.arraycopy(new String[] {"suspects", dump.toString(), "--format", "json"}, 0, args, 0, 4);
        System.arraycopy(extra, 0, args, 4, extra.length);
        Result r = run(args);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        for (JsonNode f : new ObjectMapper().readTree(r.out()).get("findings")) {
            if (f.get("check").asText().equals("duplicate-strings")) {
                return f;
            }
        }
        throw new AssertionError("no duplicate-strings finding in " + r.out());
    }

    private static void expect(JsonNode row, long strings, long arrays, String value, long wasted) {
        assertThat(row.get("strings").asLong()).as(value).isEqualTo(strings);
        assertThat(row.get("arrays").asLong()).as(value).isEqualTo(arrays);
        assertThat(row.get("chars").asLong()).as(value).isEqualTo(value.length());
        assertThat(row.get("valueComplete").asBoolean()).as(value).isTrue();
        assertThat(row.get("wastedBytes").asLong()).as(value).isEqualTo(wasted);
    }

    /** HotSpot's size of a JDK 8 String: header, the value reference and the int hash, aligned to 8. */
    private static long stringBytes(HprofLayout layout) {
        return align(layout.headerBytes() + layout.referenceBytes() + 4);
    }

    /** HotSpot's size of a char[] holding {@code text}: the array header and two bytes a character, aligned to 8. */
    private static long charArray(HprofLayout layout, String text) {
        return align(layout.arrayHeaderBytes() + 2L * text.length());
    }

    private static long align(long bytes) {
        return (bytes + 7) & -8L;
    }
}
