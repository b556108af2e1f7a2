package dev.heaplens.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.analysis.ruby.Fixtures;
import dev.heaplens.cli.CliTestSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * heaplens sql as a user runs it: the README's worked queries (README "SQL over a heap") checked
 * against independent oracles (Jackson over the dump's JSON lines, Ruby's golden counts, top), the
 * macros, the output formats, and hostile queries.
 */
class SqlCommandTest {
    @TempDir
    static Path tmp;
    static Path dump;
    static Map<String, JsonNode> records = new HashMap<>();

    @BeforeAll
    static void exportOnce() throws Exception {
        dump = Files.copy(Fixtures.dump("rails_ish"), tmp.resolve("rails_ish.json.gz"));
        ObjectMapper json = new ObjectMapper();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(dump)),
                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                JsonNode node = json.readTree(line);
                if (node.has("address")) {
                    records.put(node.get("address").asText(), node);
                }
            }
        }
        CliTestSupport.Result first = sql("SELECT count(*) FROM objects");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(first.err()).contains("exporting");
    }

    static CliTestSupport.Result sql(String query, String... more) {
        String[] args = new String[3 + more.length];
        args[0] = "sql";
        args[1] = dump.toString();
        args[2] = query;
        System.arraycopy(more, 0, args, 3, more.length);
        return CliTestSupport.run(args);
    }

    /** The rows of a csv answer, header left out. */
    static List<String> rows(String query) {
        CliTestSupport.Result r = sql(query, "--format", "csv");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return r.outLines().subList(1, r.outLines().size());
    }

    // ---- the README's five worked queries

    static final String BY_TYPE = "SELECT type, count(*) AS objects, sum(shallow) AS bytes FROM objects GROUP BY type ORDER BY bytes DESC";
    static final String MARK_ARRAYS = "WITH held AS (SELECT DISTINCT r.dump, r.\"to\" AS address FROM objects i"
            + " JOIN \"references\" r ON r.dump = i.dump AND r.\"from\" = i.address WHERE i.imemo_kind = 'iseq')"
            + " SELECT a.class, count(*) AS arrays, sum(a.shallow) AS bytes, sum(a.retained) AS retained"
            + " FROM held JOIN objects a USING (dump, address) WHERE a.type = 'ARRAY' GROUP BY a.class ORDER BY bytes DESC";
    static final String INSTANCES = "SELECT count(*) AS hashes, sum(shallow) AS bytes, max(retained) AS largest FROM instances('Hash')";
    static final String RETAINED_SET = "SELECT class, count(*) AS objects, sum(shallow) AS bytes FROM retained_set("
            + "(SELECT address FROM objects ORDER BY retained DESC LIMIT 1 OFFSET 1)) GROUP BY class ORDER BY bytes DESC";

    @Test
    void byTypeEqualsRubysCountObjectsSize() {
        JsonNode before = Fixtures.golden("rails_ish").get("before");
        for (String row : rows(BY_TYPE)) {
            String[] c = row.split(",");
            assertThat(c[1]).as(c[0]).isEqualTo(before.get("count_objects").get("T_" + c[0]).asText());
            assertThat(c[2]).as(c[0]).isEqualTo(before.get("count_objects_size").get("T_" + c[0]).asText());
        }
    }

    @Test
    void markArraysAreWhatTheJsonLinesSay() {
        Map<String, List<Long>> expected = iseqArrays(records);
        assertThat(expected).isNotEmpty();
        assertThat(byClass(rows(MARK_ARRAYS))).isEqualTo(expected);
    }

    /**
     * The oracle of the seed's query, by brute force over a dump's JSON lines: the distinct arrays
     * some iseq's record references, by the name its class's record gives ({@code (hidden ARRAY)} for
     * an array without a class, as a compiler's literal arrays are), as [arrays, bytes].
     */
    static Map<String, List<Long>> iseqArrays(Map<String, JsonNode> records) {
        Set<String> held = new HashSet<>();
        for (JsonNode r : records.values()) {
            if ("IMEMO".equals(r.path("type").asText()) && "iseq".equals(r.path("imemo_type").asText())) {
                r.path("references").forEach(a -> {
                    JsonNode target = records.get(a.asText());
                    if (target != null && "ARRAY".equals(target.get("type").asText())) {
                        held.add(a.asText());
                    }
                });
            }
        }
        Map<String, List<Long>> byClass = new java.util.TreeMap<>();
        for (String a : held) {
            JsonNode array = records.get(a);
            String cls = array.has("class") ? records.get(array.get("class").asText()).path("name").asText() : "(hidden ARRAY)";
            List<Long> t = byClass.getOrDefault(cls, List.of(0L, 0L));
            byClass.put(cls, List.of(t.get(0) + 1, t.get(1) + array.get("memsize").asLong()));
        }
        return byClass;
    }

    /** csv rows of class, arrays, bytes, ... as class -> [arrays, bytes]. */
    static Map<String, List<Long>> byClass(List<String> csvRows) {
        Map<String, List<Long>> out = new java.util.TreeMap<>();
        for (String row : csvRows) {
            String[] c = row.split(",");
            out.put(c[0], List.of(Long.parseLong(c[1]), Long.parseLong(c[2])));
        }
        return out;
    }

    /** The README's query over {@code length}: hashes of 100 entries or more, by holder. */
    static final String BIG_HASH_HOLDERS = "WITH big AS (SELECT dump, address, length FROM objects WHERE type = 'HASH'"
            + " AND length >= 100) SELECT o.class AS holder, count(*) AS hashes, sum(b.length) AS entries FROM big b"
            + " JOIN \"references\" r ON r.dump = b.dump AND r.\"to\" = b.address JOIN objects o ON o.dump = r.dump"
            + " AND o.address = r.\"from\" GROUP BY o.class ORDER BY entries DESC";

    @Test
    void bigHashHoldersAreWhatTheJsonLinesSay() {
        long hashes = 0;
        long entries = 0;
        for (JsonNode r : records.values()) {
            for (JsonNode a : r.path("references")) {
                JsonNode target = records.get(a.asText());
                if (target != null && "HASH".equals(target.get("type").asText()) && target.path("size").asLong() >= 100) {
                    hashes++;
                    entries += target.get("size").asLong();
                }
            }
        }
        long gotHashes = 0;
        long gotEntries = 0;
        for (String row : rows(BIG_HASH_HOLDERS)) {
            String[] c = row.split(",");
            gotHashes += Long.parseLong(c[1]);
            gotEntries += Long.parseLong(c[2]);
        }
        assertThat(hashes).isPositive();
        assertThat(List.of(gotHashes, gotEntries)).containsExactly(hashes, entries);
    }

    @Test
    void instancesOfAClassAreThoseTheHistogramCounts() {
        CliTestSupport.Result h = CliTestSupport.run("histogram", dump.toString(), "--by", "class", "--format", "tsv", "--top", "0");
        String hash = h.outLines().stream().filter(l -> l.endsWith("\tHash")).findFirst().orElseThrow();
        String[] c = hash.split("\t");
        String[] row = rows(INSTANCES).get(0).split(",");
        assertThat(row[0]).isEqualTo(c[0]);
        assertThat(row[1]).isEqualTo(c[1]);
    }

    @Test
    void theRetainedSetOfTopsSecondObjectIsWhatTopSays() {
        CliTestSupport.Result top = CliTestSupport.run("top", dump.toString(), "--top", "2", "--format", "tsv");
        String[] second = top.outLines().get(2).split("\t");
        long objects = 0;
        long bytes = 0;
        for (String row : rows(RETAINED_SET)) {
            String[] c = row.split(",");
            objects += Long.parseLong(c[c.length - 2]);
            bytes += Long.parseLong(c[c.length - 1]);
        }
        assertThat(bytes).isEqualTo(Long.parseLong(second[4]));
        assertThat(objects).isEqualTo(Long.parseLong(second[5]));
        // its dominator tree children retain all of it but its own bytes
        String children = rows("SELECT sum(retained) FROM dominated(" + second[0].replace("0x", "'0x") + "'::BIGINT)").get(0);
        assertThat(Long.parseLong(children)).isEqualTo(Long.parseLong(second[4]) - Long.parseLong(second[3]));
        // outbound lists the record's references and its class pointer, inbound the records that list it
        JsonNode record = records.get(second[0]);
        assertThat(rows("SELECT count(*) FILTER (WHERE name IS NULL), count(*) FILTER (WHERE name = 'class'),"
                + " max(\"to\") FILTER (WHERE name = 'class') FROM outbound('" + second[0] + "'::BIGINT)").get(0))
                .isEqualTo(record.path("references").size() + ",1," + Long.parseLong(record.get("class").asText().substring(2), 16));
        long referrers = records.values().stream().filter(r -> {
            for (JsonNode a : r.path("references")) {
                if (a.asText().equals(second[0])) {
                    return true;
                }
            }
            return false;
        }).count();
        assertThat(rows("SELECT count(DISTINCT \"from\") FROM inbound('" + second[0] + "'::BIGINT)").get(0))
                .isEqualTo(Long.toString(referrers));
    }

    @Test
    void aFleetIsOneGlobGroupedByDump(@TempDir Path fleet) throws Exception {
        Path tiny = Files.copy(Fixtures.dump("tiny"), fleet.resolve("tiny.json.gz"));
        Path basic = Files.copy(Fixtures.dump("basic"), fleet.resolve("basic.json.gz"));
        Path out = fleet.resolve("tables");
        assertThat(CliTestSupport.run("export", tiny.toString(), basic.toString(), "--parquet", out.toString()).exitCode()).isZero();
        CliTestSupport.Result r = CliTestSupport.run("sql", out.toString(),
                "SELECT d.path, count(*) AS objects, sum(o.shallow) AS bytes FROM dumps d JOIN objects o USING (dump)"
                        + " GROUP BY d.path ORDER BY d.path", "--format", "tsv");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.outLines()).hasSize(3);
        for (String line : r.outLines().subList(1, 3)) {
            String[] c = line.split("\t");
            String fixture = Path.of(c[0]).getFileName().toString().replace(".json.gz", "");
            JsonNode before = Fixtures.golden(fixture).get("before");
            assertThat(Long.parseLong(c[1])).isEqualTo(before.get("count_objects").get("TOTAL").asLong()
                    - before.get("count_objects").get("FREE").asLong());
            assertThat(c[2]).isEqualTo(before.get("count_objects_size").get("TOTAL").asText());
        }
    }

    // ---- formats

    @Test
    void everyFormatCarriesTheSameRows() throws Exception {
        String q = "SELECT type, count(*) AS n, NULL AS nothing FROM objects WHERE type IN ('FLOAT', 'STRUCT') GROUP BY type ORDER BY type";
        assertThat(sql(q).outLines()).containsExactly("type       n  nothing", "FLOAT   3604     NULL", "STRUCT     9     NULL");
        assertThat(sql(q, "--format", "tsv").outLines()).containsExactly("type\tn\tnothing", "FLOAT\t3604\t", "STRUCT\t9\t");
        assertThat(sql(q, "--format", "csv").outLines()).containsExactly("type,n,nothing", "FLOAT,3604,", "STRUCT,9,");
        assertThat(sql(q, "--format", "markdown").outLines()).containsExactly("| type | n | nothing |", "|---|---:|---:|",
                "| FLOAT | 3604 | NULL |", "| STRUCT | 9 | NULL |");
        JsonNode json = new ObjectMapper().readTree(sql(q, "--format", "json").out());
        assertThat(json.get("rows").get(0).get("n").isNumber()).isTrue();
        assertThat(json.get("rows").get(1).get("n").asLong()).isEqualTo(9);
        assertThat(json.get("rows").get(0).get("nothing").isNull()).isTrue();
        assertThat(json.get("more_rows").asLong()).isZero();
    }

    // ---- hostile queries

    @Test
    void aHugeResultIsBoundedAndCounted() {
        CliTestSupport.Result r = sql("SELECT * FROM range(200000)", "--max-rows", "5", "--format", "tsv");
        assertThat(r.exitCode()).isZero();
        assertThat(r.outLines()).hasSize(6);
        assertThat(r.errLines()).containsExactly("heaplens: 199995 more rows not shown (--max-rows 5)");
    }

    @Test
    void badOrWritingQueriesFailInOneLineAndTouchNothing() throws Exception {
        Path index = Path.of(dump + ".heaplens-index");
        String dumpSum = digest(dump);
        String indexSum = Files.exists(index) ? digest(index) : "";
        Path exported = Path.of(dump + ".heaplens-export");
        Path outside = tmp.resolve("stolen.csv");
        for (String q : List.of("SELEC 1", "SELECT * FROM no_such_table",
                "COPY objects TO '" + outside + "'",
                "COPY objects TO '" + exported.resolve("objects/x.csv") + "'",
                "SELECT * FROM read_csv('/etc/passwd')",
                "SELECT * FROM read_blob('" + dump + "')",
                "SELECT * FROM read_text('" + exported + "/../rails_ish.json.gz')",
                "ATTACH '" + tmp.resolve("other.db") + "'",
                "SET enable_external_access = true",
                "INSTALL httpfs",
                "SELECT 1; COPY objects TO '" + outside + "'",
                "CREATE TABLE t AS SELECT 1")) {
            CliTestSupport.Result r = sql(q);
            assertThat(r.exitCode()).as(q + "\n" + r).isEqualTo(2);
            assertThat(r.errLines()).as(q).hasSize(1);
            assertThat(r.errLines().get(0)).as(q).startsWith("heaplens: ");
            assertThat(r.out()).as(q).isEmpty();
        }
        assertThat(outside).doesNotExist();
        assertThat(exported.resolve("objects/x.csv")).doesNotExist();
        assertThat(digest(dump)).isEqualTo(dumpSum);
        assertThat(Files.exists(index) ? digest(index) : "").isEqualTo(indexSum);
    }

    private static String digest(Path file) throws Exception {
        return java.util.HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
