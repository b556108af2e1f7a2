package dev.heaplens.export;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.analysis.ruby.Fixtures;
import dev.heaplens.cli.CliTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ruby itself as oracle: the fixtures were dumped by real Ruby processes that measured
 * ObjectSpace.count_objects, count_objects_size and count_imemo_objects around the dump. The
 * exported objects table, read by DuckDB, must give the same figures per type; its retained sizes
 * must be top's.
 */
class ExportRubyOracleTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"tiny", "basic", "rails_ish"})
    void typeCountsAndBytesEqualRubysOwn(String fixture) throws Exception {
        Path dump = Files.copy(Fixtures.dump(fixture), tmp.resolve(fixture + ".json.gz"));
        Path out = tmp.resolve("tables");
        CliTestSupport.Result r = CliTestSupport.run("export", dump.toString(), "--parquet", out.toString(), "--no-index");
        assertThat(r.exitCode()).as(r.toString()).isZero();

        JsonNode before = Fixtures.golden(fixture).get("before");
        Map<String, List<Long>> expected = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = before.get("count_objects").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().startsWith("T_")) {
                expected.put(e.getKey().substring(2), List.of(e.getValue().asLong(),
                        before.get("count_objects_size").get(e.getKey()).asLong()));
            }
        }
        assertThat(ExportedTables.countsAndBytes("SELECT type, count(*), sum(shallow) FROM "
                + ExportedTables.table(out, "objects") + " GROUP BY type")).isEqualTo(expected);

        Map<String, List<Long>> imemo = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = before.get("count_imemo_objects").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            imemo.put(e.getKey().replaceFirst("^imemo_", ""), List.of(e.getValue().asLong(), 0L));
        }
        assertThat(ExportedTables.countsAndBytes("SELECT imemo_kind, count(*), 0 FROM "
                + ExportedTables.table(out, "objects") + " WHERE type = 'IMEMO' GROUP BY imemo_kind")).isEqualTo(imemo);
    }

    /**
     * The same dump exported twice (two threads writing tables, chunks stored raw or compressed as their
     * data decides) gives the same bytes in every file: an export can be compared, cached and shared.
     */
    @Test
    void twoExportsOfOneDumpAreTheSameBytes() throws Exception {
        Path dump = Files.copy(Fixtures.dump("rails_ish"), tmp.resolve("rails_ish.json.gz"));
        List<Path> dirs = List.of(tmp.resolve("one"), tmp.resolve("two"));
        for (Path out : dirs) {
            CliTestSupport.Result r = CliTestSupport.run("export", dump.toString(), "--parquet", out.toString(), "--no-index");
            assertThat(r.exitCode()).as(r.toString()).isZero();
        }
        List<Path> files;
        try (var walk = Files.walk(dirs.get(0))) {
            files = walk.filter(Files::isRegularFile).map(dirs.get(0)::relativize).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(6);
        for (Path f : files) {
            assertThat(Files.readAllBytes(dirs.get(1).resolve(f))).as(f.toString()).isEqualTo(Files.readAllBytes(dirs.get(0).resolve(f)));
        }
    }

    /**
     * The same word, the same figure: the counts export prints and writes in {@code dumps} are
     * summary's for the same dump (references as the dump lists them, roots as its ROOT lines hold
     * them); the class pointers the references table adds are named apart and add up to its rows.
     */
    @Test
    void countsAreSummarys() throws Exception {
        Path dump = Files.copy(Fixtures.dump("rails_ish"), tmp.resolve("rails_ish.json.gz"));
        Path out = tmp.resolve("tables");
        CliTestSupport.Result export = CliTestSupport.run("export", dump.toString(), "--parquet", out.toString());
        assertThat(export.exitCode()).as(export.toString()).isZero();
        CliTestSupport.Result summary = CliTestSupport.run("summary", dump.toString(), "--format", "json");
        JsonNode s = new com.fasterxml.jackson.databind.ObjectMapper().readTree(summary.out());
        long roots = 0;
        for (JsonNode r : s.get("roots")) {
            roots += r.get("references").asLong();
        }
        List<List<String>> dumps = ExportedTables.query("SELECT objects, bytes, \"references\", class_pointers,"
                + " missing_references, roots FROM " + ExportedTables.table(out, "dumps"));
        long references = s.get("references").asLong();
        long classPointers = Long.parseLong(dumps.get(0).get(3));
        assertThat(dumps.get(0)).containsExactly(s.get("objects").asText(), s.get("bytes").asText(), Long.toString(references),
                Long.toString(classPointers), "0", Long.toString(roots));
        long rows = Long.parseLong(ExportedTables.query("SELECT count(*) FROM " + ExportedTables.table(out, "references")).get(0).get(0));
        assertThat(rows).isEqualTo(references + classPointers);
        // the class pointers are the rows named class (no object of this dump holds its own class otherwise)
        assertThat(ExportedTables.query("SELECT count(*) FROM " + ExportedTables.table(out, "references") + " WHERE name = 'class'"))
                .containsExactly(List.of(Long.toString(classPointers)));
        assertThat(export.err()).contains(String.format(java.util.Locale.ROOT,
                "%,d objects, %,d references and %,d class pointers (%,d rows of references), %,d roots",
                s.get("objects").asLong(), references, classPointers, rows, roots));
        assertThat(ExportedTables.query("SELECT count(*) FROM " + ExportedTables.table(out, "roots")))
                .containsExactly(List.of(Long.toString(roots)));
    }

    @Test
    void retainedSizesAreTops() throws Exception {
        Path dump = Files.copy(Fixtures.dump("rails_ish"), tmp.resolve("rails_ish.json.gz"));
        Path out = tmp.resolve("tables");
        assertThat(CliTestSupport.run("export", dump.toString(), "--parquet", out.toString()).exitCode()).isZero();
        CliTestSupport.Result top = CliTestSupport.run("top", dump.toString(), "--top", "25", "--format", "tsv");
        List<List<String>> expected = new ArrayList<>();
        for (String line : top.outLines().subList(1, top.outLines().size())) {
            String[] cells = line.split("\t", -1);
            expected.add(List.of(cells[0], cells[3], cells[4], cells[5]));
        }
        List<List<String>> rows = ExportedTables.query("SELECT '0x' || lower(hex(address)), shallow, retained, retained_count FROM "
                + ExportedTables.table(out, "objects") + " ORDER BY retained DESC, address LIMIT 25");
        assertThat(rows).containsExactlyInAnyOrderElementsOf(expected);
        // the retained set as a preorder range holds exactly retained_count objects whose shallow sizes sum to retained
        List<List<String>> check = ExportedTables.query("WITH o AS (SELECT * FROM " + ExportedTables.table(out, "objects")
                + " WHERE reachable), p AS (SELECT preorder, sum(shallow) OVER (ORDER BY preorder) AS cum FROM o)"
                + " SELECT count(*), count(DISTINCT x.preorder), max(x.preorder) FROM o x"
                + " JOIN p s ON s.preorder = x.preorder JOIN p e ON e.preorder = x.preorder + x.retained_count - 1"
                + " WHERE x.retained = e.cum - s.cum + x.shallow");
        List<List<String>> reachable = ExportedTables.query("SELECT count(*) FROM " + ExportedTables.table(out, "objects")
                + " WHERE reachable");
        assertThat(check.get(0)).containsExactly(reachable.get(0).get(0), reachable.get(0).get(0),
                Long.toString(Long.parseLong(reachable.get(0).get(0)) - 1));
    }

    /**
     * Export reads through the index cache: once {@code top} has indexed the dump, its middle is blanked
     * (size, time, head and tail kept: the index key still matches), and the export still writes the
     * very tables of the intact dump, so it read the index, not the dump. The blanked dump read again
     * (--no-index: its blank lines skipped, with a warning) gives other objects: the blanking shows.
     */
    @Test
    void exportFromTheIndexReadsNotTheDump() throws Exception {
        Path dump = tmp.resolve("indexed.json");
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(Fixtures.dump("rails_ish")))) {
            Files.write(dump, in.readAllBytes());
        }
        Path intact = tmp.resolve("intact");
        assertThat(CliTestSupport.run("export", dump.toString(), "--parquet", intact.toString(), "--no-index").exitCode()).isZero();
        assertThat(CliTestSupport.run("top", dump.toString(), "--top", "1").exitCode()).isZero();
        var mtime = Files.getLastModifiedTime(dump);
        byte[] bytes = Files.readAllBytes(dump);
        java.util.Arrays.fill(bytes, 1 << 17, bytes.length - (1 << 17), (byte) '?');
        Files.write(dump, bytes);
        Files.setLastModifiedTime(dump, mtime);
        Path fromIndex = tmp.resolve("from-index");
        CliTestSupport.Result r = CliTestSupport.run("export", dump.toString(), "--parquet", fromIndex.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        for (String table : List.of("objects", "references", "roots", "classes", "sites")) {
            Path a = Files.list(intact.resolve(table)).findFirst().orElseThrow().resolve("part-0.parquet");
            Path b = Files.list(fromIndex.resolve(table)).findFirst().orElseThrow().resolve("part-0.parquet");
            assertThat(Files.mismatch(a, b)).as(table).isEqualTo(-1L);
        }
        Path reRead = tmp.resolve("re-read");
        assertThat(CliTestSupport.run("export", dump.toString(), "--parquet", reRead.toString(), "--no-index").exitCode()).isZero();
        Path a = Files.list(intact.resolve("objects")).findFirst().orElseThrow().resolve("part-0.parquet");
        Path c = Files.list(reRead.resolve("objects")).findFirst().orElseThrow().resolve("part-0.parquet");
        assertThat(Files.mismatch(a, c)).as("the blanked dump read again").isNotEqualTo(-1L);
    }
}
