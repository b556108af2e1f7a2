package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport.Result;
import dev.heaplens.format.ruby.RubyType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.heaplens.cli.CliTestSupport.run;
import static dev.heaplens.cli.CliTestSupport.writeDump;
import static dev.heaplens.cli.CliTestSupport.writeGzipDump;
import static dev.heaplens.testheap.RubyLines.line;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code heaplens summary} on the hand-written dump of {@link HistogramCommandTest#DUMP}. The
 * figures were worked out by hand from its lines:
 * <ul>
 * <li>20 lines (4,374 bytes); 18 objects, 5,679 bytes; 16 references on object lines.
 * <li>flags: 12 objects have wb_protected+old+uncollectible+marked (4,480 bytes); lines 5 and 6
 *     wb_protected+marked (432+512); lines 11 and 12 only wb_protected; lines 14 and 16 none,
 *     so wb-unprotected (40+104).
 * <li>allocation info on lines 10, 11, 12, 14, 15, 18: generations 5, 7, 5, 7, 9, 3.
 * </ul>
 */
class SummaryCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path dump;

    @BeforeEach
    void writeTheDump() throws IOException {
        dump = writeDump(dir, "heap.json", HistogramCommandTest.DUMP);
        assertThat(Files.size(dump)).isEqualTo(4374);
    }

    private Result summary(String... options) {
        String[] args = new String[options.length + 2];
        args[0] = "summary";
        args[1] = dump.toString();
        System.arraycopy(options, 0, args, 2, options.length);
        Result r = run(args);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.err()).as(r.toString()).isEmpty();
        return r;
    }

    private static List<String> rows(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode row : array) {
            out.add(row.get("name").asText() + " " + row.get("count").asLong() + " " + row.get("bytes").asLong());
        }
        return out;
    }

    @Test
    void jsonFigures() throws IOException {
        Result r = summary("--format", "json");
        assertThat(r.out()).endsWith("}\n");
        JsonNode json = JSON.readTree(r.out());

        assertThat(json.get("dump").asText()).isEqualTo(dump.toString());
        JsonNode input = json.get("input");
        assertThat(input.get("lines").asLong()).isEqualTo(20);
        assertThat(input.get("bytes").asLong()).isEqualTo(4374);
        assertThat(input.get("malformedLines").asLong()).isZero();
        assertThat(input.get("firstProblems")).isEmpty();
        assertThat(input.get("truncatedLastLine").isNull()).isTrue();

        assertThat(json.get("objects").asLong()).isEqualTo(18);
        assertThat(json.get("bytes").asLong()).isEqualTo(5679);
        assertThat(json.get("references").asLong()).isEqualTo(16);

        assertThat(rows(json.get("types"))).containsExactly(
                "CLASS 5 3096", "IMEMO 3 1808", "MODULE 1 320", "OBJECT 4 160",
                "STRING 2 111", "DATA 1 104", "ARRAY 1 40", "ICLASS 1 40");
        assertThat(rows(json.get("imemo"))).containsExactly("iseq 2 1768", "cref 1 40");
        assertThat(rows(json.get("flags"))).containsExactly(
                "old 12 4480", "uncollectible 12 4480", "wb_unprotected (shady) 2 144", "pinned 0 0", "marked 14 5424");

        List<String> roots = new ArrayList<>();
        for (JsonNode root : json.get("roots")) {
            roots.add(root.get("category").asText() + " " + root.get("lines").asLong() + " " + root.get("references").asLong());
        }
        assertThat(roots).containsExactly("machine_context 1 3", "vm 1 2");

        JsonNode classes = json.get("classes");
        assertThat(classes.get("classes").asLong()).isEqualTo(5);
        assertThat(classes.get("modules").asLong()).isEqualTo(1);
        assertThat(classes.get("singletons").asLong()).isEqualTo(2);
        // Distinct "class" addresses of objects other than IMEMO and ICLASS that are classes in the
        // dump: 1028 (Foo's metaclass), 10f0, 1000, 1050, 1078; 0e00, 0e50 and 0d00 are not in it.
        assertThat(classes.get("withInstances").asLong()).isEqualTo(5);

        assertThat(json.get("shapes").get("count").asLong()).isZero();
        assertThat(json.get("shapes").get("bytes").asLong()).isZero();
        JsonNode alloc = json.get("allocationInfo");
        assertThat(alloc.get("objects").asLong()).isEqualTo(6);
        assertThat(alloc.get("minGeneration").asLong()).isEqualTo(3);
        assertThat(alloc.get("maxGeneration").asLong()).isEqualTo(9);
    }

    @Test
    void typeBytesAddUpToTheTotal() throws IOException {
        JsonNode json = JSON.readTree(summary("--format", "json").out());
        long count = 0;
        long bytes = 0;
        for (JsonNode t : json.get("types")) {
            count += t.get("count").asLong();
            bytes += t.get("bytes").asLong();
        }
        assertThat(count).isEqualTo(json.get("objects").asLong());
        assertThat(bytes).isEqualTo(json.get("bytes").asLong());
    }

    @Test
    void jsonWithoutAllocationInfoHasNoGenerations() throws IOException {
        Path p = writeDump(dir, "plain.json",
                line(w -> w.object(0x7f0000002000L, RubyType.STRING).cls(0x7f0000000e00L).bytesize(1).value("a").memsize(40).write()));
        Result r = run("summary", p.toString(), "--format", "json");
        assertThat(r.exitCode()).isZero();
        JsonNode alloc = JSON.readTree(r.out()).get("allocationInfo");
        assertThat(alloc.get("objects").asLong()).isZero();
        assertThat(alloc.has("minGeneration")).isFalse();
        assertThat(alloc.has("maxGeneration")).isFalse();
        assertThat(run("summary", p.toString()).out()).contains("  allocation info  none (allocation tracing was off)\n");
    }

    @Test
    void gzipDumpGivesTheSameFigures() throws IOException {
        Path gz = writeGzipDump(dir, "heap.json.gz", HistogramCommandTest.DUMP);
        Result r = run("summary", gz.toString(), "--format", "json");
        assertThat(r.exitCode()).isZero();
        JsonNode json = JSON.readTree(r.out());
        assertThat(json.get("input").get("bytes").asLong()).isEqualTo(4374); // decompressed
        assertThat(json.get("objects").asLong()).isEqualTo(18);
        assertThat(json.get("bytes").asLong()).isEqualTo(5679);
        assertThat(rows(json.get("imemo"))).containsExactly("iseq 2 1768", "cref 1 40");
    }

    @Test
    void tableHasEverySection() {
        String out = summary().out();
        assertThat(out).isEqualTo(summary("--format", "table").out());
        assertThat(out).startsWith("Summary of " + dump + "\n" + """
                  read             20 lines, 4.4 KB; 0 malformed lines skipped
                  objects          18 objects, 5.7 KB memsize, 16 references
                  classes          5 classes (2 singleton), 1 module; 5 with instances
                  shapes           none (Ruby before 3.2 has no SHAPE lines)
                  allocation info  6 objects (33.3%), generations 3..9

                Types
                  count  count%   bytes  bytes%  type
                      5   27.8%  3.1 KB   54.5%  CLASS
                      3   16.7%  1.8 KB   31.8%  IMEMO
                      1    5.6%   320 B    5.6%  MODULE
                      4   22.2%   160 B    2.8%  OBJECT
                      2   11.1%   111 B    2.0%  STRING
                      1    5.6%   104 B    1.8%  DATA
                      1    5.6%    40 B    0.7%  ARRAY
                      1    5.6%    40 B    0.7%  ICLASS

                IMEMO kinds
                  count  count%   bytes  bytes%  imemo_type
                      2   66.7%  1.8 KB   97.8%  iseq
                      1   33.3%    40 B    2.2%  cref

                Flags
                  count  count%   bytes  bytes%  flag
                     12   66.7%  4.5 KB   78.9%  old
                     12   66.7%  4.5 KB   78.9%  uncollectible
                      2   11.1%   144 B    2.5%  wb_unprotected (shady)
                      0    0.0%     0 B    0.0%  pinned
                     14   77.8%  5.4 KB   95.5%  marked

                GC roots
                  root lines  references  category
                           1           3  machine_context
                           1           2  vm
                """);
        assertThat(out).doesNotContain("Lines skipped");
    }

    @Test
    void markdownHasEverySection() {
        String out = summary("--format", "markdown").out();
        assertThat(out).startsWith("## Summary of " + dump + "\n\n|  |  |\n|---|---|\n"
                + "| read | 20 lines, 4.4 KB; 0 malformed lines skipped |\n");
        assertThat(out).contains("\n## Types\n\n| count | count% | bytes | bytes% | type |\n|---:|---:|---:|---:|---|\n"
                + "| 5 | 27.8% | 3,096 | 54.5% | CLASS |\n");
        assertThat(out).contains("\n## IMEMO kinds\n\n| count | count% | bytes | bytes% | imemo_type |\n|---:|---:|---:|---:|---|\n"
                + "| 2 | 66.7% | 1,768 | 97.8% | iseq |\n| 1 | 33.3% | 40 | 2.2% | cref |\n");
        assertThat(out).contains("\n## Flags\n\n");
        assertThat(out).contains("| 2 | 11.1% | 144 | 2.5% | wb_unprotected (shady) |\n");
        assertThat(out).endsWith("\n## GC roots\n\n| root lines | references | category |\n|---:|---:|---|\n"
                + "| 1 | 3 | machine_context |\n| 1 | 2 | vm |\n");
    }

    @Test
    void skippedLinesGetTheirOwnSection() {
        String[] lines = HistogramCommandTest.DUMP.clone();
        lines[5] = "not a dump line";
        Path p = writeDump(dir, "one-bad.json", lines);
        Result r = run("summary", p.toString(), "--format", "markdown");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("| read | 20 lines, ").contains("; 1 malformed line skipped |\n")
                .endsWith("\n## Lines skipped\n\n- line 6: expected '{' at column 1\n");
        assertThat(r.errLines()).containsExactly("heaplens: warning: " + p
                + ": skipped 1 malformed line (--strict makes them fatal); first: line 6: expected '{' at column 1");
    }

    @Test
    void imemoKindsEmptyIsSaid() {
        Path p = writeDump(dir, "no-imemo.json",
                line(w -> w.object(0x7f0000002000L, RubyType.STRING).cls(0x7f0000000e00L).bytesize(1).value("a").memsize(40).write()));
        Result r = run("summary", p.toString());
        assertThat(r.out()).contains("\nIMEMO kinds\n  (none)\n").contains("\nGC roots\n  (none)\n");
        Result md = run("summary", p.toString(), "--format", "markdown");
        assertThat(md.out()).contains("\n## IMEMO kinds\n\n_none_\n");
    }
}
