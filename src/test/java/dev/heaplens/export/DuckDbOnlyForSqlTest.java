package dev.heaplens.export;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * DuckDB is loaded by {@code heaplens sql} alone (issue 29: the other commands and heaplens.jar stay
 * as small and fast as they were): no main class names a DuckDB class (DuckDbDriver loads the driver
 * by name, from the class path or lib/duckdb_jdbc.jar), and the main code's class path, the jar's
 * contents, has none of DuckDB's classes; the tests alone have it.
 */
class DuckDbOnlyForSqlTest {
    @Test
    void noMainClassDependsOnDuckDb() {
        JavaClasses main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages("dev.heaplens");
        assertThat(main.size()).isGreaterThan(100);
        noClasses().should().dependOnClassesThat().resideInAPackage("org.duckdb..").check(main);
    }

    @Test
    void duckDbIsOnTheTestClassPathOnly() throws IOException {
        URL[] mainOnly = Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(p -> !p.contains("duckdb") && !p.endsWith("test-classes"))
                .map(p -> {
                    try {
                        return Path.of(p).toUri().toURL();
                    } catch (java.net.MalformedURLException e) {
                        throw new IllegalStateException(e);
                    }
                }).toArray(URL[]::new);
        try (URLClassLoader loader = new URLClassLoader(mainOnly, ClassLoader.getPlatformClassLoader());
             InputStream driver = loader.getResourceAsStream("org/duckdb/DuckDBDriver.class")) {
            assertThat(loader.getResource("dev/heaplens/sql/DuckDbDriver.class")).as("the main classes").isNotNull();
            assertThat(driver).as("DuckDB's driver beside the main classes").isNull();
        }
        assertThat(getClass().getClassLoader().getResource("org/duckdb/DuckDBDriver.class")).as("the tests' DuckDB").isNotNull();
    }
}
