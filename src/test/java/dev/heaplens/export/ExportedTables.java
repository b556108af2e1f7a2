package dev.heaplens.export;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Tests' independent reader of an export: DuckDB's own read_parquet through JDBC, not heaplens's sql. */
final class ExportedTables {
    private ExportedTables() {
    }

    /** The FROM clause reading {@code table} of the export in {@code dir}, every dump's partition. */
    static String table(Path dir, String table) {
        return "read_parquet('" + dir.toAbsolutePath() + "/" + table + "/*/*.parquet', hive_partitioning = true)";
    }

    /** Rows of {@code sql} as lists of strings (null for NULL). */
    static List<List<String>> query(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            List<List<String>> rows = new ArrayList<>();
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    row.add(rs.getString(i));
                }
                rows.add(row);
            }
            return rows;
        }
    }

    /** A query of key, count, bytes rows as key → {count, bytes}. */
    static Map<String, List<Long>> countsAndBytes(String sql) throws SQLException {
        Map<String, List<Long>> out = new TreeMap<>();
        for (List<String> row : query(sql)) {
            out.put(row.get(0), List.of(Long.parseLong(row.get(1)), Long.parseLong(row.get(2))));
        }
        return out;
    }
}
