package dev.heaplens.memprof.hooks;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;

/**
 * Instruments the application's classes ({@link ApplicationClasses}): not the JDK's and not
 * heaplens's. Every class loader sees the hook they call, as it is in java.lang ({@link HookClass}).
 * A class that cannot be rewritten is left as it is.
 */
public final class AllocationTransformer implements ClassFileTransformer {
    /**
     * The filter every call of {@link #transform} runs first, loaded with the transformer, before it is
     * registered: loaded inside transform, its own definition would pass through transform, which
     * needs it, and be defined twice (a LinkageError that stops an agent attached late).
     */
    private static final Class<?> FILTER = ApplicationClasses.class;
    private final ThreadLocal<Boolean> inTransform = new ThreadLocal<>();
    private final boolean sampling;

    /** @param sampling whether allocations are sampled (MEMPROF_SAMPLE_BYTES), not all tracked */
    public AllocationTransformer(boolean sampling) {
        this.sampling = sampling;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
                            byte[] bytes) {
        if (!ApplicationClasses.isApplicationClass(loader, className) || inTransform.get() != null) {
            return null;
        }
        inTransform.set(Boolean.TRUE);
        try {
            return rewrite(bytes, sampling);
        } catch (RuntimeException | LinkageError e) {
            return null; // left as it is (a method too large once instrumented, a malformed class...)
        } finally {
            inTransform.remove();
        }
    }

    /**
     * The class rewritten, or null when no method of it allocates. Exact mode adds a local to each
     * method that allocates (its callers, walked once per call), which needs the stack map frames
     * expanded; sampling mode adds no local, so the frames are copied as they are.
     */
    static byte[] rewrite(byte[] bytes, boolean sampling) {
        AllocatingMethods allocating = AllocatingMethods.of(bytes);
        if (!allocating.any()) {
            return null;
        }
        ClassReader reader = new ClassReader(bytes);
        // sharing the reader's constant pool lets the writer copy the methods that do not allocate as they are
        ClassWriter writer = new ClassWriter(reader, 0);
        String className = reader.getClassName().replace('/', '.');
        ClassVisitor visitor = new ClassVisitor(Opcodes.ASM9, writer) {
            private String sourceFile;
            private int index;

            @Override
            public void visitSource(String source, String debug) {
                super.visitSource(source, debug);
                sourceFile = source;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
                int maxLocals = allocating.maxLocals(index++);
                if (maxLocals < 0) {
                    return next;
                }
                return new AllocationSites(next, className, name, sourceFile, sampling ? -1 : maxLocals);
            }
        };
        reader.accept(visitor, sampling ? 0 : ClassReader.EXPAND_FRAMES);
        return writer.toByteArray();
    }
}
