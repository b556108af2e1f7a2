import java.sql.*;
/** bench/SqlQueryTime.java EXPORT_DIR QUERY: the query alone, 7 runs in one DuckDB (views as heaplens sql makes them), wall time each.
 *  java -cp target/lib/duckdb_jdbc.jar bench/SqlQueryTime.java DIR "SELECT class, count(*), sum(shallow) FROM objects GROUP BY class ORDER BY 3 DESC LIMIT 10" */
public class SqlQueryTime { public static void main(String[] a) throws Exception {
  Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
  s.execute("CREATE VIEW objects AS SELECT * FROM read_parquet(['" + a[0] + "/objects/*/*.parquet'], hive_partitioning = true, union_by_name = true)");
  s.execute("SET disabled_optimizers = 'join_order'");
  for (int i = 0; i < 7; i++) { long t = System.nanoTime(); ResultSet r = s.executeQuery(a[1]); int n = 0; while (r.next()) n++; System.out.printf("%.3f s (%d rows)%n", (System.nanoTime() - t) / 1e9, n); }
}}
