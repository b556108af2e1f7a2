package dev.heaplens.parquet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Our Parquet writer read back by DuckDB (an independent reader): random values of every column
 * type, nulls, dictionary and PLAIN strings, several row groups, under each compression; and the
 * footer's statistics and sizes.
 */
class ParquetWriterTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Compression.class)
    void duckdbReadsBackRandomRowsOfEveryType(Compression compression) throws Exception {
        for (long seed = 1; seed <= 7; seed++) {
            Random random = new Random(seed);
            int rows = seed >= 6 ? (int) seed - 5 : 1 + random.nextInt(seed == 5 ? 300_000 : 5000);
            Path file = dir.resolve("t" + seed + ".parquet");
            LongColumn id = new LongColumn("id", false);
            LongColumn big = new LongColumn("big", true);
            IntColumn small = new IntColumn("small", true);
            BooleanColumn flag = new BooleanColumn("flag", false);
            StringColumn few = new StringColumn("few", true);
            StringColumn many = new StringColumn("many", true);
            LongColumn edge = new LongColumn("edge", false); // delta encoding at the ends of the range
            long[] edges = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, 40, -40};
            List<Object[]> expected = new ArrayList<>();
            try (ParquetWriter w = new ParquetWriter(file, List.of(id, big, small, flag, few, many, edge), Map.of("k", "v"), compression)) {
                for (int r = 0; r < rows; r++) {
                    Long b = random.nextInt(4) == 0 ? null : random.nextLong();
                    Integer s = random.nextInt(3) == 0 ? null : random.nextInt();
                    boolean f = random.nextBoolean();
                    String fw = random.nextInt(5) == 0 ? null : "class-" + random.nextInt(40) + (r % 7 == 0 ? "é" : "");
                    String m = random.nextInt(6) == 0 ? null : Long.toString(random.nextLong(), 36);
                    id.add(r);
                    if (b == null) big.addNull(); else big.add(b);
                    if (s == null) small.addNull(); else small.add(s);
                    flag.add(f);
                    few.add(fw);
                    many.add(m);
                    long e = edges[random.nextInt(edges.length)];
                    edge.add(e);
                    expected.add(new Object[] {(long) r, b, s, f, fw, m, e});
                    if (random.nextInt(rows / 3 + 1) == 0) {
                        w.endRowGroup();
                    }
                }
            }
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT id, big, small, flag, few, many, edge FROM read_parquet('" + file + "') ORDER BY id")) {
                int r = 0;
                while (rs.next()) {
                    Object[] e = expected.get(r++);
                    assertThat(rs.getLong(1)).as("seed %d row %d", seed, r).isEqualTo(e[0]);
                    assertThat(rs.getObject(2) == null ? null : rs.getLong(2)).as("seed %d row %d big", seed, r).isEqualTo(e[1]);
                    assertThat(rs.getObject(3) == null ? null : rs.getInt(3)).as("seed %d small", seed).isEqualTo(e[2]);
                    assertThat(rs.getBoolean(4)).as("seed %d flag", seed).isEqualTo(e[3]);
                    assertThat(rs.getString(5)).as("seed %d few", seed).isEqualTo(e[4]);
                    assertThat(rs.getString(6)).as("seed %d many", seed).isEqualTo(e[5]);
                    assertThat(rs.getLong(7)).as("seed %d edge", seed).isEqualTo(e[6]);
                }
                assertThat(r).isEqualTo(rows);
            }
            // random columns do not shrink: their chunks are stored as they are (incompressibleChunksAreStoredRaw)
            assertThat(codecsDuckDbSees(file)).contains(DUCKDB_CODEC.get(compression))
                    .isSubsetOf(DUCKDB_CODEC.get(compression), "UNCOMPRESSED");
        }
    }

    @Test
    void incompressibleChunksAreStoredRawAndTriedAgainEveryEighth() throws Exception {
        Path file = dir.resolve("raw.parquet");
        LongColumn random = new LongColumn("random", false);
        LongColumn repeats = new LongColumn("repeats", false);
        Random r = new Random(42);
        int groups = 10;
        try (ParquetWriter w = new ParquetWriter(file, List.of(random, repeats), Map.of(), Compression.LZ4)) {
            for (int g = 0; g < groups; g++) {
                for (int i = 0; i < 4096; i++) {
                    random.add(r.nextLong());
                    repeats.add(i % 3 == 0 ? 7 : 1_000_000); // deltas that repeat: LZ4 shrinks them well
                }
                w.endRowGroup();
            }
        }
        List<String> randomCodecs = new ArrayList<>();
        List<String> repeatsCodecs = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT path_in_schema, compression FROM parquet_metadata('" + file
                     + "') ORDER BY row_group_id")) {
            while (rs.next()) {
                (rs.getString(1).equals("random") ? randomCodecs : repeatsCodecs).add(rs.getString(2));
            }
            ResultSet sum = st.executeQuery("SELECT count(*), sum(repeats) FROM read_parquet('" + file + "')");
            sum.next();
            assertThat(sum.getLong(1)).isEqualTo(groups * 4096L);
        }
        // tried in the first chunk, then skipped for seven, tried again in the ninth
        assertThat(randomCodecs).containsExactly("LZ4_RAW", "UNCOMPRESSED", "UNCOMPRESSED", "UNCOMPRESSED", "UNCOMPRESSED",
                "UNCOMPRESSED", "UNCOMPRESSED", "UNCOMPRESSED", "LZ4_RAW", "UNCOMPRESSED");
        assertThat(repeatsCodecs).containsOnly("LZ4_RAW");
    }

    /** The codec names parquet_metadata reports for our codecs. */
    private static final Map<Compression, String> DUCKDB_CODEC = Map.of(Compression.NONE, "UNCOMPRESSED",
            Compression.LZ4, "LZ4_RAW", Compression.GZIP, "GZIP");

    private static List<String> codecsDuckDbSees(Path file) throws Exception {
        List<String> codecs = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT DISTINCT compression FROM parquet_metadata('" + file + "')")) {
            while (rs.next()) {
                codecs.add(rs.getString(1));
            }
        }
        return codecs;
    }

    @Test
    void lz4PagesAreSmallerAndSayTheirSizeBeforeCompression() throws Exception {
        long[] sizes = new long[2];
        for (Compression compression : List.of(Compression.NONE, Compression.LZ4)) {
            Path file = dir.resolve("sizes-" + compression + ".parquet");
            StringColumn text = new StringColumn("text", false);
            try (ParquetWriter w = new ParquetWriter(file, List.of(text), Map.of(), compression)) {
                for (int r = 0; r < 50_000; r++) {
                    text.add("a value that repeats " + r); // too many distinct values for a dictionary: PLAIN
                }
            }
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT sum(total_compressed_size), sum(total_uncompressed_size) "
                         + "FROM parquet_metadata('" + file + "')")) {
                rs.next();
                sizes[compression == Compression.NONE ? 0 : 1] = rs.getLong(1);
                if (compression == Compression.NONE) {
                    assertThat(rs.getLong(1)).isEqualTo(rs.getLong(2));
                } else {
                    // the same pages; only the headers' varints for the compressed sizes are shorter
                    assertThat(rs.getLong(2)).as("uncompressed size of the LZ4 chunk").isBetween(sizes[0] - 8, sizes[0]);
                }
            }
        }
        assertThat(sizes[1]).isLessThan(sizes[0] / 2);
    }

    @Test
    void footerStatisticsAreWhatTheValuesSay() throws Exception {
        Path file = dir.resolve("stats.parquet");
        LongColumn v = new LongColumn("v", true);
        try (ParquetWriter w = new ParquetWriter(file, List.of(v), Map.of(), Compression.NONE)) {
            v.add(-5);
            v.addNull();
            v.add(42);
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT stats_min_value, stats_max_value, stats_null_count, num_values FROM parquet_metadata('" + file + "')")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("-5");
            assertThat(rs.getString(2)).isEqualTo("42");
            assertThat(rs.getLong(3)).isEqualTo(1);
            assertThat(rs.getLong(4)).isEqualTo(3);
        }
    }

    @Test
    void anEmptyTableIsAValidFile() throws Exception {
        Path file = dir.resolve("empty.parquet");
        try (ParquetWriter w = new ParquetWriter(file, List.of(new LongColumn("v", false), new StringColumn("s", true)), Map.of(), Compression.NONE)) {
            assertThat(w.pendingRows()).isZero();
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM read_parquet('" + file + "')")) {
            rs.next();
            assertThat(rs.getLong(1)).isZero();
        }
    }

    /** Found on a read-through: the key/value metadata followed Map.of's order, which changes per JVM run. */
    @Test
    void theSameTableGivesTheSameBytesWhateverTheMetadataMapsOrder() throws Exception {
        Map<String, String> one = new java.util.LinkedHashMap<>();
        one.put("heaplens.schema_version", "2");
        one.put("heaplens.version", "x");
        Map<String, String> other = new java.util.LinkedHashMap<>();
        other.put("heaplens.version", "x");
        other.put("heaplens.schema_version", "2");
        Path a = dir.resolve("a.parquet");
        Path b = dir.resolve("b.parquet");
        for (Path file : List.of(a, b)) {
            try (ParquetWriter w = new ParquetWriter(file, List.of(new LongColumn("v", false)), file == a ? one : other,
                    Compression.NONE)) {
                assertThat(w.pendingRows()).isZero();
            }
        }
        assertThat(java.nio.file.Files.readAllBytes(a)).isEqualTo(java.nio.file.Files.readAllBytes(b));
    }
}
