package dev.heaplens.memprof;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The agent's room split by job, checked on the compiled classes: the API (MemProf) on the agent
 * (start, settings, the tracker), the agent on sampling (the JVM's samples), sampling on the hooks
 * (rewritten bytecode), the hooks on the tables (what is kept), and the heap walk beside them for
 * the API alone. No package and no file needs one that needs it back. ArchitectureRulesBreakTest shows
 * each rule failing on a deliberate break (the ArchBreak classes in memprof's test packages).
 */
public class AgentRoomTest {
    public static final String MEMPROF = "dev.heaplens.memprof";

    /** memprof's packages, its own classes (MemProf) as one more: "the API". */
    static final SliceAssignment PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            String p = c.getPackageName();
            if (p.equals(MEMPROF)) {
                return SliceIdentifier.of("the API");
            }
            return p.startsWith(MEMPROF + ".") ? SliceIdentifier.of(p.substring(MEMPROF.length() + 1).split("\\.")[0])
                    : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "memprof's packages";
        }
    };

    /** memprof's files: a top-level class with its nested and anonymous classes. */
    static final SliceAssignment FILES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            if (!c.getPackageName().equals(MEMPROF) && !c.getPackageName().startsWith(MEMPROF + ".")) {
                return SliceIdentifier.ignore();
            }
            String name = c.getName();
            int nested = name.indexOf('$');
            return SliceIdentifier.of(nested < 0 ? name : name.substring(0, nested));
        }

        @Override
        public String getDescription() {
            return "memprof's files";
        }
    };

    public static final ArchRule NO_PACKAGE_CYCLES = slices().assignedFrom(PACKAGES).should().beFreeOfCycles()
            .because("each job of the agent's room is read and changed without the others above it");

    public static final ArchRule NO_FILE_CYCLES = slices().assignedFrom(FILES).should().beFreeOfCycles()
            .because("a class that needs another needs nothing that needs it back");

    /** tables <- hooks <- sampling <- agent <- the API; heap <- the API. */
    public static final ArchRule JOBS_IN_ORDER = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("the API").definedBy(MEMPROF)
            .layer("agent").definedBy(MEMPROF + ".agent..")
            .layer("sampling").definedBy(MEMPROF + ".sampling..")
            .layer("hooks").definedBy(MEMPROF + ".hooks..")
            .layer("tables").definedBy(MEMPROF + ".tables..")
            .layer("heap").definedBy(MEMPROF + ".heap..")
            .whereLayer("the API").mayNotBeAccessedByAnyLayer()
            .whereLayer("agent").mayOnlyBeAccessedByLayers("the API")
            .whereLayer("sampling").mayOnlyBeAccessedByLayers("agent")
            .whereLayer("hooks").mayOnlyBeAccessedByLayers("sampling", "agent")
            .whereLayer("tables").mayOnlyBeAccessedByLayers("hooks", "sampling", "agent")
            .whereLayer("heap").mayOnlyBeAccessedByLayers("the API")
            .because("docs/architecture.md draws memprof/ so: tables <- hooks <- sampling <- agent <- MemProf");

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages(MEMPROF);
    }

    @Test
    void memprofsPackagesHaveNoCycles() {
        NO_PACKAGE_CYCLES.check(main);
    }

    @Test
    void memprofsFilesHaveNoCycles() {
        NO_FILE_CYCLES.check(main);
    }

    @Test
    void eachJobUsesOnlyTheJobsBelowIt() {
        JOBS_IN_ORDER.check(main);
    }
}
