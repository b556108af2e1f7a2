package dev.heaplens.memprof.sampling;

import dev.heaplens.memprof.hooks.AllocationRecorder;
import dev.heaplens.memprof.hooks.HookClass;
import dev.heaplens.memprof.sampling.ReachableMethods.Ref;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Type;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rule the sampling path's comments keep by hand (CapturedStack.printed, SampledStacks.Frame,
 * Tracker.States): no invokedynamic in what runs inside an allocation the profiler records or
 * samples. A string concatenation with +, a record's equals or hashCode and a lambda are each
 * bootstrapped on first use, which loads classes, spins a hidden class and allocates, on whatever
 * thread the allocation came and with the JVM's sample under way. The methods are not listed by
 * hand: they are what the entries reach in the class files ({@link ReachableMethods}).
 */
class SamplingPathBytecodeTest {
    private static final String MEMPROF = "dev/heaplens/memprof/";
    private static final String RECORDER = Type.getInternalName(AllocationRecorder.class);
    /** Where a virtual call on the path may land: every package of the agent's room. */
    private static final List<String> ROOM = List.of(MEMPROF + "tables/", MEMPROF + "hooks/", MEMPROF + "sampling/",
            MEMPROF + "agent/");

    /** The Java method the native library calls for each of the JVM's samples, as the C source names it. */
    static Ref nativeCallback() throws IOException {
        String c = Files.readString(Path.of("memprof/src/main/c/memprof_sampler.c"));
        Matcher m = Pattern.compile("GetStaticMethodID\\(jni, cls, \"(\\w+)\", \"([^\"]+)\"\\)").matcher(c);
        List<Ref> found = new ArrayList<>();
        while (m.find()) {
            found.add(new Ref(Type.getInternalName(NativeSampler.class), m.group(1), m.group(2)));
        }
        assertThat(found).as("the library's calls into NativeSampler").hasSize(1);
        return found.get(0);
    }

    /**
     * Where an allocation enters the profiler: the native library's callback; the hooks rewritten
     * classes call (the method handles HookClass binds, the sampling consumer); and what the JDK calls
     * back on an object made outside these paths (a thread's state, made at its first allocation).
     */
    static List<Ref> entries() throws IOException {
        return List.of(nativeCallback(),
                new Ref(RECORDER, "track", HookClass.RECORD),
                new Ref(RECORDER, "trackMulti", HookClass.RECORD),
                new Ref(RECORDER + "$Sampler", "accept", HookClass.SAMPLE),
                new Ref(RECORDER + "$States", "initialValue", "()Ljava/lang/Object;"));
    }

    @Test
    void noInvokedynamicRunsInsideAnAllocation() throws IOException {
        ReachableMethods path = ReachableMethods.from(entries(), ROOM);
        assertThat(path.dynamics()).as("invokedynamic on the allocation path (use StringBuilder or String.concat, "
                + "a class with its own equals and hashCode, a named class)").isEmpty();
    }

