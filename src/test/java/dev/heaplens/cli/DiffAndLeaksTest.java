package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport.Result;
import dev.heaplens.format.ruby.RubyType;
import dev.heaplens.testheap.RubyLines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

import static dev.heaplens.cli.CliTestSupport.run;
import static dev.heaplens.cli.CliTestSupport.writeDump;
import static dev.heaplens.testheap.RubyLines.address;
import static dev.heaplens.testheap.RubyLines.line;
import static org.assertj.core.api.Assertions.assertThat;

/** diff and leaks on hand-written dumps whose answers are worked out in the comments. */
class DiffAndLeaksTest {
    @TempDir
    Path dir;

    private static final String ROOT = line(w -> w.root("vm", 0x100, 0x200, 0x300));
    private static final String STRING_CLASS = cls(0x100, "String");
    private static final String ARRAY_CLASS = cls(0x200, "Array");
    private static final String FOO_CLASS = cls(0x300, "Foo");

    private static String cls(long address, String name) {
        return line(w -> w.object(address, RubyType.CLASS).cls(0x900).name(name).memsize(1000).write());
    }

    private static String string(String address, int generation, int memsize, String... refs) {
        return obj(address, "STRING", "0x100", generation, memsize, refs);
    }

    /** An object allocated at {@code app.rb}, on the line numbered as its generation. */
    private static String obj(String address, String type, String klass, int generation, int memsize, String... refs) {
        return line(w -> w.object(address(address), RubyType.valueOf(type)).cls(address(klass))
                .references(Arrays.stream(refs).mapToLong(RubyLines::address).toArray())
                .allocated("app.rb", generation, null, generation).memsize(memsize).write());
    }

    /** An object without allocation info. */
    private static String untraced(long address, long klass, int memsize) {
        return line(w -> w.object(address, RubyType.STRING).cls(klass).memsize(memsize).write());
    }

    @Test
    void diffReportsEveryGroupGrownShrunkNewAndGone() {
        // before: 2 String (40+40), 1 Array 80; after: 3 String (40+40+100), 1 Foo object 56, no Array
        Path before = writeDump(dir, "before.json", ROOT, STRING_CLASS, ARRAY_CLASS, FOO_CLASS,
                string("0x1000", 1, 40), string("0x1028", 1, 40), obj("0x1050", "ARRAY", "0x200", 1, 80));
        Path after = writeDump(dir, "after.json", ROOT, STRING_CLASS, ARRAY_CLASS, FOO_CLASS,
                string("0x1000", 1, 40), string("0x1028", 1, 40), string("0x1078", 2, 100), obj("0x10a0", "OBJECT", "0x300", 2, 56));
        Result r = run("diff", before.toString(), after.toString(), "--format", "tsv");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        // Class: the 3 class objects (3000 bytes) on both sides, no change
        assertThat(r.out()).isEqualTo("""
                count_before\tbytes_before\tcount_after\tbytes_after\tcount_delta\tbytes_delta\tclass
                2\t80\t3\t180\t1\t100\tString
                0\t0\t1\t56\t1\t56\tFoo
                3\t3000\t3\t3000\t0\t0\tClass
                1\t80\t0\t0\t-1\t-80\tArray
                """);
        assertThat(r.errLines()).containsExactly("heaplens: total: 6 -> 7 objects (+1), 3160 -> 3236 bytes (+76)");
    }

    @Test
    void diffTableMarksNewAndGoneGroups() {
        Path before = writeDump(dir, "b.json", ROOT, STRING_CLASS, ARRAY_CLASS, FOO_CLASS, obj("0x1050", "ARRAY", "0x200", 1, 80));
        Path after = writeDump(dir, "a.json", ROOT, STRING_CLASS, ARRAY_CLASS, FOO_CLASS, obj("0x10a0", "OBJECT", "0x300", 2, 56));
        Result r = run("diff", before.toString(), after.toString());
        assertThat(r.out()).contains("  Foo (new)\n").contains("  Array (gone)\n");
    }

    @Test
    void theCiGateExitsThreeWithOneLine() {
        Path before = writeDump(dir, "b.json", ROOT, STRING_CLASS, string("0x1000", 1, 1000));
        Path after = writeDump(dir, "a.json", ROOT, STRING_CLASS, string("0x1000", 1, 1000), string("0x2000", 2, 3000));
        // growth 3000 bytes on a 2000-byte base: 150%
        Result over = run("diff", before.toString(), after.toString(), "--fail-over", "2KB");
        assertThat(over.exitCode()).isEqualTo(3);
        assertThat(over.errLines()).containsExactly(
                "heaplens: memory grew by 3.0 KB (3000 bytes, +150.00% of 2.0 KB), over --fail-over 2.0 KB");
        assertThat(run("diff", before.toString(), after.toString(), "--fail-over", "3KB").exitCode()).isZero();
        Result pct = run("diff", before.toString(), after.toString(), "--fail-over-pct", "100");
        assertThat(pct.exitCode()).isEqualTo(3);
        assertThat(pct.errLines()).containsExactly(
                "heaplens: memory grew by 3.0 KB (3000 bytes, +150.00% of 2.0 KB), over --fail-over-pct 100.0");
        assertThat(run("diff", before.toString(), after.toString(), "--fail-over-pct", "150").exitCode()).isZero();
    }

