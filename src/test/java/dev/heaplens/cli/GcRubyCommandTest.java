package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/** heaplens gc on literal Ruby GC.stat text: both inspect styles, old key names, JSON lines, gc_tracer, --explain. */
class GcRubyCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void bothInspectStylesReadTheSame(@TempDir Path dir) throws Exception {
        Path old = CliTestSupport.writeDump(dir, "old.txt",
                "booted",
                "{:count=>20, :time=>5, :heap_live_slots=>51007, :heap_available_slots=>51356, :minor_gc_count=>17,",
                " :major_gc_count=>3, :old_objects=>30313, :my_gem_key=>7}",
                "{:major_by=>:oldgen, :gc_by=>:newobj, :have_finalizer=>false, :immediate_sweep=>false, :state=>:none}",
                "done",
                "{:count=>26, :time=>9, :heap_live_slots=>61007, :heap_available_slots=>61356, :minor_gc_count=>21,",
                " :major_gc_count=>5, :old_objects=>40313, :my_gem_key=>8}",
                "{:major_by=>:oldmalloc, :gc_by=>:malloc, :have_finalizer=>false, :immediate_sweep=>false, :state=>:none}");
        Path next = CliTestSupport.writeDump(dir, "new.txt",
                "booted",
                "{count: 20, time: 5, heap_live_slots: 51007, heap_available_slots: 51356, minor_gc_count: 17,",
                " major_gc_count: 3, old_objects: 30313, my_gem_key: 7}",
                "{major_by: :oldgen, gc_by: :newobj, have_finalizer: false, immediate_sweep: false, state: :none}",
                "done",
                "{count: 26, time: 9, heap_live_slots: 61007, heap_available_slots: 61356, minor_gc_count: 21,",
                " major_gc_count: 5, old_objects: 40313, my_gem_key: 8}",
                "{major_by: :oldmalloc, gc_by: :malloc, have_finalizer: false, immediate_sweep: false, state: :none}");
        CliTestSupport.Result a = run("gc", old.toString());
        CliTestSupport.Result b = run("gc", next.toString());
        assertThat(a.exitCode()).as(a.toString()).isZero();
        assertThat(b.out().replace("new.txt", "old.txt").replace("Ruby 3.4+", "Ruby 3.1+")).isEqualTo(a.out());
        assertThat(a.out()).isEqualTo("""
                GC.stat series: %s
                Ruby 3.1+; 2 snapshots, no times
                GCs over the span: 6 (4 minor, 2 major), 4.000 ms in GC

                Causes (latest_gc_info at each snapshot after a GC)
                GCs       cause      count
                gc_by     malloc         1
                major_by  oldmalloc      1

                Rates
                rate                           value
                objects allocated per second       -
                old objects growth per second      -
                GCs per minute                     -

                Heap (last snapshot, and peak)
                GC.stat key             last    peak
                heap_live_slots       61,007  61,007
                heap_available_slots  61,356  61,356
                old_objects           40,313  40,313
                Keys heaplens does not know (kept): my_gem_key

                Diagnosis and advice
                No rule fired: nothing to change.
                """.formatted(old));
    }

    @Test
    void ruby21KeysAreRenamedAndOneSnapshotCountsItself(@TempDir Path dir) throws Exception {
        Path f = CliTestSupport.writeDump(dir, "ruby21.txt",
                "{:count=>20, :heap_used=>126, :heap_length=>132, :heap_increment=>0, :heap_live_slot=>51007,",
                " :heap_free_slot=>349, :heap_final_slot=>0, :heap_swept_slot=>15942, :heap_eden_page_length=>126,",
                " :heap_tomb_page_length=>0, :total_allocated_object=>392989, :total_freed_object=>341982,",
                " :malloc_increase=>221360, :malloc_limit=>16777216, :minor_gc_count=>17, :major_gc_count=>3,",
                " :remembered_shady_object=>388, :remembered_shady_object_limit=>476, :old_object=>30313,",
                " :old_object_limit=>37264, :oldmalloc_increase=>600640, :oldmalloc_limit=>16777216}");
        JsonNode j = JSON.readTree(run("gc", f.toString(), "--format", "json").out());
        assertThat(j.path("version").asText()).isEqualTo("2.1");
        assertThat(j.path("gc_count").asLong()).isEqualTo(20);
        assertThat(j.path("minor_gc_count").asLong()).isEqualTo(17);
        assertThat(j.path("major_gc_count").asLong()).isEqualTo(3);
        assertThat(j.path("heap").toString()).isEqualTo("{\"heap_live_slots\":51007,\"heap_free_slots\":349,"
                + "\"heap_allocated_pages\":126,\"heap_eden_pages\":126,\"heap_tomb_pages\":0,\"old_objects\":30313,"
                + "\"old_objects_limit\":37264,\"malloc_increase_bytes\":221360,\"malloc_increase_bytes_limit\":16777216,"
                + "\"oldmalloc_increase_bytes\":600640,\"oldmalloc_increase_bytes_limit\":16777216,"
                + "\"remembered_wb_unprotected_objects\":388,\"remembered_wb_unprotected_objects_limit\":476}");
        assertThat(j.path("unknown_keys").size()).isZero();
        assertThat(j.path("major_by").size()).isZero();
    }

    @Test
    void jsonLinesBareAndWrappedAndGcTracer(@TempDir Path dir) throws Exception {
        Path bare = CliTestSupport.writeDump(dir, "bare.jsonl",
                "{\"count\":3,\"minor_gc_count\":2,\"major_gc_count\":1,\"heap_live_slots\":100}",
                "{\"count\":7,\"minor_gc_count\":5,\"major_gc_count\":2,\"heap_live_slots\":150}");
        JsonNode b = JSON.readTree(run("gc", bare.toString(), "--format", "json").out());
        assertThat(b.path("gc_count").asLong()).isEqualTo(4);
        assertThat(b.path("major_gc_count").asLong()).isEqualTo(1);

        Path wrapped = CliTestSupport.writeDump(dir, "wrapped.jsonl",
                "{\"t\":100.0,\"stat\":{\"count\":3,\"minor_gc_count\":2,\"major_gc_count\":1,\"total_allocated_objects\":1000},"
                        + "\"latest_gc_info\":{\"major_by\":null,\"gc_by\":\"newobj\"},\"stat_heap\":{\"0\":{\"slot_size\":40,\"heap_eden_slots\":900}}}",
                "not json at all",
                "{\"t\":102.0,\"stat\":{\"count\":4,\"minor_gc_count\":2,\"major_gc_count\":2,\"total_allocated_objects\":5000},"
                        + "\"latest_gc_info\":{\"major_by\":\"oldmalloc\",\"gc_by\":\"malloc\"}}");
        CliTestSupport.Result w = run("gc", wrapped.toString(), "--format", "json");
        assertThat(w.errLines()).containsExactly("heaplens: warning: " + wrapped + ": line 2, offset 0: expected '{' "
                + "(skipped; later bad lines are counted)");
        JsonNode j = JSON.readTree(w.out());
        assertThat(j.path("version").asText()).isEqualTo("3.2+");
        assertThat(j.path("span_ms").asDouble()).isEqualTo(2000.0);
        assertThat(j.path("gc_count").asLong()).isEqualTo(1);
        assertThat(j.path("major_by").toString()).isEqualTo("{\"oldmalloc\":1}");
        assertThat(j.path("gc_by").toString()).isEqualTo("{\"malloc\":1}");
        assertThat(j.path("rates").path("allocated_objects_per_second").asDouble()).isEqualTo(2000.0);

        Path tracer = CliTestSupport.writeText(dir, "tracer.tsv",
                "type\ttick\tmajor_by\tgc_by\tcount\tminor_gc_count\tmajor_gc_count\theap_live_slots\n"
                        + "start\t1000000\t0\tnewobj\t1\t0\t0\t100\n"
                        + "end_mark\t2000000\t0\tnewobj\t1\t0\t0\t100\n"
                        + "end_sweep\t3000000\t0\tnewobj\t1\t1\t0\t90\n"
                        + "start\t5000000\toldgen\tnewobj\t2\t1\t0\t200\n"
                        + "end_sweep\t9000000\toldgen\tnewobj\t2\t1\t1\t150\n");
        JsonNode t = JSON.readTree(run("gc", tracer.toString(), "--format", "json").out());
        assertThat(t.path("snapshots").asInt()).isEqualTo(2);
        assertThat(t.path("span_ms").asDouble()).isEqualTo(6.0);
        assertThat(t.path("major_by").toString()).isEqualTo("{\"oldgen\":1}");
        assertThat(t.path("heap").path("heap_live_slots").asLong()).isEqualTo(150);
    }

    /**
     * A log as gc_tracer writes it (ko1/gc_tracer's gc_logging.c: every cell, the last too, ends
     * with a tab; the default tick type :time writes epoch microseconds; nil is 0, symbols their
     * names). Not real output: the gem could not be installed here (no network).
     */
    @Test
    void gcTracerLogAsTheGemWritesIt(@TempDir Path dir) throws Exception {
        Path tracer = CliTestSupport.writeText(dir, "gc_tracer.log",
                "type\ttick\tcount\tminor_gc_count\tmajor_gc_count\theap_live_slots\tmajor_by\tgc_by\timmediate_sweep\t"
                        + "have_finalizer\tstate\t\n"
                        + "start\t1700000000000000\t1\t0\t0\t100\t0\tnewobj\t0\t0\tmarking\t\n"
                        + "end_mark\t1700000000001000\t1\t0\t0\t100\t0\tnewobj\t0\t0\tsweeping\t\n"
                        + "end_sweep\t1700000000002000\t1\t1\t0\t90\t0\tnewobj\t0\t0\tnone\t\n"
                        + "start\t1700000000250000\t2\t1\t0\t200\toldgen\tnewobj\t1\t0\tmarking\t\n"
                        + "end_sweep\t1700000000252000\t2\t1\t1\t150\toldgen\tnewobj\t1\t0\tnone\t\n");
        CliTestSupport.Result r = run("gc", tracer.toString(), "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode t = JSON.readTree(r.out());
        assertThat(t.path("warnings").size()).as(r.out()).isZero();
        assertThat(t.path("snapshots").asInt()).isEqualTo(2);
        assertThat(t.path("span_ms").asDouble()).isEqualTo(250.0);
        assertThat(t.path("gc_count").asLong()).isEqualTo(1);
        assertThat(t.path("major_by").toString()).isEqualTo("{\"oldgen\":1}");
        assertThat(t.path("heap").path("heap_live_slots").asLong()).isEqualTo(150);
    }

    /** Hostile series: lines that do not fit are told once with a count, and a line of megabytes is never held. */
    @Test
    void badAndHugeLinesAreCountedNotEachTold(@TempDir Path dir) throws Exception {
        Path tracer = CliTestSupport.writeText(dir, "bad.tsv",
                "type\ttick\tcount\tminor_gc_count\tmajor_gc_count\theap_live_slots\n"
                        + "start\t1\n"
                        + "end_sweep\t3000000\t1\t1\t0\t90\n"
                        + "x\n"
                        + "z".repeat(3 << 20) + "\n"
                        + "end_sweep\t9000000\t2\t1\t1\t150\n");
        CliTestSupport.Result t = run("gc", tracer.toString(), "--format", "json");
        assertThat(t.exitCode()).as(t.toString()).isZero();
        assertThat(t.errLines()).containsExactly("heaplens: warning: " + tracer + ": line 2 has 2 cells, the header 6: "
                + "skipped (and 2 more lines that do not fit the header)");
        assertThat(JSON.readTree(t.out()).path("snapshots").asInt()).isEqualTo(2);

        Path json = CliTestSupport.writeText(dir, "huge.jsonl",
                "{\"count\":3,\"minor_gc_count\":2,\"major_gc_count\":1,\"heap_live_slots\":100}\n"
                        + "{\"count\":5,\"x\":\"" + "z".repeat(3 << 20) + "\"}\n"
                        + "{\"count\":7,\"minor_gc_count\":5,\"major_gc_count\":2,\"heap_live_slots\":150}\n");
        CliTestSupport.Result j = run("gc", json.toString(), "--format", "json");
        assertThat(j.exitCode()).as(j.toString()).isZero();
        assertThat(j.errLines()).containsExactly("heaplens: warning: " + json + ": line 2, offset 0: a line longer than "
                + "1 MB (skipped; later bad lines are counted)");
        assertThat(JSON.readTree(j.out()).path("gc_count").asLong()).isEqualTo(4);
    }

    @Test
    void explainsKeys(@TempDir Path dir) {
        CliTestSupport.Result one = run("gc", "--explain", "heap_used");
        assertThat(one.exitCode()).isZero();
        assertThat(one.out()).isEqualTo("""
                key                   Ruby  meaning
                heap_allocated_pages  1.9+  heap pages allocated (eden plus tomb); 2.1: heap_used
                """);
        assertThat(run("gc", "--explain").out()).contains("oldmalloc_increase_bytes_limit", "weak_references_count");
        Path f = CliTestSupport.writeDump(dir, "s.txt", "{:count=>1, :minor_gc_count=>1, :major_gc_count=>0, :odd=>1}");
        CliTestSupport.Result forFile = run("gc", "--explain", f.toString());
        assertThat(forFile.out()).startsWith("GC.stat keys of Ruby 2.1\n").contains("heap_live_slots")
                .doesNotContain("weak_references_count").endsWith("Keys heaplens does not know (kept as they are): odd\n");
        CliTestSupport.Result bad = run("gc", "--explain", "nope");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.errLines()).containsExactly("heaplens: unknown GC.stat key 'nope' (heaplens gc --explain lists them all)");
    }

    @Test
    void comparesTwoRubyRuns(@TempDir Path dir) {
        Path a = CliTestSupport.writeDump(dir, "a.txt", "{:count=>10, :minor_gc_count=>8, :major_gc_count=>2}",
                "{:count=>30, :minor_gc_count=>24, :major_gc_count=>6}");
        Path b = CliTestSupport.writeDump(dir, "b.txt", "{:count=>10, :minor_gc_count=>8, :major_gc_count=>2}",
                "{:count=>15, :minor_gc_count=>12, :major_gc_count=>3}");
        CliTestSupport.Result r = run("gc", a.toString(), b.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out().replace(a.toString(), "a.txt").replace(b.toString(), "b.txt")).isEqualTo("""
                A: a.txt
                B: b.txt
                figure                         A  B  change
                GCs                           20  5  -75.0%
                minor GCs                     16  4  -75.0%
                major GCs                      4  1  -75.0%
                GC time                        -  -
                objects allocated per second   -  -
                GCs per minute                 -  -
                heap_live_slots (peak)         -  -
                heap_available_slots (peak)    -  -
                old_objects (peak)             -  -
                findings                       0  0
                """);
    }

    /** Every figure the Ruby report prints (top level, rates, heap) is one --explain knows. */
    @Test
    void explainKnowsEveryKeyTheReportPrints() throws Exception {
        JsonNode report = JSON.readTree(run("gc", "src/test/resources/gc/ruby/oldmalloc.jsonl.gz", "--format", "json").out());
        java.util.Set<String> structure = java.util.Set.of("runtime", "version", "sources", "rates", "heap", "advice",
                "series", "warnings");
        java.util.List<String> keys = new java.util.ArrayList<>();
        report.fieldNames().forEachRemaining(k -> {
            if (!structure.contains(k)) {
                keys.add(k);
            }
        });
        report.path("rates").fieldNames().forEachRemaining(keys::add);
        report.path("heap").fieldNames().forEachRemaining(keys::add);
        report.path("major_by").fieldNames().forEachRemaining(cause -> assertThat(
                run("gc", "--explain", "major_by").out()).contains(cause));
        assertThat(keys).contains("major_by", "gc_by", "gc_time_ms", "malloc_limit_share", "gc_per_minute");
        for (String k : keys) {
            CliTestSupport.Result r = run("gc", "--explain", k);
            assertThat(r.exitCode()).as(k + ": " + r.err()).isZero();
            assertThat(r.out()).contains(k);
        }
    }
}
