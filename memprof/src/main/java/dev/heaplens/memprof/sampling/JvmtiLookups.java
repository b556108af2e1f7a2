package dev.heaplens.memprof.sampling;

/**
 * What the samples' stacks need of JVMTI, answered by the native library ({@link NativeSampler}
 * loads it): the stack of the sample being handed over, and the facts of a method or class that
 * print a frame or tell what an instruction makes. Natives alone, so that {@link SampledStacks}
 * reads them without reaching back into the sampler that calls it.
 */
final class JvmtiLookups {
    private JvmtiLookups() {
    }

    /**
     * Copies the stack of the sample this thread is handing over ({@link NativeSampler}'s callback)
     * into {@code pairs}, as (jmethodID, location) pairs innermost first, as many as fit; returns how
     * many frames it copied (0 outside a sample). The buffer is the caller's, reused: a sample
     * allocates no array for its stack.
     */
    static native int frames(long[] pairs);

    static native Class<?> declaringClass(long method);

    static native String methodName(long method);

    /** The line of {@code location} in {@code method}, or -1 when it has no line numbers. */
    static native int lineNumber(long method, long location);

    static native String sourceFile(Class<?> type);

    static native byte[] bytecodes(long method);

    /** The class's constant pool: its entry count (2 bytes), then the entries as in a class file. */
    static native byte[] constantPool(Class<?> type);
}
