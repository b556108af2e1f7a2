package dev.heaplens.memprof;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Each rule of AgentRoomTest fails, naming the class, when deliberately broken classes (test classes
 * named ArchBreak..., in the memprof package whose rule they break) are added to the main classes:
 * a rule that could never fail would keep nothing.
 */
class AgentRoomBreakTest {
    static Stream<Arguments> breaks() {
        return Stream.of(
                Arguments.of("tables call the agent, which uses the tables", AgentRoomTest.NO_PACKAGE_CYCLES,
                        "dev.heaplens.memprof.tables.ArchBreakTablesCallTheAgent"),
                Arguments.of("two files of one package need each other", AgentRoomTest.NO_FILE_CYCLES,
                        "dev.heaplens.memprof.hooks.ArchBreakFileLoop"),
                Arguments.of("the tables walk the heap", AgentRoomTest.JOBS_IN_ORDER,
                        "dev.heaplens.memprof.tables.ArchBreakTablesWalkTheHeap"));
    }

    /** The main classes and every deliberate break, imported once (AgentRoomTest shows main alone passes). */
    private static JavaClasses withBreaks;

    @BeforeAll
    static void importMainClassesWithTheBreaks() {
        withBreaks = new ClassFileImporter()
                .withImportOption(location -> !location.contains("/test-classes/") || location.contains("/ArchBreak"))
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages(AgentRoomTest.MEMPROF);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breaks")
    void theRuleFailsOnItsBreak(String what, ArchRule rule, String breakingClass) {
        String simpleName = breakingClass.substring(breakingClass.lastIndexOf('.') + 1);
        JavaClasses withBreak = withBreaks;
        assertThatThrownBy(() -> rule.check(withBreak)).as(what)
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining(simpleName);
    }
}
