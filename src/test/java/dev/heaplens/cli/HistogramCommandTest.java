package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport.Result;
import dev.heaplens.format.ruby.RubyType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static dev.heaplens.cli.CliTestSupport.linesOf;
import static dev.heaplens.cli.CliTestSupport.run;
import static dev.heaplens.cli.CliTestSupport.writeDump;
import static dev.heaplens.cli.CliTestSupport.writeGzipDump;
import static dev.heaplens.testheap.RubyLines.line;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * {@code heaplens histogram} on a small hand-written Ruby 3.1 dump. Every expected figure below
 * was worked out by hand from the lines of {@link #DUMP}; see the notes beside it.
 */
class HistogramCommandTest {
    /*
     * 20 lines: 2 ROOT lines and 18 heap objects, 5679 bytes in all.
     *
     * line  address  type    class -> counted as                         memsize  allocation info
     *  3    1000     CLASS   1028 (#<Class:Foo>, real_class_name Class) -> Class    480
     *  4    1028     CLASS   0e00 (not in dump)                         -> Class    600
     *  5    1050     CLASS   1028                                       -> Class    432   (singleton of a Foo instance)
     *  6    1078     CLASS   0e50 (not in dump)                         -> Class    512   (anonymous class)
     *  7    10a0     MODULE  0e00 (not in dump)                         -> Module   320   (Greeting)
     *  8    10c8     ICLASS  10a0                        -> Greeting (ICLASS)       40
     *  9    10f0     CLASS   0e00                                       -> Class   1072   (String)
     * 10    1400     STRING  10f0 -> String                                        40   /app/models/foo.rb:12 greet gen 5
     * 11    1428     STRING  10f0 -> String                                        71   .../gems/rack-3.0.8/lib/rack/utils.rb:88 escape gen 7
     * 12    1450     OBJECT  1000 -> Foo                                           40   /app/models/foo.rb:12 greet gen 5
     * 13    1478     OBJECT  1050 (singleton, superclass Foo) -> Foo               40
     * 14    14a0     OBJECT  1078 -> #<Class:0x00007f0000001078>                   40   /usr/lib/ruby/3.1.0/set.rb:250 initialize gen 7
     * 15    14c8     ARRAY   none -> (hidden ARRAY)                                40   <internal:kernel>:90 tap gen 9
     * 16    14f0     DATA    none, struct autoload_const -> <autoload_const> (DATA) 104
     * 17    1518     IMEMO   cref -> <cref> (IMEMO)                                40
     * 18    1540     IMEMO   iseq -> <iseq> (IMEMO)                               936   /app/boot.rb:1 require gen 3
     * 19    1568     IMEMO   iseq -> <iseq> (IMEMO)                               832
     * 20    1590     OBJECT  0d00 (not in dump) -> #<unknown class 0x00007f0000000d00>  40
     */
    static final String[] DUMP = linesOf("""
            {"type":"ROOT", "root":"vm", "references":["0x7f0000001000", "0x7f0000001400"]}
            {"type":"ROOT", "root":"machine_context", "references":["0x7f0000001400", "0x7f0000001400", "0x7f0000001450"]}
            {"address":"0x7f0000001000", "type":"CLASS", "class":"0x7f0000001028", "superclass":"0x7f0000000f00", "name":"Foo", "references":["0x7f0000000f00", "0x7f0000001028"], "memsize":480, "flags":{"wb_protected":true, "old":true, "uncollectible":true, "marked":true}}
            {"address":"0x7f0000001028", "type":"CLASS", "class":"0x7f0000000e00", "superclass":"0x7f0000000e28", "real_class_name":"Class", "singleton":true, "references":["0x7f0000000e28", "0x7f0000001000"], "memsize":600, "flags":{"wb_protected":true, "old":true, "uncollectible":true, "marked":true}}
            {"address":"0x7f0000001050", "type":"CLASS", "class":"0x7f0000001028", "superclass":"0x7f0000001000", "real_class_name":"Foo", "singleton":true, "references":["0x7f0000001000", "0x7f0000001478"], "memsize":432, "flags":{"wb_protected":true, "marked":true}}
            {"address":"0x7f0000001078", "type":"CLASS", "class":"0x7f0000000e50", "superclass":"0x7f0000001000", "references":["0x7f0000001000"], "memsize":512, "flags":{"wb_protected":true, "marked":true}}
            {"address":"0x7f00000010a0", "type":"MODULE", "class":"0x7f0000000e00", "name":"Greeting", "references":["0x7f0000001518"], "memsize":320, "flags":{"wb_protected":true, "old":true, "uncollectible":true, "marked":true}}
            {"address":"0x7f00000010c8", "type":"ICLASS", "class":"0x7f00000010a0", "superclass":"0x7f0000000f00", "references":["0x7f0000000f00"], "memsize":40, "flags":{"wb_protected":true, "old":true, "uncollectible":true, "marked":true}}
            {"address":"0x7f00000010f0", "type":"CLASS", "class":"0x7f0000000e00", "superclass":"0x7f0000000f00", "name":"String", "references":["0x7f0000000f00"], "memsize":1072, "flags":{"wb_protected":true, "old":true, "uncollectible":true, "marked":true}}
            {"address":"0x7f0000001400", "type":"STRING", "class":"0x7f00000010f0", "frozen":true, "embedded":true, "fstring":true, "bytesize":5, "value":"hello", "encoding":"UTF-8", "file":"/app/models/foo.rb", "line":12, "method":"greet", "generation":5, "memsize":40, "flags":{"wb_protected":true, "old":true, "uncollectible":true, "marked":true}}
            {"address":"0x7f0000001428", "type":"STRING", "class":"0x7f00000010f0", "bytesize":30, "value":"abcdefghijklmnopqrstuvwxyz0123", "encoding":"UTF-8", "file":"/usr/lib/ruby/gems/3.1.0/gems/rack-3.0.8/lib/rack/utils.rb", "line":88, "method":"escape", "generation":7, "memsize":71, "flags":{"wb_protected":true}}
            {"address":"0x7f0000001450", "type":"OBJECT", "class":"0x7f0000001000", "ivars":3, "references":["0x7f0000001400"], "file":"/app/models/foo.rb", "line":12, "method":"greet", "generation":5, "memsize":40, "flags":{"wb_protected":true}}
            {"address":"0x7f0000001478", "type":"OBJECT", "class":"0x7f0000001050", "ivars":3, "memsize":40, "flags":{"wb_protected":true, "old":true, "uncollectible":true, "marked":true}}
            {"address":"0x7f00000014a0", "type":"OBJECT", "class":"0x7f0000001078", "ivars":3, "file":"/usr/lib/ruby/3.1.0/set.rb", "line":250, "method":"initialize", "generation":7, "memsize":40}
            {"address":"0x7f00000014c8", "type":"ARRAY", "frozen":true, "length":2, "embedded":true, "references":["0x7f0000001400", "0x7f0000001428"], "file":"<internal:kernel>", "line":90, "method":"tap", "generation":9, "memsize":40, "flags":{"wb_protected":true, "old":true, "uncollectible":true, "marked":true}}
            {"address":"0x7f00000014f0", "type":"DATA", "struct":"autoload_const", "references":["0x7f00000010a0"], "memsize":104}
            {"address":"0x7f0000001518", "type":"IMEMO", "class":"0x8", "imemo_type":"cref", "references":["0x7f00000010a0"], "memsize":40, "flags":{"wb_protected":true, "old":true, "uncollectible":true, "marked":true}}
            {"address":"0x7f0000001540", "type":"IMEMO", "imemo_type":"iseq", "references":["0x7f0000001400"], "file":"/app/boot.rb", "line":1, "method":"require", "generation":3, "memsize":936, "flags":{"wb_protected":true, "old":true, "uncollectible":true, "marked":true}}
            {"address":"0x7f0000001568", "type":"IMEMO", "imemo_type":"iseq", "memsize":832, "flags":{"wb_protected":true, "old":true, "uncollectible":true, "marked":true}}
            {"address":"0x7f0000001590", "type":"OBJECT", "class":"0x7f0000000d00", "ivars":3, "memsize":40, "flags":{"wb_protected":true, "old":true, "uncollectible":true, "marked":true}}
            """);

    /** By class: 11 groups, by bytes, then count, then key. */
    private static final String TSV_BY_CLASS = """
            count\tbytes\tclass
            5\t3096\tClass
            2\t1768\t<iseq> (IMEMO)
            1\t320\tModule
            2\t111\tString
            1\t104\t<autoload_const> (DATA)
            2\t80\tFoo
            1\t40\t#<Class:0x00007f0000001078>
            1\t40\t#<unknown class 0x00007f0000000d00>
            1\t40\t(hidden ARRAY)
            1\t40\t<cref> (IMEMO)
            1\t40\tGreeting (ICLASS)
            """;

    private static final String TOTALS_ALL_SHOWN = "heaplens: total: 18 objects, 5679 bytes in 11 groups (11 shown)";

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path dump;

    @BeforeEach
    void writeTheDump() {
        dump = writeDump(dir, "heap.json", DUMP);
    }

    private Result histogram(String... options) {
        String[] args = new String[options.length + 2];
        args[0] = "histogram";
        args[1] = dump.toString();
        System.arraycopy(options, 0, args, 2, options.length);
        Result r = run(args);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return r;
    }

    // ----- --by class in every format -----

    @Test
    void tsvByClass() {
        Result r = histogram("--by", "class", "--format", "tsv");
        assertThat(r.out()).isEqualTo(TSV_BY_CLASS);
        assertThat(r.errLines()).containsExactly(TOTALS_ALL_SHOWN);
    }

    @Test
    void classIsTheDefaultGrouping() {
        assertThat(histogram("--format", "tsv").out()).isEqualTo(TSV_BY_CLASS);
    }

    @Test
    void csvByClass() {
        Result r = histogram("--by", "class", "--format", "csv");
        assertThat(r.out()).isEqualTo("""
                count,bytes,class
                5,3096,Class
                2,1768,<iseq> (IMEMO)
                1,320,Module
                2,111,String
                1,104,<autoload_const> (DATA)
                2,80,Foo
                1,40,#<Class:0x00007f0000001078>
                1,40,#<unknown class 0x00007f0000000d00>
                1,40,(hidden ARRAY)
                1,40,<cref> (IMEMO)
                1,40,Greeting (ICLASS)
                """);
        assertThat(r.errLines()).containsExactly(TOTALS_ALL_SHOWN);
    }

    @Test
    void markdownByClass() {
        Result r = histogram("--by", "class", "--format", "markdown");
        assertThat(r.out()).isEqualTo("""
                | Count | Bytes | Class |
                |---:|---:|---|
                | 5 | 3,096 | `Class` |
                | 2 | 1,768 | `<iseq> (IMEMO)` |
                | 1 | 320 | `Module` |
                | 2 | 111 | `String` |
                | 1 | 104 | `<autoload_const> (DATA)` |
                | 2 | 80 | `Foo` |
                | 1 | 40 | `#<Class:0x00007f0000001078>` |
                | 1 | 40 | `#<unknown class 0x00007f0000000d00>` |
                | 1 | 40 | `(hidden ARRAY)` |
                | 1 | 40 | `<cref> (IMEMO)` |
                | 1 | 40 | `Greeting (ICLASS)` |
                | **18** | **5,679** | **Total** (11 groups) |
                """);
        assertThat(r.err()).isEmpty();
    }

    @Test
    void tableByClass() {
        Result r = histogram("--by", "class", "--format", "table");
        assertThat(r.out()).isEqualTo("Objects by class in " + dump + ", by bytes\n" + """
                count  count%   bytes  bytes%  class
                    5   27.8%  3.1 KB   54.5%  Class
                    2   11.1%  1.8 KB   31.1%  <iseq> (IMEMO)
                    1    5.6%   320 B    5.6%  Module
                    2   11.1%   111 B    2.0%  String
                    1    5.6%   104 B    1.8%  <autoload_const> (DATA)
                    2   11.1%    80 B    1.4%  Foo
                    1    5.6%    40 B    0.7%  #<Class:0x00007f0000001078>
                    1    5.6%    40 B    0.7%  #<unknown class 0x00007f0000000d00>
                    1    5.6%    40 B    0.7%  (hidden ARRAY)
                    1    5.6%    40 B    0.7%  <cref> (IMEMO)
                    1    5.6%    40 B    0.7%  Greeting (ICLASS)
                   18  100.0%  5.7 KB  100.0%  TOTAL (11 groups)
                """);
        assertThat(r.err()).isEmpty();
    }

    @Test
    void tableIsTheDefaultFormat() {
        assertThat(histogram().out()).startsWith("Objects by class in " + dump + ", by bytes\n"
                + "count  count%   bytes  bytes%  class\n");
    }

    @Test
    void jsonByClass() throws IOException {
        Result r = histogram("--by", "class", "--format", "json");
        assertThat(r.out()).endsWith("}\n");
        JsonNode json = JSON.readTree(r.out());
        assertThat(json.get("dump").asText()).isEqualTo(dump.toString());
        assertThat(json.get("by").asText()).isEqualTo("class");
        assertThat(json.get("sort").asText()).isEqualTo("bytes");
        assertThat(json.get("total").get("count").asLong()).isEqualTo(18);
        assertThat(json.get("total").get("bytes").asLong()).isEqualTo(5679);
        assertThat(json.get("total").get("groups").asLong()).isEqualTo(11);
        assertThat(json.get("other").get("count").asLong()).isZero();
        assertThat(json.get("other").get("bytes").asLong()).isZero();
        assertThat(json.get("other").get("groups").asLong()).isZero();
        assertThat(groups(json)).containsExactly(
                "Class 5 3096",
                "<iseq> (IMEMO) 2 1768",
                "Module 1 320",
                "String 2 111",
                "<autoload_const> (DATA) 1 104",
                "Foo 2 80",
                "#<Class:0x00007f0000001078> 1 40",
                "#<unknown class 0x00007f0000000d00> 1 40",
                "(hidden ARRAY) 1 40",
                "<cref> (IMEMO) 1 40",
                "Greeting (ICLASS) 1 40");
        assertThat(r.err()).isEmpty();
    }

    private static List<String> groups(JsonNode json) {
        List<String> out = new ArrayList<>();
        for (JsonNode g : json.get("groups")) {
            assertThat(g.size()).isEqualTo(3);
            out.add(g.get("key").asText() + " " + g.get("count").asLong() + " " + g.get("bytes").asLong());
        }
        return out;
    }

    @Test
    void gzipDumpGivesTheSameRows() {
        Path gz = writeGzipDump(dir, "heap.json.gz", DUMP);
        Result r = run("histogram", gz.toString(), "--format", "tsv");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).isEqualTo(TSV_BY_CLASS);
    }

    @Test
    void oneThreadOrManyGiveTheSameRows() {
        assertThat(histogram("--format", "tsv", "--threads", "1").out()).isEqualTo(TSV_BY_CLASS);
        assertThat(histogram("--format", "tsv", "--threads", "8").out()).isEqualTo(TSV_BY_CLASS);
    }

    // ----- every --by, as tsv (exact) and json (totals add up) -----

    static Stream<Arguments> groupings() {
        return Stream.of(
                Arguments.of("class", 18, 5679, TSV_BY_CLASS),
                Arguments.of("type", 18, 5679, """
                        count\tbytes\ttype
                        5\t3096\tCLASS
                        3\t1808\tIMEMO
                        1\t320\tMODULE
                        4\t160\tOBJECT
                        2\t111\tSTRING
                        1\t104\tDATA
                        1\t40\tARRAY
                        1\t40\tICLASS
                        """),
                Arguments.of("imemo", 3, 1808, """
                        count\tbytes\timemo
                        2\t1768\tiseq
                        1\t40\tcref
                        """),
                Arguments.of("location", 18, 5679, """
                        count\tbytes\tlocation
                        12\t4512\t(no allocation info)
                        1\t936\t/app/boot.rb:1
                        2\t80\t/app/models/foo.rb:12
                        1\t71\t/usr/lib/ruby/gems/3.1.0/gems/rack-3.0.8/lib/rack/utils.rb:88
                        1\t40\t/usr/lib/ruby/3.1.0/set.rb:250
                        1\t40\t<internal:kernel>:90
                        """),
                Arguments.of("file", 18, 5679, """
                        count\tbytes\tfile
                        12\t4512\t(no allocation info)
                        1\t936\t/app/boot.rb
                        2\t80\t/app/models/foo.rb
                        1\t71\t/usr/lib/ruby/gems/3.1.0/gems/rack-3.0.8/lib/rack/utils.rb
                        1\t40\t/usr/lib/ruby/3.1.0/set.rb
                        1\t40\t<internal:kernel>
                        """),
                Arguments.of("gem", 18, 5679, """
                        count\tbytes\tgem
                        12\t4512\t(no allocation info)
                        3\t1016\tapp
                        1\t71\track
                        1\t40\truby core
                        1\t40\truby stdlib
                        """),
                Arguments.of("method", 18, 5679, """
                        count\tbytes\tmethod
                        12\t4512\t(no allocation info)
                        1\t936\trequire
                        2\t80\tgreet
                        1\t71\tescape
                        1\t40\tinitialize
                        1\t40\ttap
                        """),
                Arguments.of("generation", 18, 5679, """
                        count\tbytes\tgeneration
                        12\t4512\t(no generation)
                        1\t936\t3
                        2\t111\t7
                        2\t80\t5
                        1\t40\t9
                        """));
    }

    @ParameterizedTest(name = "--by {0}")
    @MethodSource("groupings")
    void tsvBy(String by, long count, long bytes, String expected) {
        Result r = histogram("--by", by, "--format", "tsv");
        assertThat(r.out()).isEqualTo(expected);
        long groups = expected.lines().count() - 1;
        assertThat(r.errLines()).containsExactly("heaplens: total: " + count + " objects, " + bytes + " bytes in "
                + groups + " groups (" + groups + " shown)");
    }

    @ParameterizedTest(name = "--by {0}")
    @MethodSource("groupings")
    void tsvHeaderIsCountBytesKey(String by, long count, long bytes, String expected) {
        List<String> lines = histogram("--by", by, "--format", "tsv").outLines();
        assertThat(lines.get(0)).isEqualTo("count\tbytes\t" + by);
        long countSum = 0;
        long bytesSum = 0;
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split("\t", -1);
            assertThat(cells).hasSize(3);
            assertThat(cells[0]).matches("[0-9]+");
            assertThat(cells[1]).matches("[0-9]+");
            countSum += Long.parseLong(cells[0]);
            bytesSum += Long.parseLong(cells[1]);
        }
        assertThat(countSum).isEqualTo(count);
        assertThat(bytesSum).isEqualTo(bytes);
    }

    @ParameterizedTest(name = "--by {0}")
    @MethodSource("groupings")
    void jsonBy(String by, long count, long bytes, String expectedTsv) throws IOException {
        JsonNode json = JSON.readTree(histogram("--by", by, "--format", "json").out());
        assertThat(json.get("by").asText()).isEqualTo(by);
        assertThat(json.get("total").get("count").asLong()).isEqualTo(count);
        assertThat(json.get("total").get("bytes").asLong()).isEqualTo(bytes);
        List<String> fromTsv = new ArrayList<>();
        expectedTsv.lines().skip(1).forEach(line -> {
            String[] cells = line.split("\t");
            fromTsv.add(cells[2] + " " + cells[0] + " " + cells[1]);
        });
        assertThat(groups(json)).containsExactlyElementsOf(fromTsv);
        assertThat(json.get("total").get("groups").asLong()).isEqualTo(fromTsv.size());
    }

    // ----- --top, --min-bytes, --sort -----

    @Test
    void topTsvShowsOnlyTheBiggestAndSaysSoOnStderr() {
        Result r = histogram("--top", "3", "--format", "tsv");
        assertThat(r.out()).isEqualTo("""
                count\tbytes\tclass
                5\t3096\tClass
                2\t1768\t<iseq> (IMEMO)
                1\t320\tModule
                """);
        assertThat(r.errLines()).containsExactly("heaplens: total: 18 objects, 5679 bytes in 11 groups (3 shown)");
    }

    @Test
    void topTableSumsTheRest() {
        Result r = histogram("--top", "3");
        assertThat(r.out()).isEqualTo("Objects by class in " + dump + ", by bytes\n" + """
                count  count%   bytes  bytes%  class
                    5   27.8%  3.1 KB   54.5%  Class
                    2   11.1%  1.8 KB   31.1%  <iseq> (IMEMO)
                    1    5.6%   320 B    5.6%  Module
                   10   55.6%   495 B    8.7%  (8 more groups)
                   18  100.0%  5.7 KB  100.0%  TOTAL (11 groups)
                """);
    }

    @Test
    void topMarkdownSumsTheRest() {
        Result r = histogram("--top", "3", "--format", "markdown");
        assertThat(r.out()).isEqualTo("""
                | Count | Bytes | Class |
                |---:|---:|---|
                | 5 | 3,096 | `Class` |
                | 2 | 1,768 | `<iseq> (IMEMO)` |
                | 1 | 320 | `Module` |
                | 10 | 495 | (8 more groups) |
                | **18** | **5,679** | **Total** (11 groups) |
                """);
    }

    @Test
    void topJsonReportsTheRestAsOther() throws IOException {
        JsonNode json = JSON.readTree(histogram("--top", "3", "--format", "json").out());
        assertThat(groups(json)).containsExactly("Class 5 3096", "<iseq> (IMEMO) 2 1768", "Module 1 320");
        assertThat(json.get("other").get("count").asLong()).isEqualTo(10);
        assertThat(json.get("other").get("bytes").asLong()).isEqualTo(495);
        assertThat(json.get("other").get("groups").asLong()).isEqualTo(8);
        assertThat(json.get("total").get("count").asLong()).isEqualTo(18);
        assertThat(json.get("total").get("bytes").asLong()).isEqualTo(5679);
        assertThat(json.get("total").get("groups").asLong()).isEqualTo(11);
    }

    @Test
    void topZeroShowsEveryGroup() {
        assertThat(histogram("--top", "0", "--format", "tsv").out()).isEqualTo(TSV_BY_CLASS);
    }

    @Test
    void minBytesHidesSmallGroups() {
        Result r = histogram("--min-bytes", "100", "--format", "tsv");
        assertThat(r.out()).isEqualTo("""
                count\tbytes\tclass
                5\t3096\tClass
                2\t1768\t<iseq> (IMEMO)
                1\t320\tModule
                2\t111\tString
                1\t104\t<autoload_const> (DATA)
                """);
        assertThat(r.errLines()).containsExactly("heaplens: total: 18 objects, 5679 bytes in 11 groups (5 shown)");
    }

    @Test
    void minBytesIsInclusive() {
        Result r = histogram("--min-bytes", "104", "--format", "tsv");
        assertThat(r.outLines()).last().isEqualTo("1\t104\t<autoload_const> (DATA)");
    }

    @Test
    void minBytesTakesUnits() throws IOException {
        Result r = histogram("--min-bytes", "1KB", "--format", "json");
        JsonNode json = JSON.readTree(r.out());
        assertThat(groups(json)).containsExactly("Class 5 3096", "<iseq> (IMEMO) 2 1768");
        assertThat(json.get("other").get("count").asLong()).isEqualTo(11);
        assertThat(json.get("other").get("bytes").asLong()).isEqualTo(815);
        assertThat(json.get("other").get("groups").asLong()).isEqualTo(9);
        // 1.7KiB = 1740.8 -> 1741 bytes: still Class and iseq; 1.8KiB = 1843.2: only Class
        assertThat(histogram("--min-bytes", "1.7KiB", "--format", "tsv").outLines()).hasSize(3);
        assertThat(histogram("--min-bytes", "1.8KiB", "--format", "tsv").outLines()).hasSize(2);
    }

    @Test
    void minBytesWithTopAppliesBoth() {
        Result r = histogram("--min-bytes", "100", "--top", "2", "--format", "markdown");
        assertThat(r.out()).isEqualTo("""
                | Count | Bytes | Class |
                |---:|---:|---|
                | 5 | 3,096 | `Class` |
                | 2 | 1,768 | `<iseq> (IMEMO)` |
                | 11 | 815 | (9 more groups) |
                | **18** | **5,679** | **Total** (11 groups) |
                """);
    }

    @Test
    void sortByCount() {
        Result r = histogram("--sort", "count", "--format", "tsv");
        assertThat(r.out()).isEqualTo("""
                count\tbytes\tclass
                5\t3096\tClass
                2\t1768\t<iseq> (IMEMO)
                2\t111\tString
                2\t80\tFoo
                1\t320\tModule
                1\t104\t<autoload_const> (DATA)
                1\t40\t#<Class:0x00007f0000001078>
                1\t40\t#<unknown class 0x00007f0000000d00>
                1\t40\t(hidden ARRAY)
                1\t40\t<cref> (IMEMO)
                1\t40\tGreeting (ICLASS)
                """);
    }

    @Test
    void sortByCountWithTopKeepsTheMostNumerous() throws IOException {
        Result r = histogram("--sort", "count", "--top", "4", "--by", "type");
        assertThat(r.out()).isEqualTo("Objects by type in " + dump + ", by count\n" + """
                count  count%   bytes  bytes%  type
                    5   27.8%  3.1 KB   54.5%  CLASS
                    4   22.2%   160 B    2.8%  OBJECT
                    3   16.7%  1.8 KB   31.8%  IMEMO
                    2   11.1%   111 B    2.0%  STRING
                    4   22.2%   504 B    8.9%  (4 more groups)
                   18  100.0%  5.7 KB  100.0%  TOTAL (8 groups)
                """);
        JsonNode json = JSON.readTree(histogram("--sort", "count", "--top", "4", "--by", "type", "--format", "json").out());
        assertThat(json.get("sort").asText()).isEqualTo("count");
        assertThat(groups(json)).containsExactly("CLASS 5 3096", "OBJECT 4 160", "IMEMO 3 1808", "STRING 2 111");
    }

    @Test
    void optionValuesAreCaseInsensitive() {
        assertThat(histogram("--by", "CLASS", "--format", "TSV").out()).isEqualTo(TSV_BY_CLASS);
    }

    // ----- class naming corner cases, each on its own tiny dump -----

    /** An OBJECT line of 40 bytes. */
    private static String instance(long address, long cls) {
        return line(w -> w.object(address, RubyType.OBJECT).cls(cls).ivars(3).memsize(40).write());
    }

    @Test
    void singletonWhoseSuperclassIsNotInTheDumpUsesRealClassName() {
        Path p = writeDump(dir, "bar.json",
                line(w -> w.object(0x7f0000002000L, RubyType.CLASS).cls(0x7f0000000e00L).superclass(0x7f0000000d00L)
                        .realClassName("Bar").singleton().memsize(400).write()),
                instance(0x7f0000002028L, 0x7f0000002000L), instance(0x7f0000002050L, 0x7f0000002000L));
        Result r = run("histogram", p.toString(), "--format", "tsv");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).isEqualTo("count\tbytes\tclass\n1\t400\tClass\n2\t80\tBar\n");
    }

    @Test
    void dataWithAClassIsNamedByTheClassUnlessItIsObject() {
        Path p = writeDump(dir, "data.json",
                line(w -> w.object(0x7f0000002000L, RubyType.CLASS).cls(0x7f0000000e00L).name("Thread::Mutex").memsize(400).write()),
                line(w -> w.object(0x7f0000002028L, RubyType.CLASS).cls(0x7f0000000e00L).name("Object").memsize(400).write()),
                line(w -> w.object(0x7f0000002050L, RubyType.DATA).cls(0x7f0000002000L).struct("mutex").memsize(72).write()),
                line(w -> w.object(0x7f0000002078L, RubyType.DATA).cls(0x7f0000002028L).struct("ractor/local_storage")
                        .memsize(56).write()));
        Result r = run("histogram", p.toString(), "--format", "tsv");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).isEqualTo("count\tbytes\tclass\n2\t800\tClass\n1\t72\tThread::Mutex\n1\t56\t<ractor/local_storage> (DATA)\n");
    }

    @Test
    void csvQuotesKeysWithCommasAndQuotes() {
        // Ruby writes "file" raw: a quote inside the path is not escaped.
        Path p = writeDump(dir, "paths.json",
                "{\"address\":\"0x7f0000002000\", \"type\":\"STRING\", \"class\":\"0x7f0000000e00\", \"bytesize\":1, \"value\":\"a\", \"file\":\"/app/a,b.rb\", \"line\":1, \"method\":\"x\", \"generation\":1, \"memsize\":40}",
                "{\"address\":\"0x7f0000002028\", \"type\":\"STRING\", \"class\":\"0x7f0000000e00\", \"bytesize\":1, \"value\":\"b\", \"file\":\"/tmp/dir with \"quote\"/gen.rb\", \"line\":2, \"method\":\"y\", \"generation\":1, \"memsize\":80}");
        Result r = run("histogram", p.toString(), "--by", "file", "--format", "csv");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).isEqualTo("count,bytes,file\n1,80,\"/tmp/dir with \"\"quote\"\"/gen.rb\"\n1,40,\"/app/a,b.rb\"\n");
        Result json = run("histogram", p.toString(), "--by", "location", "--format", "json");
        assertThat(json.out()).contains("{\"key\":\"/tmp/dir with \\\"quote\\\"/gen.rb:2\",\"count\":1,\"bytes\":80}");
    }

    @Test
    void tsvReplacesTabsInKeys() {
        Path p = writeDump(dir, "tab.json",
                "{\"address\":\"0x7f0000002000\", \"type\":\"STRING\", \"class\":\"0x7f0000000e00\", \"bytesize\":1, \"value\":\"a\", \"file\":\"/app/a\\tb.rb\", \"line\":1, \"method\":\"x\", \"generation\":1, \"memsize\":40}");
        Result r = run("histogram", p.toString(), "--by", "file", "--format", "tsv");
        assertThat(r.out()).isEqualTo("count\tbytes\tfile\n1\t40\t/app/a b.rb\n");
    }

    @Test
    void imemoWithoutKindIsNotCalledNoAllocationInfo() {
        Path p = writeDump(dir, "imemo.json",
                line(w -> w.object(0x7f0000002000L, RubyType.IMEMO).memsize(40).write()));
        Result r = run("histogram", p.toString(), "--format", "tsv");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).doesNotContain("(no allocation info)");
    }

    @Test
    void singletonWithNothingToNameItDoesNotOverflowTheStack() {
        Path p = writeDump(dir, "anon-singleton.json",
                line(w -> w.object(0x7f0000002000L, RubyType.CLASS).cls(0x7f0000000e00L).superclass(0x7f0000000d00L)
                        .singleton().memsize(400).write()),
                instance(0x7f0000002028L, 0x7f0000002000L));
        assertThatCode(() -> {
            Result r = run("histogram", p.toString(), "--format", "tsv");
            assertThat(r.exitCode()).isZero();
        }).doesNotThrowAnyException();
    }
}
