package dev.heaplens.memprof;

import com.example.memprof.Hostile;
import com.example.memprof.LateAttach;
import com.example.memprof.ArraySizes;
import com.example.memprof.Callers;
import com.example.memprof.NoAgent;
import com.example.memprof.Sampling;
import com.example.memprof.Survivors;
import com.example.memprof.TrackingCost;
import dev.heaplens.format.memprof.AllocationGroup;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The agent under hostile programs, in sampling mode, without being loaded, and what it costs. */
class MemProfRobustnessIT {
    @Test
    void finalizersClassInitializersThreadLocalsAndThreadsStartedWhileLoggingNeitherDeadlockNorRecurse() {
        ChildJvm.Result r = ChildJvm.runWithAgent(Hostile.class, List.of("-DMEMPROF_MIN_BYTES=0"));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        String afterRun = r.out().substring(r.out().indexOf('\n') + 1);
        assertThat(r.out().lines().findFirst().orElseThrow()).as(r.toString()).matches("appendable allocations: [1-9][0-9]*");
        List<AllocationGroup> log = AllocationLogs.section(afterRun, null);
        String appendableSite = ChildJvm.siteFrame(Hostile.class, "append", "appendable").replace("Hostile.append(",
                "Hostile$AllocatingAppendable.append(");
        assertThat(log).as(r.toString()).noneMatch(g -> g.frames().get(0).equals(appendableSite));
        assertThat(log).as("the program's own allocations are seen").isNotEmpty();
        assertThat(r.err()).doesNotContain("Exception", "Error");
    }

    @Test
    void samplingEstimatesTheExactTotalsWithinTenPercent() {
        ChildJvm.Result exact = ChildJvm.runWithAgent(Sampling.class, List.of("-DMEMPROF_MIN_BYTES=0"));
        ChildJvm.Result sampled = ChildJvm.runWithAgent(Sampling.class,
                List.of("-DMEMPROF_MIN_BYTES=0", "-DMEMPROF_SAMPLE_BYTES=2048"));
        assertThat(exact.exitCode()).as(exact.toString()).isZero();
        assertThat(sampled.exitCode()).as(sampled.toString()).isZero();
        for (String site : List.of("bytes", "small")) {
            String frame = ChildJvm.siteFrame(Sampling.class, "main", site);
            AllocationGroup e = AllocationLogs.at(AllocationLogs.section(exact.out(), null), frame);
            AllocationGroup s = AllocationLogs.at(AllocationLogs.section(sampled.out(), null), frame);
            assertThat((double) s.bytes()).as(site + " bytes").isCloseTo(e.bytes(), within(0.10 * e.bytes()));
        }
        long exactTotal = AllocationLogs.section(exact.out(), null).stream().mapToLong(AllocationGroup::bytes).sum();
        long sampledTotal = AllocationLogs.section(sampled.out(), null).stream().mapToLong(AllocationGroup::bytes).sum();
        assertThat((double) sampledTotal).isCloseTo(exactTotal, within(0.10 * exactTotal));
    }

    /**
     * Sampling mode samples inside the JVM (where the agent jar has its native library) or
     * rewrites classes its own way (no callers local, callers walked at each sample): either way,
     * sampling every byte must give exact mode's groups, stacks, counts and sizes, on the programs
     * with several callers per method and with every kind of allocation site.
     */
    @Test
    void samplingEveryByteGivesExactModesGroups() {
        for (Class<?> program : List.of(Callers.class, ArraySizes.class)) {
            ChildJvm.Result exact = ChildJvm.runWithAgent(program, List.of("-DMEMPROF_MIN_BYTES=0"));
            assertThat(exact.exitCode()).as(exact.toString()).isZero();
            String section = program == Callers.class ? "all" : null;
            List<AllocationGroup> exactGroups = AllocationLogs.section(exact.out(), section);
            assertThat(exactGroups).as(exact.toString()).hasSizeGreaterThan(5);
            for (String inJvm : List.of("true", "false")) {
                ChildJvm.Result sampled = ChildJvm.runWithAgent(program, List.of("-DMEMPROF_MIN_BYTES=0",
                        "-DMEMPROF_SAMPLE_BYTES=1", "-Dheaplens.memprof.native=" + inJvm));
                assertThat(sampled.exitCode()).as(sampled.toString()).isZero();
                assertThat(AllocationLogs.section(sampled.out(), section)).as(sampled.toString())
                        .containsExactlyInAnyOrderElementsOf(exactGroups);
            }
        }
    }

