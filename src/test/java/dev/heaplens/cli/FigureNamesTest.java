package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each figure has one spelling per machine format, whatever the command: the oracle is the table
 * "Figures in machine formats" of docs/glossary.md, read here, so the doc and the outputs cannot drift
 * apart. The object tables (top, threads' locals) and group tables (retained, leaks) of real Ruby
 * fixtures must use that table's tsv/csv and json names for their figures, and no other format's.
 */
class FigureNamesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** "an object" or "a group" -> tsv names, json names; and every spelling of every format. */
    private static final Map<String, List<String>> TSV = new HashMap<>();
    private static final Map<String, List<String>> JSON_NAMES = new HashMap<>();
    private static final Set<String> EVERY_SPELLING = new HashSet<>();

    @BeforeAll
    static void readTheGlossarysTable() throws IOException {
        String glossary = Files.readString(Path.of("docs/glossary.md"));
        String table = glossary.substring(glossary.indexOf("## Figures in machine formats"));
        for (String line : table.split("\n")) {
            String[] cells = line.split("\\|");
            if (cells.length < 6 || !cells[3].contains("`")) {
                continue;
            }
            String of = cells[2].strip();
            TSV.computeIfAbsent(of, k -> new ArrayList<>()).add(name(cells[3]));
            JSON_NAMES.computeIfAbsent(of, k -> new ArrayList<>()).add(name(cells[4]));
            EVERY_SPELLING.add(name(cells[3]));
            EVERY_SPELLING.add(name(cells[4]));
            if (cells[5].contains("`")) {
                EVERY_SPELLING.add(name(cells[5]));
            }
        }
        assertThat(TSV.keySet()).as("the glossary's table").containsExactlyInAnyOrder("an object", "a group");
    }

    private static String name(String cell) {
        int from = cell.indexOf('`');
        return cell.substring(from + 1, cell.indexOf('`', from + 1));
    }

    @Test
    void objectTablesSpellTheirFiguresAsTheGlossarySays() throws IOException {
        String dump = MultiKeyHistogramTest.fixture("rails_ish.json.gz").toString();
        assertFigures(run("top", dump, "--top", "3", "--no-index", "--format", "tsv"),
                run("top", dump, "--top", "3", "--no-index", "--format", "json").out(), "objects", "an object");
        assertThat(run("top", dump, "--top", "3", "--no-index", "--format", "csv").outLines().get(0))
                .isEqualTo(String.join(",", run("top", dump, "--top", "3", "--no-index", "--format", "tsv").outLines().get(0).split("\t")));
    }

    @Test
    void groupTablesSpellTheirFiguresAsTheGlossarySays() throws IOException {
        String dump = MultiKeyHistogramTest.fixture("rails_ish.json.gz").toString();
        assertFigures(run("retained", dump, "--top", "3", "--no-index", "--format", "tsv"),
                run("retained", dump, "--top", "3", "--no-index", "--format", "json").out(), "rows", "a group");
        String a = MultiKeyHistogramTest.fixture("leak/a.json.gz").toString();
        String b = MultiKeyHistogramTest.fixture("leak/b.json.gz").toString();
        String c = MultiKeyHistogramTest.fixture("leak/c.json.gz").toString();
        CliTestSupport.Result leaksTsv = run("leaks", a, b, c, "--no-index", "--format", "tsv");
        List<String> header = List.of(leaksTsv.outLines().get(0).split("\t"));
        assertThat(header).as("leaks' tsv header").contains("count", "bytes", "retained_bytes");
        assertNoOtherSpelling(header, TSV.get("a group"), "leaks tsv");
    }

    private static void assertFigures(CliTestSupport.Result tsv, String json, String rowsField, String of) throws IOException {
        assertThat(tsv.exitCode()).as(tsv.err()).isZero();
        List<String> header = List.of(tsv.outLines().get(0).split("\t"));
        assertThat(header).as("tsv header").containsAll(TSV.get(of));
        assertNoOtherSpelling(header, TSV.get(of), "tsv header");
        JsonNode row = JSON.readTree(json).get(rowsField).get(0);
        List<String> fields = new ArrayList<>();
        for (Iterator<String> names = row.fieldNames(); names.hasNext(); ) {
            fields.add(names.next());
        }
        assertThat(fields).as("json fields").containsAll(JSON_NAMES.get(of));
        assertNoOtherSpelling(fields, JSON_NAMES.get(of), "json fields");
    }

    /** A name that spells a figure in the glossary's table must be this format's spelling for this kind of row. */
    private static void assertNoOtherSpelling(List<String> names, List<String> allowed, String what) {
        for (String name : names) {
            if (EVERY_SPELLING.contains(name)) {
                assertThat(allowed).as(what + ": " + name + " is another format's or row's spelling").contains(name);
            }
        }
    }
}
