package dev.heaplens.memprof;

import com.example.memprof.ArraySizes;
import com.example.memprof.FailedNativeStart;
import com.example.memprof.Hostile;
import com.example.memprof.JdkInternals;
import com.example.memprof.KeepAndFree;
import com.example.memprof.ReaperGuard;
import com.example.memprof.Sampling;
import dev.heaplens.format.hprof.HprofReader;
import dev.heaplens.format.hprof.HprofVisitor;
import dev.heaplens.format.hprof.RootKind;
import dev.heaplens.format.memprof.AllocationGroup;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Sampling mode inside the JVM (JVMTI SampledObjectAlloc, the agent jar's native library) against
 * exact mode on the same programs, and its fallback to rewriting bytecode. With MEMPROF_SAMPLE_BYTES=1
 * HotSpot samples every allocation, so the groups must be exact mode's, exactly.
 */
class NativeSamplingIT {
    private static final String FALLBACK = "heaplens-memprof: sampling by rewriting bytecode (slower)";
    private static final List<String> EVERY_OBJECT = List.of("-DMEMPROF_MIN_BYTES=0", "-DMEMPROF_SAMPLE_BYTES=1");

    /** Each test, not the class: a class skipped in @BeforeAll is reported as no tests, without the reason. */
    @BeforeEach
    void needsTheNativeLibrary() throws IOException {
        boolean present;
        try (JarFile jar = new JarFile(ChildJvm.AGENT.toFile())) {
            present = jar.stream().anyMatch(e -> e.getName().endsWith("/libheaplens-memprof.so")
                    && e.getName().contains("linux-" + System.getProperty("os.arch") + "/"));
        }
        Assumptions.assumeTrue(present, "skipped: the agent jar has no native library for this platform "
                + "(built without a C compiler, or not Linux); sampling falls back to rewriting bytecode");
    }

    @Test
    void freedSampledObjectsLeaveTheTables() {
        ChildJvm.Result r = ChildJvm.runWithAgent(KeepAndFree.class, EVERY_OBJECT);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.err()).doesNotContain(FALLBACK);
        String site = ChildJvm.siteFrame(KeepAndFree.class, "makeItems", "item");
        AllocationGroup items = AllocationLogs.at(AllocationLogs.section(r.out(), "first"), site);
        assertThat(items.count()).as(r.toString()).isEqualTo(1000);
        assertThat(items.bytes()).isEqualTo(1000 * 24);
        assertThat(items.frames()).containsExactly(site, ChildJvm.siteFrame(KeepAndFree.class, "main", "makeItems"));
        assertThat(AllocationLogs.section(r.out(), "second")).as(r.toString()).noneMatch(g -> g.frames().get(0).equals(site));
    }

    /** The JVM sees a clone or a reflective object made inside the JDK: its stack starts at the caller's line. */
    @Test
    void clonesAndReflectiveObjectsStartAtTheApplicationFrame() {
        ChildJvm.Result r = ChildJvm.runWithAgent(ArraySizes.class, EVERY_OBJECT);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        List<AllocationGroup> log = AllocationLogs.section(r.out(), null);
        for (String site : List.of("clone", "reflectiveArray", "reflectiveObject")) {
            AllocationGroup g = AllocationLogs.at(log, ChildJvm.siteFrame(ArraySizes.class, "main", site));
            assertThat(g.count()).as(site).isEqualTo(1);
            assertThat(g.frames()).as(site).hasSize(1); // main has no caller
        }
        assertThat(log).as(r.toString()).allMatch(g -> g.frames().get(0).startsWith(ArraySizes.class.getName() + "."));
    }

    /**
     * ArrayList's backing arrays are made in ArrayList's code: not counted, as in exact mode. Nor is
     * the byte[] of the message the JVM makes at a failing {@code new int[-1]}: an array, at an
     * array creation, but not of the site's type.
     */
    @Test
    void allocationsInsideTheJdkAreNotCountedAndNoClassIsRewritten() {
        ChildJvm.Result exact = ChildJvm.runWithAgent(JdkInternals.class, List.of("-DMEMPROF_MIN_BYTES=0"));
        ChildJvm.Result sampled = ChildJvm.runWithAgent(JdkInternals.class, EVERY_OBJECT);
        assertThat(exact.exitCode()).as(exact.toString()).isZero();
        assertThat(sampled.exitCode()).as(sampled.toString()).isZero();
        assertThat(exact.out()).startsWith("hook class: true");
        assertThat(sampled.out()).as("no hook: nothing rewritten").startsWith("hook class: false");
        List<AllocationGroup> groups = AllocationLogs.section(sampled.out().substring(sampled.out().indexOf('\n') + 1), null);
        assertThat(groups).as(sampled.toString()).containsExactlyInAnyOrderElementsOf(
                AllocationLogs.section(exact.out().substring(exact.out().indexOf('\n') + 1), null));
        assertThat(AllocationLogs.at(groups, ChildJvm.siteFrame(JdkInternals.class, "main", "list")).bytes())
                .as("the list itself, not its array").isEqualTo(24);
        String negative = ChildJvm.siteFrame(JdkInternals.class, "main", "negative");
        assertThat(groups).as(sampled.toString()).noneMatch(g -> g.frames().get(0).equals(negative));
    }

    /** The agent's own thread is under the library's guard, so the JVM's samples on it stop in C. */
    @Test
    void theReaperThreadIsUnderTheNativeGuard() {
        ChildJvm.Result r = ChildJvm.runWithAgent(ReaperGuard.class, EVERY_OBJECT);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).as(r.toString()).contains("reaper guarded in native: true");
    }

    /**
     * A start that fails after it took its JNI global reference (to the sampler's class) releases
     * it: the heap dump after it has no JNI global root to that class, the dump after a start that
     * runs has one (so the check can see such a root).
     */
    @Test
    void aFailedStartKeepsNoGlobalReference(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path failed = dir.resolve("failed.hprof");
        Path started = dir.resolve("started.hprof");
        ChildJvm.Result r = ChildJvm.runWithAgent(FailedNativeStart.class, List.of(), failed.toString(), started.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).as(r.toString()).contains("load: null", "failed start: SetHeapSamplingInterval failed",
                "start: null");
        String sampler = "dev/heaplens/memprof/sampling/NativeSampler";
        assertThat(jniGlobalRootsOfClass(failed, sampler)).as("after the failed start").isZero();
        assertThat(jniGlobalRootsOfClass(started, sampler)).as("after a start that runs").isEqualTo(1);
    }

    /** How many JNI global roots of the dump name the class object of {@code internalName}. */
    private static long jniGlobalRootsOfClass(Path dump, String internalName) throws IOException {
        Map<Long, String> names = new HashMap<>();
        Map<Long, Long> classNames = new HashMap<>();
        List<Long> roots = new ArrayList<>();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(dump))) {
            HprofReader.read(dump.toString(), in, Files.size(dump), new HprofVisitor() {
                @Override
                public void utf8(long id, byte[] bytes, int length) {
                    names.put(id, new String(bytes, 0, length, StandardCharsets.UTF_8));
                }

                @Override
                public void loadClass(long classId, long nameId) {
                    classNames.put(classId, nameId);
                }

                @Override
                public void root(RootKind kind, long objectId) {
                    if (kind == RootKind.JNI_GLOBAL) {
                        roots.add(objectId);
                    }
                }

                @Override
                public boolean wantsObjects() {
                    return false;
                }
            });
        }
        Set<Long> classIds = new HashSet<>();
        classNames.forEach((id, nameId) -> {
            if (internalName.equals(names.get(nameId))) {
                classIds.add(id);
            }
        });
        assertThat(classIds).as(internalName + " in " + dump).hasSize(1);
        return roots.stream().filter(classIds::contains).count();
    }

    @Test
    void samplingInsideTheJvmEstimatesTheExactTotalsAndFallsBackWhenAsked() {
        ChildJvm.Result exact = ChildJvm.runWithAgent(Sampling.class, List.of("-DMEMPROF_MIN_BYTES=0"));
        assertThat(exact.exitCode()).as(exact.toString()).isZero();
        for (boolean inJvm : List.of(true, false)) {
            List<String> options = new ArrayList<>(List.of("-DMEMPROF_MIN_BYTES=0", "-DMEMPROF_SAMPLE_BYTES=2048"));
            if (!inJvm) {
                options.add("-Dheaplens.memprof.native=false");
            }
            ChildJvm.Result sampled = ChildJvm.runWithAgent(Sampling.class, options);
            assertThat(sampled.exitCode()).as(sampled.toString()).isZero();
            if (inJvm) {
                assertThat(sampled.err()).doesNotContain(FALLBACK);
            } else {
                assertThat(sampled.err().lines().filter(l -> l.startsWith("heaplens-memprof:")).toList())
                        .containsExactly(FALLBACK + ": the native library is turned off (-Dheaplens.memprof.native=false)");
            }
            for (String site : List.of("bytes", "small")) {
                String frame = ChildJvm.siteFrame(Sampling.class, "main", site);
                long e = AllocationLogs.at(AllocationLogs.section(exact.out(), null), frame).bytes();
                long s = AllocationLogs.at(AllocationLogs.section(sampled.out(), null), frame).bytes();
                assertThat((double) s).as(site + " bytes, sampled in the JVM: " + inJvm).isCloseTo(e, within(0.10 * e));
            }
        }
    }

    @Test
    void hostileProgramsNeitherDeadlockNorRecurse() {
        for (String interval : List.of("1", "4096")) {
            ChildJvm.Result r = ChildJvm.runWithAgent(Hostile.class,
                    List.of("-DMEMPROF_MIN_BYTES=0", "-DMEMPROF_SAMPLE_BYTES=" + interval));
            assertThat(r.exitCode()).as(r.toString()).isZero();
            assertThat(r.err()).doesNotContain("Exception", "Error", FALLBACK);
            String afterRun = r.out().substring(r.out().indexOf('\n') + 1);
            List<AllocationGroup> log = AllocationLogs.section(afterRun, null);
            String appendableSite = ChildJvm.siteFrame(Hostile.class, "append", "appendable").replace("Hostile.append(",
                    "Hostile$AllocatingAppendable.append(");
            assertThat(log).as(r.toString()).noneMatch(g -> g.frames().get(0).equals(appendableSite));
            if (interval.equals("1")) {
                // what stays live is a few hundred KB of small objects: at 4096 bytes, none may be a sample
                assertThat(log).as("the program's own allocations are seen").isNotEmpty();
            }
        }
    }
}
