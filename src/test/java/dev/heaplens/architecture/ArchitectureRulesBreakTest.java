package dev.heaplens.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import dev.heaplens.memprof.AgentRoomTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Each rule of ArchitectureTest and of memprof's AgentRoomTest fails, naming the class, when
 * deliberately broken classes (test classes named ArchBreak..., each in the package whose rule it
 * breaks) are added to the main classes: a rule that could never fail would keep nothing.
 */
class ArchitectureRulesBreakTest {
    static Stream<Arguments> breaks() {
        return Stream.of(
                Arguments.of("graph imports a reader", ArchitectureTest.GRAPH_IMPORTS_NO_READER,
                        "dev.heaplens.graph.ArchBreakGraphReadsHprof"),
                Arguments.of("a reader knows an analysis", ArchitectureTest.READERS_KNOW_NO_ANALYSIS,
                        "dev.heaplens.format.ArchBreakReaderGroups"),
                Arguments.of("a namer builds its graph", ArchitectureTest.NAMERS_ONLY_NAME,
                        "dev.heaplens.analysis.ruby.ArchBreakNamerBuildsGraph"),
                Arguments.of("an analysis knows a renderer", ArchitectureTest.ANALYSES_KNOW_NO_EDGE,
                        "dev.heaplens.analysis.ArchBreakAnalysisRenders"),
                Arguments.of("a renderer opens a dump", ArchitectureTest.RENDERERS_OPEN_NOTHING,
                        "dev.heaplens.report.ArchBreakRendererOpens"),
                Arguments.of("a renderer runs an analysis", ArchitectureTest.RENDERERS_CALL_NO_ANALYSIS,
                        "dev.heaplens.report.ArchBreakRendererAnalyses"),
                Arguments.of("the web names a format", ArchitectureTest.EDGES_NAME_NO_FORMAT,
                        "dev.heaplens.web.ArchBreakWebReadsHprof"),
                Arguments.of("a renderer decides the runtime", ArchitectureTest.RUNTIME_DECIDED_IN_RUNTIME,
                        "dev.heaplens.report.ArchBreakRendererDecidesRuntime"),
                Arguments.of("the web compares two dumps' formats", ArchitectureTest.RUNTIME_DECIDED_IN_RUNTIME,
                        "dev.heaplens.web.ArchBreakWebComparesFormats"),
                Arguments.of("runtime/ switches on the format", ArchitectureTest.NO_SWITCH_ON_DUMP_FORMAT,
                        "dev.heaplens.runtime.ArchBreakRuntimeSwitchesOnFormat"),
                Arguments.of("an analysis prints", ArchitectureTest.ONLY_EDGES_PRINT,
                        "dev.heaplens.analysis.ArchBreakAnalysisPrints"),
                Arguments.of("util needs cli, which needs util", ArchitectureTest.NO_CYCLES,
                        "dev.heaplens.util.ArchBreakUtilNeedsCli"),
                Arguments.of("the CLI loads the agent", ArchitectureTest.NOTHING_NEEDS_THE_AGENT,
                        "dev.heaplens.cli.ArchBreakCliLoadsTheAgent"),
                Arguments.of("the agent reads HPROF past its door", ArchitectureTest.THE_AGENTS_ONE_DOOR,
                        "dev.heaplens.memprof.agent.ArchBreakAgentReadsHprof"),
                // memprof's own room (memprof/src/test/.../AgentRoomTest)
                Arguments.of("memprof's tables call its agent, which uses the tables", AgentRoomTest.NO_PACKAGE_CYCLES,
                        "dev.heaplens.memprof.tables.ArchBreakTablesCallTheAgent"),
                Arguments.of("two files of memprof's hooks need each other", AgentRoomTest.NO_FILE_CYCLES,
                        "dev.heaplens.memprof.hooks.ArchBreakFileLoop"),
                Arguments.of("memprof's tables walk the heap", AgentRoomTest.JOBS_IN_ORDER,
                        "dev.heaplens.memprof.tables.ArchBreakTablesWalkTheHeap"));
    }

    /** The main classes and every deliberate break, imported once (ArchitectureTest shows main alone passes). */
    private static JavaClasses withBreaks;

    @BeforeAll
    static void importMainClassesWithTheBreaks() {
        withBreaks = new ClassFileImporter()
                .withImportOption(location -> !location.contains("/test-classes/") || location.contains("/ArchBreak"))
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages(ArchitectureTest.ROOT);
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
