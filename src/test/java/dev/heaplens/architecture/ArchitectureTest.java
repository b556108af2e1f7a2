package dev.heaplens.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.GeneralCodingRules.ACCESS_STANDARD_STREAMS;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The layer rules of docs/architecture.md, checked on the compiled main classes (memprof's agent
 * included). Each rule names the layer it keeps in its room; a break fails with the offending class,
 * member and line. ArchitectureRulesBreakTest shows each rule failing on a deliberate break.
 */
class ArchitectureTest {
    static final String ROOT = "dev.heaplens";
    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = mainClasses();
    }

    static JavaClasses mainClasses() {
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages(ROOT);
    }

    /** The heap graph is below every reader and analysis: a new format only calls its builder. */
    static final ArchRule GRAPH_IMPORTS_NO_READER = noClasses().that().resideInAPackage(ROOT + ".graph..")
            .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".format..", ROOT + ".analysis..",
                    ROOT + ".runtime..", ROOT + ".report..", ROOT + ".cli..", ROOT + ".web..", ROOT + ".io..")
            .because("graph/ is below the readers: a reader calls HeapGraphBuilder, never the reverse");

    /** Readers turn bytes into records and graph calls; they know nothing of what is done with them. */
    static final ArchRule READERS_KNOW_NO_ANALYSIS = noClasses().that().resideInAPackage(ROOT + ".format..")
            .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".analysis..", ROOT + ".runtime..",
                    ROOT + ".report..", ROOT + ".cli..", ROOT + ".web..")
            .because("data flows one way: format -> graph -> analysis -> report");

    /** An analysis returns a value; where it is shown is the edges' business. */
    static final ArchRule ANALYSES_KNOW_NO_EDGE = noClasses().that().resideInAPackage(ROOT + ".analysis..")
            .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".report..", ROOT + ".runtime..",
                    ROOT + ".cli..", ROOT + ".web..")
            .because("an analysis returns a result value and prints nothing");

    /** A renderer takes a result value: it opens no dump and asks no runtime. */
    static final ArchRule RENDERERS_OPEN_NOTHING = noClasses().that().resideInAPackage(ROOT + ".report..")
            .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".runtime..", ROOT + ".io..",
                    ROOT + ".graph..", ROOT + ".index..", ROOT + ".cli..", ROOT + ".web..")
            .because("a renderer renders a result value; it reads nothing itself");

    /** cli/ and web/ talk to the runtime seam, never to a format reader or one runtime's own analyses. */
    static final ArchRule EDGES_NAME_NO_FORMAT = noClasses().that().resideInAnyPackage(ROOT + ".cli..", ROOT + ".web..")
            .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".format..", ROOT + ".analysis.ruby..",
                    ROOT + ".analysis.jvm..")
            .because("the runtime is decided once, behind dev.heaplens.runtime.HeapRuntime");

    /**
     * Which runtime wrote a dump is read from its bytes in io/ and decided in runtime/, nowhere else: no
     * other layer names DumpFormat, nor asks a DumpInput its format (comparing two formats with == would
     * otherwise leave no trace of DumpFormat in the bytecode).
     */
    static final ArchRule RUNTIME_DECIDED_IN_RUNTIME = noClasses().that()
            .resideOutsideOfPackages(ROOT + ".runtime..", ROOT + ".io..")
            .should().dependOnClassesThat().haveFullyQualifiedName(ROOT + ".io.DumpFormat")
            .orShould().callMethod(ROOT + ".io.DumpInput", "format")
            .because("HeapRuntime.of asks the registry of runtimes once; no other layer branches on the format");

    /**
     * No switch over DumpFormat outside io/, runtime/ included: each runtime says which dumps it reads
     * (RuntimeEntry.reads) and Runtimes asks them in turn, so a new runtime adds an entry, not a case. A
     * switch over an enum compiles to a table indexed by ordinal(), which this rule looks for.
     */
    static final ArchRule NO_SWITCH_ON_DUMP_FORMAT = noClasses().that().resideOutsideOfPackage(ROOT + ".io..")
            .should().callMethodWhere(new DescribedPredicate<JavaMethodCall>("DumpFormat.ordinal(), as a switch does") {
                @Override
                public boolean test(JavaMethodCall call) {
                    return call.getTargetOwner().getFullName().equals(ROOT + ".io.DumpFormat")
                            && call.getName().equals("ordinal");
                }
            })
            .because("a runtime is decided by the registry's entries (RuntimeEntry.reads), not by a case per format");

    /** Results go to stdout and messages to stderr only at the edges (and in the agent, whose output is its job). */
    static final ArchRule ONLY_EDGES_PRINT = noClasses().that()
            .resideOutsideOfPackages(ROOT + ".cli..", ROOT + ".web..", ROOT + ".memprof..")
            .should(ACCESS_STANDARD_STREAMS)
            .because("progress, warnings and results reach the user through ReadListener and the edges");

    /** The agent is a second artifact: nothing of the CLI, the web or the analyses loads it. */
    static final ArchRule NOTHING_NEEDS_THE_AGENT = noClasses().that().resideOutsideOfPackage(ROOT + ".memprof..")
            .should().dependOnClassesThat().resideInAPackage(ROOT + ".memprof..")
            .because("heaplens-memprof depends on the shared code, never the reverse (DESIGN.md)");

    /**
     * The agent's one door into heaplens's heap reading is memprof.heap.SelfDump (its own HPROF dump, read
     * as any dump is); beside it, the agent uses only the log format it writes and the renderers it prints with.
     */
    static final ArchRule THE_AGENTS_ONE_DOOR = noClasses().that().resideInAPackage(ROOT + ".memprof..")
            .and().doNotHaveFullyQualifiedName(ROOT + ".memprof.heap.SelfDump")
            .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".format.hprof..", ROOT + ".format.ruby..",
                    ROOT + ".runtime..", ROOT + ".cli..", ROOT + ".web..", ROOT + ".io..", ROOT + ".index..")
            .because("SelfDump is where the profiler reads a heap; the rest of the agent tracks and prints");

    /**
     * One load shape: a runtime's reader (format/) builds the graph and writes its index section; its
     * namer (analysis/ruby, analysis/jvm) only names what the reader made.
     */
    static final ArchRule NAMERS_ONLY_NAME = noClasses().that()
            .resideInAnyPackage(ROOT + ".analysis.ruby..", ROOT + ".analysis.jvm..")
            .should().dependOnClassesThat().haveFullyQualifiedName(ROOT + ".graph.HeapGraphBuilder")
            .orShould().dependOnClassesThat().resideInAPackage(ROOT + ".index..")
            .because("format/<runtime>/ reads and stores the graph; runtime/GraphLoad is the one load");

    /**
     * A renderer formats a result it is given: it calls no analysis's static entry (GcAnalysis.jvm,
     * Histogram.of, ...), which would compute. It may read a result's accessors, and use
     * ToolOverhead's wording of a tool's class name, which analyses and tables share.
     */
    static final ArchRule RENDERERS_CALL_NO_ANALYSIS = noClasses().that().resideInAPackage(ROOT + ".report..")
            .should().callMethodWhere(new DescribedPredicate<JavaMethodCall>("a static method of an analysis class") {
                @Override
                public boolean test(JavaMethodCall call) {
                    return call.getTargetOwner().getPackageName().startsWith(ROOT + ".analysis")
                            && !call.getTargetOwner().getName().equals(ROOT + ".analysis.ToolOverhead")
                            && !call.getTargetOwner().isEnum() // values(), called by a switch over a result's enum
                            && call.getTarget().resolveMember()
                            .map(m -> m.getModifiers().contains(JavaModifier.STATIC)).orElse(false);
                }
            })
            .because("report/ renders what runtime/ analysed; it computes nothing");

    /** The top-level packages import one way: no two of them need each other. */
    static final ArchRule NO_CYCLES = slices().matching(ROOT + ".(*)..").should().beFreeOfCycles();

    @Test
    void namersOnlyName() {
        NAMERS_ONLY_NAME.check(main);
    }

    @Test
    void graphImportsNoReader() {
        GRAPH_IMPORTS_NO_READER.check(main);
    }

    @Test
    void readersKnowNoAnalysis() {
        READERS_KNOW_NO_ANALYSIS.check(main);
    }

    @Test
    void analysesKnowNoEdge() {
        ANALYSES_KNOW_NO_EDGE.check(main);
    }

    @Test
    void renderersOpenNothing() {
        RENDERERS_OPEN_NOTHING.check(main);
    }

    @Test
    void edgesNameNoFormat() {
        EDGES_NAME_NO_FORMAT.check(main);
    }

    @Test
    void runtimeIsDecidedInRuntime() {
        RUNTIME_DECIDED_IN_RUNTIME.check(main);
    }

    @Test
    void noSwitchOnTheDumpFormat() {
        NO_SWITCH_ON_DUMP_FORMAT.check(main);
    }

    @Test
    void onlyTheEdgesPrint() {
        ONLY_EDGES_PRINT.check(main);
    }

    @Test
    void nothingNeedsTheAgent() {
        NOTHING_NEEDS_THE_AGENT.check(main);
    }

    @Test
    void theAgentHasOneDoor() {
        THE_AGENTS_ONE_DOOR.check(main);
    }

    @Test
    void renderersCallNoAnalysis() {
        RENDERERS_CALL_NO_ANALYSIS.check(main);
    }

    @Test
    void topLevelPackagesHaveNoCycles() {
        NO_CYCLES.check(main);
    }
}