    /** The walk is no weaker than the comments: it reaches what they name, and stops short of start-up code. */
    @Test
    void thePathIsWhatTheCommentsSayItIs() throws IOException {
        ReachableMethods path = ReachableMethods.from(entries(), ROOM);
        assertThat(path.reached()).contains(
                ref("sampling/SampledStacks", "stackOf", "([JILjava/lang/Class;)I"),
                ref("sampling/SampledStacks$Site", "at", "(JI)Ldev/heaplens/memprof/sampling/SampledStacks$Site;"),
                ref("hooks/ConstantPool", "at", "([BI)Ldev/heaplens/memprof/hooks/ConstantPool;"),
                ref("hooks/ConstantPool", "methodRef", "(I)[Ljava/lang/String;"),
                ref("tables/CapturedStack", "printed",
                        "(Ljava/lang/String;Ljava/lang/String;ZLjava/lang/String;I)Ljava/lang/String;"),
                ref("tables/CapturedStack", "apply", "(Ljava/util/stream/Stream;)Ljava/lang/Void;"), // StackWalker calls it
                ref("sampling/SampledStacks$Frame", "equals", "(Ljava/lang/Object;)Z"), // HashMap calls it
                ref("sampling/SampledStacks$Frames", "hashCode", "()I"),
                ref("sampling/LongByteMap", "put", "(JB)V"),
                ref("hooks/ApplicationClasses", "isApplicationClass", "(Ljava/lang/ClassLoader;Ljava/lang/String;)Z"),
                ref("tables/StackTable", "chain", "(Ldev/heaplens/memprof/tables/CapturedStack;)I"),
                ref("tables/LiveTable", "add", "(Ldev/heaplens/memprof/tables/TrackedRef;)V"),
                ref("tables/TrackedRef$Aged", "<init>", "(Ljava/lang/Object;Ljava/lang/ref/ReferenceQueue;IJI)V"),
                ref("hooks/ThreadState", "<init>", "(IIJ)V"));
        assertThat(path.reached()).doesNotContain(
                ref("sampling/NativeSampler", "load", "()Ljava/lang/String;"),
                ref("agent/MemProfAgent", "start", "(Ljava/lang/instrument/Instrumentation;Z)V"),
                ref("hooks/AllocationTransformer", "transform",
                        "(Ljava/lang/ClassLoader;Ljava/lang/String;Ljava/lang/Class;Ljava/security/ProtectionDomain;[B)[B"),
                ref("agent/MemProfConfig", "equals", "(Ljava/lang/Object;)Z"));
    }

    /** The check finds a concatenation two calls deep behind a virtual call, and names where it is. */
    @Test
    void findsAConcatenationBehindAVirtualCall() {
        ReachableMethods path = ReachableMethods.from(List.of(fixture("Caller", "entry", "(L" + fixture("Base") + ";I)I")));
        assertThat(path.dynamics()).singleElement().satisfies(d -> {
            assertThat(d.in()).isEqualTo(fixture("Concatenating", "name", "(I)Ljava/lang/String;"));
            assertThat(d.bootstrap()).isEqualTo("java/lang/invoke/StringConcatFactory.makeConcatWithConstants");
            assertThat(d.line()).isPositive();
        });
    }

    /** A record made on the path and handed to a HashMap: its equals and hashCode are bootstrapped. */
    @Test
    void findsARecordKeysBootstrap() {
        ReachableMethods path = ReachableMethods.from(List.of(fixture("Keys", "entry", "(Ljava/util/Map;)Z")));
        assertThat(path.dynamics()).extracting(d -> d.in().name()).contains("equals", "hashCode");
        assertThat(path.dynamics()).allSatisfy(d -> assertThat(d.bootstrap()).isEqualTo("java/lang/runtime/ObjectMethods.bootstrap"));
    }

    @Test
    void followsALambdaIntoItsBody() {
        ReachableMethods path = ReachableMethods.from(List.of(fixture("Lambdas", "entry", "()Ljava/lang/Runnable;")));
        assertThat(path.dynamics()).extracting(ReachableMethods.Dynamic::bootstrap)
                .containsExactlyInAnyOrder("java/lang/invoke/LambdaMetafactory.metafactory",
                        "java/lang/invoke/StringConcatFactory.makeConcatWithConstants");
    }

    /** A method of the agent's room, its class named by package and simple name ({@code tables/StackTable}). */
    private static Ref ref(String packageAndName, String name, String desc) {
        return new Ref(MEMPROF + packageAndName, name, desc);
    }

    private static String fixture(String simpleName) {
        return Type.getInternalName(SamplingPathBytecodeTest.class) + "$" + simpleName;
    }

    private static Ref fixture(String simpleName, String name, String desc) {
        return new Ref(fixture(simpleName), name, desc);
    }

    // Made-up code the check must find fault with.

    static final class Caller {
        static int entry(Base b, int y) {
            return b.name(y).length();
        }
    }

    abstract static class Base {
        abstract String name(int y);
    }

    static final class Concatenating extends Base {
        @Override
        String name(int y) {
            return "x" + y;
        }
    }

    record Key(int k) {
    }

    static final class Keys {
        static boolean entry(Map<Object, Object> m) {
            return m.containsKey(new Key(1));
        }
    }

    static final class Lambdas {
        static Runnable entry() {
            return () -> System.out.println("x" + System.nanoTime());
        }
    }
}
