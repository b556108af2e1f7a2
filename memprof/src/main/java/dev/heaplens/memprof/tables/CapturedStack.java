package dev.heaplens.memprof.tables;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * One thread's buffer for the callers of the method making the allocation being recorded: the
 * profiler's own frames are dropped whatever STACK_SKIP says (its classes' and the hook class's it
 * is told of), then the allocating method's frame (its site is known statically: {@link
 * AllocationSiteTable}), then what STACK_SKIP leaves to skip, and up to the rest of STACK_DEPTH are
 * kept. Reused for every walk of its thread.
 */
public final class CapturedStack implements Function<Stream<StackWalker.StackFrame>, Void> {
    /**
     * Room for the profiler's own frames above the allocation site, the method handle's hidden
     * frames included: a walk that outgrows the first batch asks the JVM for a second (measured:
     * a sixth more CPU in a loop allocating once per call, 60 frames deep, with room for 6).
     */
    private static final int PROFILER_FRAMES = 12;
    private static final String PROFILER_PREFIX = "dev.heaplens.memprof.";

    /** Frames dropped below the profiler's: the allocating method's, and those STACK_SKIP asks for beyond it. */
    private final int skip;
    /** The binary name of the class the rewritten allocation sites call (in java.lang: no profiler prefix). */
    private final String hookClass;
    /** Sized so one batch of frames from the JVM usually covers the whole walk. */
    private final StackWalker walker;
    private final StackWalker.StackFrame[] frames;
    private final String[] classNames;
    private final String[] methodNames;
    private final int[] bcis;
    private int depth;

    /**
     * @param skip      frames to drop below the profiler's (the allocating method's included)
     * @param maxDepth  frames to keep; 0 means no walk is needed
     * @param hookClass the binary name of the hook class, whose frame is the profiler's too
     */
    public CapturedStack(int skip, int maxDepth, String hookClass) {
        this.skip = skip;
        this.hookClass = hookClass;
        this.walker = maxDepth == 0 ? null : StackWalker.getInstance(java.util.Set.of(), PROFILER_FRAMES + skip + maxDepth);
        this.frames = new StackWalker.StackFrame[maxDepth];
        this.classNames = new String[maxDepth];
        this.methodNames = new String[maxDepth];
        this.bcis = new int[maxDepth];
    }

    /** Walks the current thread's stack into this buffer. */
    public void capture() {
        depth = 0;
        if (walker != null) {
            walker.walk(this);
        }
    }

    @Override
    public Void apply(Stream<StackWalker.StackFrame> stream) {
        Iterator<StackWalker.StackFrame> it = stream.iterator();
        int skipped = 0;
        boolean inProfiler = true;
        while (it.hasNext() && depth < frames.length) {
            StackWalker.StackFrame f = it.next();
            String className = f.getClassName();
            if (inProfiler && (className.startsWith(PROFILER_PREFIX) || className.equals(hookClass))) {
                continue;
            }
            inProfiler = false;
            if (skipped < skip) {
                skipped++;
                continue;
            }
            frames[depth] = f;
            classNames[depth] = className;
            methodNames[depth] = f.getMethodName();
            bcis[depth] = f.getByteCodeIndex();
            depth++;
        }
        return null;
    }

    int hash() {
        return hash(classNames, methodNames, bcis, depth);
    }

    static int hash(String[] classNames, String[] methodNames, int[] bcis, int depth) {
        int h = depth;
        for (int i = 0; i < depth; i++) {
            h = h * 31 + classNames[i].hashCode();
            h = h * 31 + methodNames[i].hashCode();
            h = h * 31 + bcis[i];
        }
        return h ^ (h >>> 16);
    }

    boolean sameAs(String[] otherClasses, String[] otherMethods, int[] otherBcis) {
        if (otherClasses.length != depth) {
            return false;
        }
        for (int i = 0; i < depth; i++) {
            if (bcis[i] != otherBcis[i] || !classNames[i].equals(otherClasses[i])
                    || !methodNames[i].equals(otherMethods[i])) {
                return false;
            }
        }
        return true;
    }

    String[] classNames() {
        return Arrays.copyOf(classNames, depth);
    }

    String[] methodNames() {
        return Arrays.copyOf(methodNames, depth);
    }

    int[] bcis() {
        return Arrays.copyOf(bcis, depth);
    }

    /** {@code com.example.Foo.bar(Foo.java:42)} per frame. */
    List<String> printed() {
        List<String> out = new ArrayList<>(depth);
        for (int i = 0; i < depth; i++) {
            StackWalker.StackFrame f = frames[i];
            out.add(printed(classNames[i], methodNames[i], f.isNativeMethod(), f.getFileName(), f.getLineNumber()));
        }
        return List.copyOf(out);
    }

    /** One frame as Java stack traces print it. */
    public static String printed(String className, String methodName, boolean nativeMethod, String file, int line) {
        // a StringBuilder, not +: string concatenation is bootstrapped on first use (invokedynamic),
        // which costs start-up and must not happen inside a sample (SampledStacks): SamplingPathBytecodeTest
        // finds any invokedynamic in what an allocation runs
        StringBuilder out = new StringBuilder(className.length() + methodName.length() + 32);
        out.append(className).append('.').append(methodName).append('(');
        if (nativeMethod) {
            out.append("Native Method");
        } else if (file == null) {
            out.append("Unknown Source");
        } else {
            out.append(file);
            if (line >= 0) {
                out.append(':').append(line);
            }
        }
        return out.append(')').toString();
    }

    /** Lets the walked frames go once the allocation is recorded. */
    public void clear() {
        Arrays.fill(frames, 0, depth, null);
    }
}