    @Test
    void comparingAFileWithItselfWarnsAndStandardInputTwiceIsRefused() {
        Path d = writeDump(dir, "d.json", ROOT, STRING_CLASS, string("0x1000", 1, 40));
        Result same = run("diff", d.toString(), d.toString(), "--format", "tsv");
        assertThat(same.exitCode()).isZero();
        assertThat(same.errLines().get(0)).isEqualTo("heaplens: warning: " + d + " and " + d
                + " are the same file: nothing can have changed between them");
        Result stdin = run("diff", "-", "-");
        assertThat(stdin.exitCode()).isEqualTo(2);
        assertThat(stdin.errLines()).containsExactly("heaplens: standard input (-) can be only one of the dumps compared");
        Path hprof = CliTestSupport.writeText(dir, "x.hprof", "JAVA PROFILE 1.0.2\u0000");
        Result mixed = run("diff", d.toString(), hprof.toString());
        assertThat(mixed.exitCode()).isEqualTo(2);
        assertThat(mixed.errLines()).containsExactly("heaplens: " + d + " is a Ruby ObjectSpace.dump_all dump but "
                + hprof + " is a JVM HPROF heap dump: compare dumps of the same runtime");
    }

    @Test
    void leaksTellAReusedSlotFromTheObjectThatWasThere() throws IOException {
        // A: holder array 0x5000 (gen 1) -> string 0x1000 (gen 1).
        // B: 0x1000 was freed and its slot reused by a new string (gen 3); new leaked strings 0x2000,
        //    0x2028 (gen 3), held by the array; 0x3000 (gen 3) is new in B but gone by C.
        // C: 0x1000 (gen 3) and 0x2000 still there, 0x2028 evicted, a newer 0x4000 (gen 5) added.
        // Leaked = new after A, in B, alive in C = {0x1000 gen 3, 0x2000}: 2 objects, 40 + 40 bytes.
        Path a = writeDump(dir, "a.json", ROOT, STRING_CLASS, ARRAY_CLASS,
                string("0x1000", 1, 40), obj("0x5000", "ARRAY", "0x200", 1, 40, "0x1000"),
                "{\"type\":\"ROOT\", \"root\":\"global_tbl\", \"references\":[\"0x5000\"]}");
        Path b = writeDump(dir, "b.json", ROOT, STRING_CLASS, ARRAY_CLASS,
                string("0x1000", 3, 40), string("0x2000", 3, 40), string("0x2028", 3, 40), string("0x3000", 3, 40),
                obj("0x5000", "ARRAY", "0x200", 1, 40, "0x1000", "0x2000", "0x2028", "0x3000"),
                "{\"type\":\"ROOT\", \"root\":\"global_tbl\", \"references\":[\"0x5000\"]}");
        Path c = writeDump(dir, "c.json", ROOT, STRING_CLASS, ARRAY_CLASS,
                string("0x1000", 3, 40), string("0x2000", 3, 40), string("0x4000", 5, 40),
                obj("0x5000", "ARRAY", "0x200", 1, 40, "0x1000", "0x2000", "0x4000"),
                "{\"type\":\"ROOT\", \"root\":\"global_tbl\", \"references\":[\"0x5000\"]}");
        Result r = run("leaks", a.toString(), b.toString(), c.toString(), "--by", "class", "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.get("identity").asText()).isEqualTo("address_and_generation");
        assertThat(json.get("count").asLong()).isEqualTo(2);
        assertThat(json.get("bytes").asLong()).isEqualTo(80);
        JsonNode row = json.get("rows").get(0);
        assertThat(row.get("key").asText()).isEqualTo("String");
        assertThat(row.get("retainedBytes").asLong()).isEqualTo(80);
        JsonNode steps = row.get("samplePath").get("steps");
        assertThat(row.get("samplePath").get("root").asText()).isEqualTo("global_tbl");
        assertThat(steps.get(0).get("address").asText()).isEqualTo("0x5000");
        assertThat(steps.get(1).get("address").asText()).isEqualTo("0x1000");

        Result tsv = run("leaks", a.toString(), b.toString(), c.toString(), "--by", "location", "--format", "tsv");
        assertThat(tsv.out()).isEqualTo("count\tbytes\tretained_bytes\tlocation\n2\t80\t80\tapp.rb:3\n");

        Result gate = run("leaks", a.toString(), b.toString(), c.toString(), "--fail-over", "79");
        assertThat(gate.exitCode()).isEqualTo(3);
        assertThat(gate.errLines()).last().asString().startsWith("heaplens: leaked memory grew by 80 B (80 bytes, ");
    }

    @Test
    void withoutAllocationTracingLeaksFallBackToTypeAndClassAndSaySo() throws IOException {
        String noGen1 = untraced(0x1000, 0x100, 40);
        String noGen2 = untraced(0x2000, 0x100, 40);
        Path a = writeDump(dir, "a.json", ROOT, STRING_CLASS, noGen1);
        Path b = writeDump(dir, "b.json", ROOT, STRING_CLASS, noGen1, noGen2);
        Path c = writeDump(dir, "c.json", ROOT, STRING_CLASS, noGen1, noGen2);
        Result r = run("leaks", a.toString(), b.toString(), c.toString(), "--by", "type", "--format", "json");
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.get("identity").asText()).isEqualTo("address_type_and_class");
        assertThat(json.get("count").asLong()).isEqualTo(1);
        Result table = run("leaks", a.toString(), b.toString(), c.toString());
        assertThat(table.out()).contains("identity: address + type + class (allocation tracing was off");
    }
}
