package dev.heaplens.sql;

import dev.heaplens.HeaplensException;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Properties;

/**
 * DuckDB's JDBC driver, loaded only when {@code heaplens sql} runs: from the class path when it is
 * there (the tests), else from {@code lib/duckdb_jdbc.jar} beside heaplens.jar (the build copies it
 * to target/lib; a runtime image carries the same lib/ beside its jar), or {@code $HEAPLENS_DUCKDB_JAR}.
 * heaplens.jar itself never holds DuckDB's 80 MB, so the other commands start as fast as before.
 */
final class DuckDbDriver {
    private static final String DRIVER = "org.duckdb.DuckDBDriver";
    static final String JAR = "duckdb_jdbc.jar";

    private DuckDbDriver() {
    }

    /** A new in-memory DuckDB database. */
    static Connection connect() throws SQLException {
        Properties properties = new Properties();
        return driver().connect("jdbc:duckdb:", properties);
    }

    private static Driver driver() {
        Class<?> type;
        try {
            type = Class.forName(DRIVER, true, DuckDbDriver.class.getClassLoader());
        } catch (ClassNotFoundException notOnClassPath) {
            type = fromJar(jar());
        }
        try {
            return (Driver) type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new HeaplensException("cannot start DuckDB's JDBC driver: " + e);
        }
    }

    private static Class<?> fromJar(Path jar) {
        try {
            URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, DuckDbDriver.class.getClassLoader());
            return Class.forName(DRIVER, true, loader);
        } catch (MalformedURLException | ClassNotFoundException e) {
            throw new HeaplensException("cannot load DuckDB from " + jar + ": " + e.getMessage());
        }
    }

    private static Path jar() {
        String override = System.getenv("HEAPLENS_DUCKDB_JAR");
        if (override != null && !override.isEmpty()) {
            return existing(Path.of(override), "HEAPLENS_DUCKDB_JAR");
        }
        Path beside;
        try {
            Path self = Path.of(DuckDbDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            beside = self.getParent().resolve("lib").resolve(JAR);
        } catch (Exception e) {
            throw new HeaplensException("sql needs DuckDB's JDBC driver: set HEAPLENS_DUCKDB_JAR to duckdb_jdbc.jar");
        }
        return existing(beside, "the build (./mvnw package copies it there)");
    }

    private static Path existing(Path jar, String from) {
        if (!Files.isRegularFile(jar)) {
            throw new HeaplensException("sql needs DuckDB's JDBC driver, expected at " + jar + " (from " + from + ")");
        }
        return jar;
    }
}
