package dev.heaplens.format.hprof;

import dev.heaplens.cli.CliTestSupport;
import dev.heaplens.format.hprof.probe.ExportProbe;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A child JVM as oracle for the export (here, beside the HPROF oracle whose histogram parser it
 * shares): it dumps its heap between two class histograms. Read by DuckDB, the exported objects
 * table grouped by class must give the histogram's instances and bytes for every class that did not
 * move while the dump was taken, and those must be nearly all of them.
 */
class ExportJvmOracleTest {
    /** Classes of which the histogram's own MBean call makes 1 to 3 more (HprofJvmOracleTest's known differences). */
    private static final java.util.Set<String> MADE_BY_CALL = HprofJvmOracleTest.MADE_BY_THE_CALL.stream()
            .map(HprofJvmOracleTest.Known::className).collect(java.util.stream.Collectors.toSet());

    /**
     * Cleanables the JDK registers and its Cleaner thread clears on its own time (file streams the
     * dump and the histogram open among them): under load a few are still registered when the dump
     * is taken and gone again by the next histogram, so the two agree on the bytes per object and
     * may differ by a handful in count. Seen: 137 against 132 (and 135 against 130), at 48 B each.
     */
    private static final String CLEANABLES = "jdk.internal.ref.CleanerImpl$PhantomCleanableRef";

    @TempDir
    static Path dir;
    private static Path before;
    private static Path after;
    private static Path out;
    private static Path dump;

