package dev.heaplens.sql;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The views {@code heaplens sql} opens over one or more export directories: one per table, reading
 * every dump's partition, and table macros for the common questions (README "SQL").
 */
final class SqlViews {
    static final List<String> TABLES = List.of("dumps", "objects", "references", "roots", "classes", "sites",
            "string_values", "field_values", "static_values", "array_values");

    /** Table macros; addresses are BIGINT (write {@code '0x7f..'::BIGINT} for a hex one). */
    static final List<String> MACROS = List.of(
            // instances of a class, largest retained first
            "CREATE MACRO instances(cls) AS TABLE SELECT * FROM objects WHERE class = cls ORDER BY retained DESC NULLS LAST",
            // what an object points at, with what it points at
            "CREATE MACRO outbound(addr) AS TABLE SELECT r.dump, r.\"from\", r.\"to\", r.position, r.name, o.class, o.shallow,"
                    + " o.retained FROM \"references\" r JOIN objects o ON o.dump = r.dump AND o.address = r.\"to\""
                    + " WHERE r.\"from\" = addr ORDER BY r.dump, r.position",
            // what points at an object
            "CREATE MACRO inbound(addr) AS TABLE SELECT r.dump, r.\"from\", r.\"to\", r.position, r.name, o.class, o.shallow,"
                    + " o.retained FROM \"references\" r JOIN objects o ON o.dump = r.dump AND o.address = r.\"from\""
                    + " WHERE r.\"to\" = addr ORDER BY r.dump, r.\"from\"",
            // what the GC would free with the object: its dominator subtree, a range of the preorder
            // (x materialized first: with a subquery for addr, DuckDB otherwise compared every pair of objects)
            "CREATE MACRO retained_set(addr) AS TABLE WITH x AS MATERIALIZED (SELECT dump, preorder, retained_count"
                    + " FROM objects WHERE address = addr) SELECT o.* FROM x JOIN objects o ON o.dump = x.dump"
                    + " AND o.preorder BETWEEN x.preorder AND x.preorder + x.retained_count - 1",
            // the object's children in the dominator tree
            "CREATE MACRO dominated(addr) AS TABLE SELECT * FROM objects WHERE dominator = addr ORDER BY retained DESC",
            // an address as Ruby and JVM tools print it
            "CREATE MACRO hex_address(a) AS '0x' || lower(hex(a))");

    private SqlViews() {
    }

    /** The statements that create a view per table found under {@code dirs}. */
    static List<String> views(List<Path> dirs) {
        List<String> statements = new ArrayList<>();
        for (String table : TABLES) {
            List<String> globs = new ArrayList<>();
            for (Path dir : dirs) {
                if (Files.isDirectory(dir.resolve(table))) {
                    globs.add(quote(dir.toAbsolutePath().normalize().resolve(table) + "/*/*.parquet"));
                }
            }
            if (!globs.isEmpty()) {
                statements.add("CREATE VIEW \"" + table + "\" AS SELECT * FROM read_parquet([" + String.join(", ", globs)
                        + "], hive_partitioning = true, union_by_name = true)");
            }
        }
        return statements;
    }

    static String quote(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