    @Test
    void theAgentTakesAtMostEightyBytesPerTrackedLiveObject() {
        ChildJvm.Result with = ChildJvm.runWithAgent(TrackingCost.class, List.of("-XX:+UseSerialGC"));
        ChildJvm.Result without = ChildJvm.run(TrackingCost.class, List.of("-XX:+UseSerialGC"), "target/test-classes");
        assertThat(with.exitCode()).as(with.toString()).isZero();
        assertThat(without.exitCode()).as(without.toString()).isZero();
        long perObject = (used(with) - used(without)) / TrackingCost.OBJECTS;
        System.out.println("memprof: agent heap bytes per tracked live object: " + perObject);
        assertThat(perObject).isBetween(1L, 80L);
    }

    private static long used(ChildJvm.Result r) {
        return Long.parseLong(r.out().lines().filter(l -> l.startsWith("used\t")).findFirst().orElseThrow().substring(5));
    }

    @Test
    void minGcsShowsOnlyObjectsThatSurvivedThatManyGcs() {
        ChildJvm.Result r = ChildJvm.runWithAgent(Survivors.class,
                List.of("-DMEMPROF_MIN_BYTES=0", "-DMEMPROF_MIN_GCS=2", "-Xmn64m"));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        String old = ChildJvm.siteFrame(Survivors.class, "main", "old");
        String young = ChildJvm.siteFrame(Survivors.class, "main", "young");
        assertThat(AllocationLogs.section(r.out(), "first")).as(r.toString()).noneMatch(g -> g.frames().get(0).equals(old));
        List<AllocationGroup> second = AllocationLogs.section(r.out(), "second");
        assertThat(AllocationLogs.at(second, old).count()).as(r.toString()).isEqualTo(100);
        assertThat(second).noneMatch(g -> g.frames().get(0).equals(young));
    }

    @Test
    void attachedToARunningJvmItRewritesClassesAlreadyLoaded() {
        ChildJvm.Result r = ChildJvm.run(LateAttach.class, List.of("-Djdk.attach.allowAttachSelf=true", "-DMEMPROF_MIN_BYTES=0"),
                "target/test-classes", ChildJvm.AGENT.toAbsolutePath().toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        AllocationGroup items = AllocationLogs.at(AllocationLogs.section(r.out(), null),
                ChildJvm.siteFrame(LateAttach.class, "work", "item"));
        assertThat(items.count()).isEqualTo(500);
        assertThat(items.bytes()).isEqualTo(500 * 24);
    }

    @Test
    void withoutTheAgentEveryCallFailsWithOneClearMessage() {
        ChildJvm.Result r = ChildJvm.run(NoAgent.class, List.of(),
                ChildJvm.AGENT.toAbsolutePath() + java.io.File.pathSeparator + "target/test-classes");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out().trim()).isEqualTo(
                "heaplens-memprof: the agent is not loaded; start the JVM with -javaagent:heaplens-memprof.jar");
    }

    @Test
    void printAtExitLogsTheAllocationsToStandardError() {
        ChildJvm.Result r = ChildJvm.runWithAgent(ArraySizes.class,
                List.of("-DMEMPROF_MIN_BYTES=0", "-DMEMPROF_PRINT_AT_EXIT=1"));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        // the arrays are kept in a static list: at exit they are all still there, all but the clone's source
        String source = ChildJvm.siteFrame(ArraySizes.class, "main", "source");
        List<AllocationGroup> atExit = AllocationLogs.section(r.err(), null);
        List<AllocationGroup> inMain = AllocationLogs.section(r.out(), null);
        assertThat(atExit).as(r.toString()).containsAll(inMain.stream()
                .filter(g -> !g.frames().get(0).equals(source)).toList());
        assertThat(inMain).anyMatch(g -> g.frames().get(0).equals(source));
        assertThat(atExit).noneMatch(g -> g.frames().get(0).equals(source));
    }
}
