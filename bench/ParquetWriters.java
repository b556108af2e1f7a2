import dev.heaplens.parquet.BooleanColumn;
import dev.heaplens.parquet.LongColumn;
import dev.heaplens.parquet.ParquetWriter;
import dev.heaplens.parquet.StringColumn;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

/**
 * bench/ParquetWriters.java ROWS DIR: the same synthetic objects table (address, class of 2,000,
 * shallow, retained, reachable) written by heaplens's Parquet writer, and by DuckDB's Appender into a
 * table then COPY ... TO parquet; best of three wall times each. Run:
 *   java -cp target/classes:target/lib/duckdb_jdbc.jar bench/ParquetWriters.java 5000000 /tmp/pw
 */
public class ParquetWriters {
    public static void main(String[] args) throws Exception {
        int rows = Integer.parseInt(args[0]);
        Path dir = Files.createDirectories(Path.of(args[1]));
        String[] classes = new String[2000];
        for (int i = 0; i < classes.length; i++) {
            classes[i] = "com.example.app.Class" + i;
        }
        for (int round = 0; round < 3; round++) {
            long t0 = System.nanoTime();
            LongColumn address = new LongColumn("address", false);
            StringColumn cls = new StringColumn("class", true);
            LongColumn shallow = new LongColumn("shallow", false);
            LongColumn retained = new LongColumn("retained", true);
            BooleanColumn reachable = new BooleanColumn("reachable", false);
            try (ParquetWriter w = new ParquetWriter(dir.resolve("ours.parquet"), List.of(address, cls, shallow, retained, reachable), Map.of(), dev.heaplens.parquet.Compression.NONE)) {
                for (int i = 0; i < rows; i++) {
                    address.add(0x7f0000000000L + 40L * i);
                    cls.add(classes[(i * 31) % classes.length]);
                    shallow.add(16 + (i % 64));
                    retained.add(16 + (i % 640));
                    reachable.add(i % 17 != 0);
                    if (w.pendingRows() >= 1 << 19) {
                        w.endRowGroup();
                    }
                }
            }
            long t1 = System.nanoTime();
            try (DuckDBConnection c = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE objects (address BIGINT, class VARCHAR, shallow BIGINT, retained BIGINT, reachable BOOLEAN)");
                try (DuckDBAppender a = c.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "objects")) {
                    for (int i = 0; i < rows; i++) {
                        a.beginRow();
                        a.append(0x7f0000000000L + 40L * i);
                        a.append(classes[(i * 31) % classes.length]);
                        a.append((long) (16 + (i % 64)));
                        a.append((long) (16 + (i % 640)));
                        a.append(i % 17 != 0);
                        a.endRow();
                    }
                }
                long t2 = System.nanoTime();
                s.execute("COPY objects TO '" + dir.resolve("duckdb.parquet") + "' (FORMAT parquet)");
                long t3 = System.nanoTime();
                System.out.printf("rows %d: heaplens writer %.2f s (%d MB); DuckDB appender %.2f s + COPY TO parquet %.2f s (%d MB)%n",
                        rows, (t1 - t0) / 1e9, Files.size(dir.resolve("ours.parquet")) >> 20, (t2 - t1) / 1e9, (t3 - t2) / 1e9,
                        Files.size(dir.resolve("duckdb.parquet")) >> 20);
            }
        }
    }
}
