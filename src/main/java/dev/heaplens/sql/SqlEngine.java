package dev.heaplens.sql;

import dev.heaplens.HeaplensException;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * An in-memory DuckDB over export directories, locked down before the user's query runs: it may
 * read the export directories and nothing else (no other file, no network, no extension), its
 * settings are locked, and only queries run (one or more SELECT, WITH, FROM or DESCRIBE statements):
 * so a query cannot write the export, the dump or its index.
 */
public final class SqlEngine implements AutoCloseable {
    private static final Set<Integer> NUMBERS = Set.of(Types.BIGINT, Types.INTEGER, Types.SMALLINT, Types.TINYINT,
            Types.DOUBLE, Types.FLOAT, Types.REAL, Types.DECIMAL, Types.NUMERIC);

    private final Connection connection;

    private SqlEngine(Connection connection) {
        this.connection = connection;
    }

    /** Opens DuckDB with the views and macros over {@code exportDirs}, then locks it down. */
    public static SqlEngine over(List<Path> exportDirs) {
        Connection c = null;
        try {
            c = DuckDbDriver.connect();
            try (Statement s = c.createStatement()) {
                s.execute("SET autoinstall_known_extensions = false");
                s.execute("SET autoload_known_extensions = false");
                for (String view : SqlViews.views(exportDirs)) {
                    s.execute(view);
                }
                for (String macro : SqlViews.MACROS) {
                    s.execute(macro);
                }
                List<String> allowed = new ArrayList<>();
                for (Path dir : exportDirs) {
                    allowed.add(SqlViews.quote(dir.toAbsolutePath().normalize() + "/"));
                }
                s.execute("SET allowed_directories = [" + String.join(", ", allowed) + "]");
                s.execute("SET enable_external_access = false");
                s.execute("SET lock_configuration = true");
            }
            return new SqlEngine(c);
        } catch (SQLException e) {
            closeQuietly(c);
            throw new HeaplensException("cannot open the exported tables in DuckDB: " + oneLine(e));
        }
    }

    /**
     * Runs {@code sql} and keeps its first {@code maxRows} rows; the others are counted, not kept, so
     * a huge result costs time, not memory.
     */
    public QueryResult query(String sql, int maxRows) {
        requireQueriesOnly(sql);
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            int n = meta.getColumnCount();
            List<String> columns = new ArrayList<>();
            List<Boolean> numeric = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                columns.add(meta.getColumnLabel(i));
                numeric.add(NUMBERS.contains(meta.getColumnType(i)) || "HUGEINT".equals(meta.getColumnTypeName(i)));
            }
            List<List<Object>> rows = new ArrayList<>();
            long more = 0;
            while (rs.next()) {
                if (rows.size() >= maxRows) {
                    more++;
                    continue;
                }
                List<Object> row = new ArrayList<>(n);
                for (int i = 1; i <= n; i++) {
                    row.add(cell(rs, i, numeric.get(i - 1)));
                }
                rows.add(row);
            }
            return new QueryResult(columns, numeric, rows, more);
        } catch (SQLException e) {
            throw new HeaplensException("sql: " + oneLine(e));
        }
    }

    private static Object cell(ResultSet rs, int i, boolean numeric) throws SQLException {
        Object v = rs.getObject(i);
        if (v == null || v instanceof Boolean || v instanceof Long || v instanceof Double) {
            return v;
        }
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof Float f) {
            return f.doubleValue();
        }
        if (numeric && (v instanceof BigInteger || v instanceof BigDecimal)) {
            return new BigDecimal(v.toString());
        }
        return rs.getString(i);
    }

    /** DuckDB serializes SELECT statements alone: any other (COPY, ATTACH, INSTALL, SET...) is refused here. */
    private void requireQueriesOnly(String sql) {
        try (PreparedStatement p = connection.prepareStatement("SELECT json_serialize_sql(CAST(? AS VARCHAR))")) {
            p.setString(1, sql);
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                String json = rs.getString(1);
                if (json.startsWith("{\"error\":true")) {
                    String message = field(json, "error_message");
                    if (message.startsWith("Only SELECT statements")) {
                        throw new HeaplensException("sql runs queries only (SELECT, WITH, FROM, DESCRIBE): the export,"
                                + " the dump and its index are read-only here");
                    }
                    throw new HeaplensException("sql: " + message);
                }
            }
        } catch (SQLException e) {
            throw new HeaplensException("sql: " + oneLine(e));
        }
    }

    /** A string field of DuckDB's small error JSON (its escapes of quotes and backslashes undone). */
    private static String field(String json, String name) {
        String key = "\"" + name + "\":\"";
        int start = json.indexOf(key);
        if (start < 0) {
            return json;
        }
        StringBuilder out = new StringBuilder();
        for (int i = start + key.length(); i < json.length(); i++) {
            char c = json.charAt(i);
            if (c == '\\' && i + 1 < json.length()) {
                out.append(json.charAt(++i));
            } else if (c == '"') {
                break;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** DuckDB's message in one line (it spreads a caret under the query over several). */
    static String oneLine(SQLException e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        return m.replaceAll("\\s*\\n\\s*", " ").trim();
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // already failing: the first error is the one to tell
            }
        }
    }

    @Override
    public void close() {
        closeQuietly(connection);
    }
}
