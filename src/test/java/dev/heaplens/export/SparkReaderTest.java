package dev.heaplens.export;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.analysis.ruby.Fixtures;
import dev.heaplens.cli.CliTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The second independent reader: Apache Spark in local mode reads a directory of three exported
 * dumps (LZ4_RAW pages, export's default codec) with one glob and groups by dump and type; every figure must be Ruby's own
 * (count_objects, count_objects_size of the process that dumped) and heaplens's histogram's.
 * Spark runs in a child JVM with the class path of scripts/spark-reader/pom.xml, so that its
 * libraries never meet heaplens's and the add-opens it needs on JDK 17 stay in that JVM.
 */
class SparkReaderTest {
    private static final List<String> ADD_OPENS = List.of("java.lang", "java.lang.invoke", "java.lang.reflect", "java.io",
            "java.net", "java.nio", "java.util", "java.util.concurrent", "java.util.concurrent.atomic", "sun.nio.ch",
            "sun.nio.cs", "sun.security.action", "sun.util.calendar");
    private static final Path READER = Path.of("scripts/spark-reader");

    @TempDir
    Path tmp;

    @Test
    void sparkReadsThreeDumpsWithOneGlobAndAgreesWithRuby() throws Exception {
        List<String> fixtures = List.of("tiny", "basic", "rails_ish");
        List<String> args = new ArrayList<>(List.of("export"));
        for (String f : fixtures) {
            args.add(Files.copy(Fixtures.dump(f), tmp.resolve(f + ".json.gz")).toString());
        }
        Path out = tmp.resolve("fleet");
        args.addAll(List.of("--parquet", out.toString(), "--no-index"));
        CliTestSupport.Result export = CliTestSupport.run(args.toArray(String[]::new));
        assertThat(export.exitCode()).as(export.toString()).isZero();

        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g"));
        ADD_OPENS.forEach(p -> command.add("--add-opens=java.base/" + p + "=ALL-UNNAMED"));
        command.addAll(List.of("-cp", sparkClassPath(), READER.resolve("SparkParquetReader.java").toString(), out.toString()));
        Process spark = new ProcessBuilder(command).redirectError(tmp.resolve("spark.err").toFile()).start();
        String output = new String(spark.getInputStream().readAllBytes());
        assertThat(spark.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(spark.exitValue()).as(Files.readString(tmp.resolve("spark.err"))).isZero();

        Map<String, Map<String, List<Long>>> byDump = new HashMap<>();
        List<String> sums = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (line.startsWith("#")) {
                sums.add(line);
                continue;
            }
            String[] c = line.split("\t");
            String fixture = c[0].substring(0, c[0].indexOf(".json.gz"));
            byDump.computeIfAbsent(fixture, k -> new HashMap<>()).put(c[1], List.of(Long.parseLong(c[2]), Long.parseLong(c[3])));
        }
        assertThat(byDump).containsOnlyKeys(fixtures);
        assertThat(sums).as("Spark's sums of every column type against DuckDB's").containsExactlyInAnyOrderElementsOf(duckDbSums(out));
        for (String f : fixtures) {
            JsonNode before = Fixtures.golden(f).get("before");
            Map<String, List<Long>> expected = new HashMap<>();
            before.get("count_objects").fields().forEachRemaining(e -> {
                if (e.getKey().startsWith("T_")) {
                    expected.put(e.getKey().substring(2), List.of(e.getValue().asLong(),
                            before.get("count_objects_size").get(e.getKey()).asLong()));
                }
            });
            assertThat(byDump.get(f)).as(f).isEqualTo(expected);
            CliTestSupport.Result h = CliTestSupport.run("histogram", tmp.resolve(f + ".json.gz").toString(), "--by", "type",
                    "--format", "tsv", "--top", "0");
            for (String line : h.outLines().subList(1, h.outLines().size())) {
                String[] c = line.split("\t");
                assertThat(byDump.get(f).get(c[2])).as(f + " " + c[2]).containsExactly(Long.parseLong(c[0]), Long.parseLong(c[1]));
            }
        }
    }

    /** The queries of SparkParquetReader.SUMS, run by DuckDB over the same files, in the same shape. */
    private static List<String> duckDbSums(Path out) throws Exception {
        String source = Files.readString(READER.resolve("SparkParquetReader.java"));
        List<String> lines = new ArrayList<>();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:"); java.sql.Statement st = c.createStatement()) {
            st.execute("CREATE VIEW objects AS SELECT * FROM read_parquet('" + out + "/objects/*/*.parquet', hive_partitioning = true)");
            st.execute("CREATE VIEW refs AS SELECT * FROM read_parquet('" + out + "/references/*/*.parquet', hive_partitioning = true)");
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"(SELECT concat[^;]*?GROUP BY dump)\"", java.util.regex.Pattern.DOTALL)
                    .matcher(source.replaceAll("\"\\s*\\+\\s*\"", ""));
            while (m.find()) {
                try (java.sql.ResultSet rs = st.executeQuery(m.group(1).replace('`', '"'))) {
                    while (rs.next()) {
                        StringBuilder line = new StringBuilder(rs.getString(1));
                        for (int i = 2; i <= rs.getMetaData().getColumnCount(); i++) {
                            line.append('\t').append(rs.getObject(i) == null ? "null" : rs.getString(i));
                        }
                        lines.add(line.toString());
                    }
                }
            }
        }
        assertThat(lines).hasSize(6);
        return lines;
    }

    /** Spark's class path as Maven resolves scripts/spark-reader/pom.xml; kept in target/ while the pom is older. */
    private static String sparkClassPath() throws Exception {
        Path file = Path.of("target/spark-reader.classpath");
        Path pom = READER.resolve("pom.xml");
        if (!Files.isRegularFile(file) || Files.getLastModifiedTime(file).compareTo(Files.getLastModifiedTime(pom)) < 0) {
            String mvnw = Path.of("mvnw").toAbsolutePath().toString();
            Process mvn = new ProcessBuilder(mvnw, "-q", "-f", pom.toString(), "dependency:build-classpath",
                    "-Dmdep.outputFile=" + file.toAbsolutePath()).redirectErrorStream(true).start();
            String log = new String(mvn.getInputStream().readAllBytes());
            assertThat(mvn.waitFor(10, TimeUnit.MINUTES)).isTrue();
            assertThat(mvn.exitValue()).as(log).isZero();
        }
        String cp = Files.readString(file).trim();
        assertThat(cp.split(File.pathSeparator).length).isGreaterThan(50);
        return cp;
    }
}