    /** One child JVM and one export for both tests. */
    @BeforeAll
    static void dumpAndExport() throws Exception {
        dump = dir.resolve("child.hprof");
        before = dir.resolve("before.txt");
        after = dir.resolve("after.txt");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-Xmx128m", "-cp", System.getProperty("java.class.path"), ExportProbe.class.getName(),
                dump.toString(), before.toString(), after.toString()).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes());
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(output).isZero();

        out = dir.resolve("tables");
        CliTestSupport.Result r = CliTestSupport.run("export", dump.toString(), "--parquet", out.toString(), "--field-names");
        assertThat(r.exitCode()).as(r.toString()).isZero();
    }

    @Test
    void classCountsAndBytesEqualTheJvmsHistogram() throws Exception {

        Map<String, long[]> exported = new HashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT class, count(*), sum(shallow) FROM read_parquet('" + out
                     + "/objects/*/*.parquet', hive_partitioning = true) WHERE kind <> 'class' GROUP BY class")) {
            while (rs.next()) {
                exported.put(rs.getString(1), new long[] {rs.getLong(2), rs.getLong(3)});
            }
        }
        Map<String, long[]> histogramBefore = HprofJvmOracleTest.parseHistogram(Files.readString(before));
        Map<String, long[]> histogramAfter = HprofJvmOracleTest.parseHistogram(Files.readString(after));
        int compared = 0;
        for (Map.Entry<String, long[]> e : histogramAfter.entrySet()) {
            long[] earlier = histogramBefore.get(e.getKey());
            if (earlier == null || !Arrays.equals(earlier, e.getValue())) {
                continue; // it moved while the dump was taken
            }
            compared++;
            long[] mine = exported.getOrDefault(e.getKey(), new long[2]);
            if (e.getKey().equals(CLEANABLES) && !Arrays.equals(mine, e.getValue())) {
                assertThat(Math.abs(mine[0] - e.getValue()[0])).as(e.getKey()).isLessThanOrEqualTo(16);
                assertThat(mine[1] * e.getValue()[0]).as(e.getKey() + " bytes per object").isEqualTo(e.getValue()[1] * mine[0]);
                continue;
            }
            if (MADE_BY_CALL.contains(e.getKey()) && !Arrays.equals(mine, e.getValue())) {
                assertThat(HprofJvmOracleTest.MADE_BY_THE_HISTOGRAM_CALL.holds(mine, e.getValue())).as(e.getKey()).isTrue();
                continue;
            }
            assertThat(mine).as(e.getKey()).containsExactly(e.getValue());
        }
        assertThat(compared).as("classes steady across the dump").isGreaterThan(histogramAfter.size() * 9 / 10);
        assertThat(exported.get(ExportProbe.Item.class.getName())).containsExactly(ExportProbe.ITEMS, ExportProbe.ITEMS * 24L);
    }

    /**
     * The probe's own declarations are the oracle for {@code references.name}: its class's static
     * fields, the head link's {@code next}, the gapped array's {@code [2]} and {@code [5]} (at
     * positions 0 and 1: nulls take no row), and a WeakReference's {@code referent}, marked weak.
     */
    @Test
    void referencesAreNamedAsTheProbeDeclaredThem() throws Exception {
        String refs = "read_parquet('" + out + "/references/*/*.parquet', hive_partitioning = true)";
        String classes = "read_parquet('" + out + "/classes/*/*.parquet', hive_partitioning = true)";
        String objects = "read_parquet('" + out + "/objects/*/*.parquet', hive_partitioning = true)";
        String probe = "(SELECT class_address FROM " + classes + " WHERE class = '" + ExportProbe.class.getName() + "')";
        String target = "(SELECT \"to\" FROM " + refs + " WHERE \"from\" = " + probe + " AND name = 'static %s')";
        assertThat(rows("SELECT name FROM " + refs + " WHERE \"from\" = " + probe + " AND name LIKE 'static %'"))
                .contains("static HELD", "static CHAIN", "static GAPPED", "static WEAK");
        assertThat(rows("SELECT position || ' ' || name FROM " + refs + " WHERE \"from\" = "
                + target.formatted("GAPPED") + " ORDER BY position"))
                .containsExactly("0 [2]", "1 [5]", "2 <class>");
        assertThat(rows("SELECT name FROM " + refs + " WHERE \"from\" = " + target.formatted("CHAIN")
                + " ORDER BY position")).containsExactly("next", "<class>");
        assertThat(rows("SELECT name || ' ' || weak FROM " + refs + " WHERE \"from\" = " + target.formatted("WEAK")
                + " AND \"to\" = " + target.formatted("CHAIN"))).containsExactly("referent true");
        assertThat(rows("SELECT r.name FROM " + refs + " r JOIN " + objects + " o ON o.address = r.\"from\" WHERE o.class = '"
                + ExportProbe.Link.class.getName() + "' GROUP BY 1 ORDER BY 1")).containsExactly("<class>", "next");
        assertThat(rows("SELECT count(*) FROM " + refs + " WHERE name IS NULL")).containsExactly("0");
    }

    /**
     * {@code objects.length}: the probe's arrays have the lengths it gave them; every array's shallow
     * size is what the child JVM's layout makes of its length (a 16-byte array header with compressed
     * class pointers, elements, aligned to 8), and no instance or class has one.
     */
    @Test
    void arrayLengthsAreTheProbesAndFitEveryArraysSize() throws Exception {
        String refs = "read_parquet('" + out + "/references/*/*.parquet', hive_partitioning = true)";
        String classes = "read_parquet('" + out + "/classes/*/*.parquet', hive_partitioning = true)";
        String objects = "read_parquet('" + out + "/objects/*/*.parquet', hive_partitioning = true)";
        String probe = "(SELECT class_address FROM " + classes + " WHERE class = '" + ExportProbe.class.getName() + "')";
        for (String[] known : new String[][] {{"PRIMES", "6"}, {"EMPTY", "0"}, {"COUNTED", "" + ExportProbe.BYTES},
                {"GAPPED", "6"}, {"HALVES", "3"}, {"LETTERS", "3"}}) {
            assertThat(rows("SELECT o.length FROM " + objects + " o JOIN " + refs + " r ON o.address = r.\"to\" WHERE r.\"from\" = "
                    + probe + " AND r.name = 'static " + known[0] + "'")).as(known[0]).containsExactly(known[1]);
        }
        assertThat(rows("SELECT count(*) FROM " + objects + " WHERE kind IN ('instance', 'class') AND length IS NOT NULL"))
                .containsExactly("0");
        assertThat(rows("SELECT count(*) FROM " + objects + " WHERE kind LIKE '%array' AND length IS NULL")).containsExactly("0");
        for (String[] c : new String[][] {{"byte[]", "1"}, {"char[]", "2"}, {"int[]", "4"}, {"long[]", "8"}, {"double[]", "8"}}) {
            assertThat(rows("SELECT count(*) FROM " + objects + " WHERE class = '" + c[0] + "' AND shallow <> (16 + "
                    + c[1] + " * length + 7) // 8 * 8")).as(c[0]).containsExactly("0");
        }
        assertThat(rows("SELECT count(*) FROM " + objects + " WHERE kind = 'object array' AND shallow <> (16 + 4 * length + 7) // 8 * 8"))
                .containsExactly("0");
        assertThat(rows("SELECT count(*) > 100 FROM " + objects + " WHERE kind LIKE '%array'")).containsExactly("true");
    }

    /**
     * The same word, the same figure: the objects, roots and references to addresses not in the dump
     * that export prints and writes in {@code dumps} are summary's for the same dump; the references
     * table's rows are the references less those.
     */
    @Test
    void countsAreSummarys() throws Exception {
        CliTestSupport.Result summary = CliTestSupport.run("summary", dump.toString(), "--format", "json");
        assertThat(summary.exitCode()).as(summary.toString()).isZero();
        com.fasterxml.jackson.databind.JsonNode s = new com.fasterxml.jackson.databind.ObjectMapper().readTree(summary.out());
        long roots = 0;
        for (com.fasterxml.jackson.databind.JsonNode r : s.get("gcRoots")) {
            roots += r.get("roots").asLong();
        }
        long missing = s.get("reachability").get("danglingReferences").asLong();
        String dumps = "read_parquet('" + out + "/dumps/*/*.parquet', hive_partitioning = true)";
        String refs = "read_parquet('" + out + "/references/*/*.parquet', hive_partitioning = true)";
        assertThat(rows("SELECT objects || ' ' || bytes || ' ' || class_pointers || ' ' || missing_references || ' ' || roots FROM "
                + dumps)).containsExactly(s.get("objects").asLong() + " " + s.get("bytes").asLong() + " 0 " + missing + " " + roots);
        long references = Long.parseLong(rows("SELECT \"references\" FROM " + dumps).get(0));
        assertThat(rows("SELECT count(*) FROM " + refs)).containsExactly(Long.toString(references - missing));
        CliTestSupport.Result export = CliTestSupport.run("export", dump.toString(), "--parquet", dir.resolve("counted").toString());
        assertThat(export.err()).contains(String.format(java.util.Locale.ROOT, "%,d objects, %,d references, %,d roots",
                s.get("objects").asLong(), references, roots));
        if (missing > 0) {
            assertThat(export.err()).contains(String.format(java.util.Locale.ROOT, "%,d references and", missing));
        }
    }

    /**
     * {@code --values}: the probe's Items' primitive fields are what it set (id = i, weight = i % 7),
     * its known Strings come back exactly (Latin-1 and UTF-16), and every String has one row.
     */
    @Test
    void valuesAreWhatTheProbeHeld() throws Exception {
        Path values = dir.resolve("values");
        CliTestSupport.Result r = CliTestSupport.run("export", dump.toString(), "--parquet", values.toString(), "--values");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        String fields = "read_parquet('" + values + "/field_values/*/*.parquet', hive_partitioning = true)";
        String strings = "read_parquet('" + values + "/string_values/*/*.parquet', hive_partitioning = true)";
        String objects = "read_parquet('" + values + "/objects/*/*.parquet', hive_partitioning = true)";
        String items = "(SELECT address FROM " + objects + " WHERE class = '" + ExportProbe.Item.class.getName() + "')";
        long n = ExportProbe.ITEMS;
        long weights = 0;
        for (int i = 0; i < n; i++) {
            weights += i % 7;
        }
        assertThat(rows("SELECT field || ' ' || type || ' ' || count(*) || ' ' || sum(CAST(value AS BIGINT)) FROM " + fields
                + " WHERE address IN " + items + " GROUP BY field, type ORDER BY field"))
                .containsExactly("id long " + n + " " + n * (n - 1) / 2, "weight int " + n + " " + weights);
        for (String known : ExportProbe.KNOWN) {
            assertThat(rows("SELECT value FROM " + strings + " WHERE value LIKE 'heaplens-probe-" + known.substring(15, 20) + "%'"))
                    .containsExactly(known);
        }
        assertThat(rows("SELECT count(*) FROM " + strings)).isEqualTo(rows("SELECT count(*) FROM " + objects
                + " WHERE class = 'java.lang.String'"));
        assertThat(r.err()).contains(" string values, ").contains(" field values, ").contains(" static values, ")
                .contains(" arrays' elements");
        staticsAndArraysAreWhatTheProbeHeld(values);
    }

    /**
     * {@code --values}' static fields and primitive arrays: the probe class's statics as it set them,
     * its static arrays' elements (found by the names of the export with {@code --field-names}: the
     * same dump, the same addresses), and a row per primitive array whose length is objects'.
     */
    private static void staticsAndArraysAreWhatTheProbeHeld(Path values) throws Exception {
        String statics = "read_parquet('" + values + "/static_values/*/*.parquet', hive_partitioning = true)";
        String arrays = "read_parquet('" + values + "/array_values/*/*.parquet', hive_partitioning = true)";
        String objects = "read_parquet('" + values + "/objects/*/*.parquet', hive_partitioning = true)";
        String refs = "read_parquet('" + out + "/references/*/*.parquet', hive_partitioning = true)";
        String classes = "read_parquet('" + out + "/classes/*/*.parquet', hive_partitioning = true)";
        String probe = "(SELECT class_address FROM " + classes + " WHERE class = '" + ExportProbe.class.getName() + "')";
        assertThat(rows("SELECT field || ' ' || type || ' ' || value FROM " + statics + " WHERE address = " + probe
                + " AND field IN ('answer', 'big', 'ratio', 'on', 'letter') ORDER BY field")).containsExactly("answer int 42",
                "big long 1099511627776", "letter char \u00e9", "on boolean true", "ratio double 1.5");
        String known = "SELECT a.type || ' ' || a.length || ' ' || a.elements FROM " + arrays + " a JOIN " + refs
                + " r ON a.address = r.\"to\" WHERE r.\"from\" = " + probe + " AND r.name = 'static %s'";
        assertThat(rows(known.formatted("PRIMES"))).containsExactly("int 6 2,3,5,7,11,13");
        assertThat(rows(known.formatted("HALVES"))).containsExactly("double 3 0.5,-1.5,2.25");
        assertThat(rows(known.formatted("LETTERS"))).containsExactly("char 3 104,233,9731");
        assertThat(rows(known.formatted("FLAGS"))).containsExactly("boolean 3 true,false,true");
        assertThat(rows(known.formatted("EMPTY"))).containsExactly("long 0 ");
        long sum = 0;
        for (int i = 0; i < ExportProbe.BYTES; i++) {
            sum += (byte) i;
        }
        assertThat(rows("SELECT a.length || ' ' || list_sum(string_split(a.elements, ',')::INTEGER[]) FROM " + arrays + " a JOIN "
                + refs + " r ON a.address = r.\"to\" WHERE r.\"from\" = " + probe + " AND r.name = 'static COUNTED'"))
                .containsExactly(ExportProbe.BYTES + " " + sum);
        assertThat(rows("SELECT count(*) FROM " + arrays)).isEqualTo(rows("SELECT count(*) FROM " + objects
                + " WHERE kind = 'primitive array'"));
        assertThat(rows("SELECT count(*) FROM " + arrays + " a JOIN " + objects + " o USING (address) WHERE a.length <> o.length"))
                .containsExactly("0");
    }

    /** Without {@code --field-names} every JVM name is empty and nothing else in the table changes. */
    @Test
    void withoutFieldNamesTheReferencesAreTheSameRowsUnnamed() throws Exception {
        Path bare = dir.resolve("bare");
        CliTestSupport.Result r = CliTestSupport.run("export", dump.toString(), "--parquet", bare.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        String named = "read_parquet('" + out + "/references/*/*.parquet', hive_partitioning = true)";
        String unnamed = "read_parquet('" + bare + "/references/*/*.parquet', hive_partitioning = true)";
        assertThat(rows("SELECT count(*) FROM " + unnamed + " WHERE name IS NOT NULL")).containsExactly("0");
        assertThat(rows("SELECT count(*) FROM (SELECT \"from\", \"to\", position, weak FROM " + named
                + " EXCEPT ALL SELECT \"from\", \"to\", position, weak FROM " + unnamed + ")")).containsExactly("0");
        assertThat(rows("SELECT count(*) FROM " + unnamed)).isEqualTo(rows("SELECT count(*) FROM " + named));
    }

    /**
     * The objects table's retained sizes are top's: top's 25 largest, looked up by address, carry the
     * same shallow size, retained size and retained count; and every reachable object's retained set
     * is its preorder range (retained_count objects from its own place, their shallow sizes summing to
     * its retained size).
     */
    @Test
    void retainedSizesAreTops() throws Exception {
        CliTestSupport.Result top = CliTestSupport.run("top", dump.toString(), "--top", "25", "--format", "tsv");
        assertThat(top.exitCode()).as(top.toString()).isZero();
        String objects = "read_parquet('" + out + "/objects/*/*.parquet', hive_partitioning = true)";
        for (String line : top.outLines().subList(1, top.outLines().size())) {
            String[] cells = line.split("\t", -1); // address, type, class, shallow, retained, retained count
            assertThat(rows("SELECT shallow || ',' || retained || ',' || retained_count FROM " + objects
                    + " WHERE address = " + Long.parseLong(cells[0].substring(2), 16)))
                    .as(line).containsExactly(cells[3] + "," + cells[4] + "," + cells[5]);
        }
        assertThat(rows("WITH o AS (SELECT * FROM " + objects + " WHERE reachable), p AS (SELECT preorder,"
                + " sum(shallow) OVER (ORDER BY preorder) AS cum FROM o) SELECT count(*) FILTER (WHERE x.retained"
                + " <> e.cum - s.cum + x.shallow) || ',' || count(*) || ',' || (SELECT count(*) FROM o) FROM o x"
                + " JOIN p s ON s.preorder = x.preorder JOIN p e ON e.preorder = x.preorder + x.retained_count - 1"))
                .allSatisfy(r -> assertThat(r.split(",")[0]).isEqualTo("0")) // no retained set that is not its range
                .allSatisfy(r -> assertThat(r.split(",")[1]).isEqualTo(r.split(",")[2])); // every reachable object
    }

    /**
     * Hive layout, 64-bit ids: each table of the dump is DIR/TABLE/dump=ID/part-0.parquet, and every
     * address column is a 64-bit integer (BIGINT), as the dumps' addresses are.
     */
    @Test
    void tablesAreHivePartitionsWithSixtyFourBitAddresses() throws Exception {
        for (String table : java.util.List.of("dumps", "objects", "references", "roots", "classes")) {
            try (var parts = Files.list(out.resolve(table))) {
                java.util.List<Path> partitions = parts.toList();
                assertThat(partitions).singleElement().satisfies(p -> {
                    assertThat(p.getFileName().toString()).startsWith("dump=child.hprof-");
                    assertThat(p.resolve("part-0.parquet")).isRegularFile();
                });
            }
        }
        String types = "SELECT column_type FROM (DESCRIBE SELECT * FROM read_parquet('" + out + "/%s/*/*.parquet'))"
                + " WHERE column_name = '%s'";
        for (String[] column : new String[][] {{"objects", "address"}, {"objects", "dominator"}, {"references", "from"},
                {"references", "to"}, {"roots", "address"}, {"classes", "class_address"}}) {
            assertThat(rows(String.format(types, column[0], column[1]))).as(column[0] + "." + column[1]).containsExactly("BIGINT");
        }
    }

    private static java.util.List<String> rows(String sql) throws Exception {
        java.util.List<String> rows = new java.util.ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                rows.add(rs.getString(1));
            }
        }
        return rows;
    }
}
