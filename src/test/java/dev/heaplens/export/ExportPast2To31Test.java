package dev.heaplens.export;

import dev.heaplens.cli.CliTestSupport;
import dev.heaplens.format.hprof.SelfDump;
import dev.heaplens.graph.WideIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import static dev.heaplens.cli.CliTestSupport.run;
import static dev.heaplens.cli.CliTestSupport.withoutNotes;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code export} and {@code sql} as past 2^31 objects ({@link WideIds#asPast2To31}: ids 8 bytes wide,
 * every heap array an object refused, out of core with {@code --memory 1k}) against the same commands in
 * the heap ({@code --no-index}): every table's rows read back by DuckDB, and every Parquet file byte for
 * byte; {@code sql}'s answers over every table. On the Rails sample and this JVM's own dump, the first
 * read and again from the index.
 */
class ExportPast2To31Test {
    @TempDir
    Path dir;

    @Test
    void everyTableIsTheSameAsInTheHeap() throws Exception {
        for (Path dump : dumps()) {
            Path inHeapDir = dir.resolve("in-heap-" + dump.getFileName());
            deleteIndex(dump);
            CliTestSupport.Result inHeap = run(export(dump, inHeapDir), "--no-index");
            assertThat(inHeap.exitCode()).as(inHeap.toString()).isZero();
            List<Path> files = parquetFiles(inHeapDir);
            assertThat(files).as("every table of %s", dump).hasSizeGreaterThanOrEqualTo(dump.toString().endsWith(".hprof") ? 9 : 7);
            for (String pass : List.of("first", "second")) {
                Path wideDir = dir.resolve(pass + "-" + dump.getFileName());
                CliTestSupport.Result wide = WideIds.asPast2To31(() -> run(export(dump, wideDir), "--memory", "1k"));
                assertThat(wide.exitCode()).as(wide.toString()).isZero();
                assertThat(withoutNotes(wide.err()).replace(wideDir.toString(), inHeapDir.toString())).as(pass).isEqualTo(inHeap.err());
                assertThat(parquetFiles(wideDir)).isEqualTo(files);
                for (Path file : files) {
                    String table = file.getName(0).toString();
                    assertThat(rows(wideDir, table)).as("%s %s %s", pass, dump.getFileName(), table).isEqualTo(rows(inHeapDir, table));
                    assertThat(Files.readAllBytes(wideDir.resolve(file))).as("%s %s", pass, file)
                            .isEqualTo(Files.readAllBytes(inHeapDir.resolve(file)));
                }
            }
            String counts = "SELECT (SELECT count(name) FROM " + ExportedTables.table(inHeapDir, "references") + "),"
                    + " (SELECT count(*) FROM " + ExportedTables.table(inHeapDir, "string_values") + "), count(preorder),"
                    + " count(dominator), count(root) FROM " + ExportedTables.table(inHeapDir, "objects");
            assertThat(ExportedTables.query(counts).get(0)).as("names, values, preorder, dominators and roots written")
                    .doesNotContain("0");
        }
    }

    @Test
    void sqlAnswersTheSameAsInTheHeap() throws Exception {
        for (Path dump : dumps()) {
            boolean ruby = !dump.toString().endsWith(".hprof");
            List<String> queries = new ArrayList<>(List.of(
                    "SELECT count(*), sum(shallow), sum(retained), max(preorder), count(dominator), count(root), sum(length) FROM objects",
                    "SELECT address, class, retained, retained_count, preorder, dominator FROM objects"
                            + " ORDER BY retained DESC NULLS LAST, address LIMIT 8",
                    "SELECT count(*), count(name), sum(position), count(*) FILTER (WHERE weak), sum(\"to\" % 9973) FROM \"references\"",
                    "SELECT name, count(*) FROM \"references\" GROUP BY name ORDER BY count(*) DESC, name NULLS FIRST LIMIT 6",
                    "SELECT root, count(*), sum(address % 9973) FROM roots GROUP BY root ORDER BY root",
                    "SELECT class, objects, shallow, class_address FROM classes ORDER BY shallow DESC, class LIMIT 8",
                    "SELECT objects, bytes, \"references\", class_pointers, missing_references, roots FROM dumps"));
            if (ruby) {
                queries.add("SELECT file, line, objects, shallow FROM sites ORDER BY objects DESC, file, line LIMIT 6");
            }
            for (String query : queries) {
                deleteIndex(dump);
                deleteExportCache(dump);
                CliTestSupport.Result inHeap = run("sql", dump.toString(), query, "--no-index");
                assertThat(inHeap.exitCode()).as(inHeap.toString()).isZero();
                deleteExportCache(dump);
                CliTestSupport.Result wide = WideIds.asPast2To31(() -> run(List.of("sql", dump.toString(), query), "--memory", "1k"));
                assertThat(wide.exitCode()).as(wide.toString()).isZero();
                assertThat(wide.out()).as(query).isEqualTo(inHeap.out()).isNotBlank();
            }
        }
    }

    private List<Path> dumps() throws IOException {
        Path rails = Files.copy(Path.of("samples/rails-ish.json.gz"), dir.resolve("rails-ish.json.gz"));
        return List.of(rails, SelfDump.write(dir.resolve("self.hprof")));
    }

    private static List<String> export(Path dump, Path to) {
        return List.of("export", dump.toString(), "--parquet", to.toString(), "--field-names", "--values");
    }

    private static void deleteIndex(Path dump) throws IOException {
        Files.deleteIfExists(dump.resolveSibling(dump.getFileName() + ".heaplens-index"));
    }

    private static void deleteExportCache(Path dump) throws IOException {
        Path cache = dump.resolveSibling(dump.getFileName() + ExportCache.SUFFIX);
        if (Files.exists(cache)) {
            try (Stream<Path> walk = Files.walk(cache)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    /** The export's Parquet files, relative to {@code root}, sorted. */
    private static List<Path> parquetFiles(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> p.toString().endsWith(".parquet")).map(root::relativize).sorted().toList();
        }
    }

    /** Every row of {@code table}, in the file's order, as DuckDB reads it. */
    private static List<List<String>> rows(Path root, String table) throws Exception {
        return ExportedTables.query("SELECT * FROM " + ExportedTables.table(root, table));
    }
}
