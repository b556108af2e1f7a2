package dev.heaplens.memprof.agent;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;

/**
 * Instruments the application's classes: not the JDK's (boot and platform loaders, java.*,
 * jdk.*, sun.*) and not heaplens's. Every class loader sees the hook they call, as it is in
 * java.lang ({@link HookClass}). A class that cannot be rewritten is left as it is.
 */
final class AllocationTransformer implements ClassFileTransformer {
    private final ThreadLocal<Boolean> inTransform = new ThreadLocal<>();
    private volatile String lastFailure;

    static boolean isJdkClass(String internalName) {
        return internalName.startsWith("java/") || internalName.startsWith("javax/")
                || internalName.startsWith("jdk/") || internalName.startsWith("sun/")
                || internalName.startsWith("com/sun/");
    }

    static boolean isOwnClass(String internalName) {
        return internalName.startsWith("dev/heaplens/");
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
                            byte[] bytes) {
        if (loader == null || className == null || isJdkClass(className) || isOwnClass(className)
                || loader == ClassLoader.getPlatformClassLoader() || inTransform.get() != null) {
            return null;
        }
        inTransform.set(Boolean.TRUE);
        try {
            return rewrite(bytes);
        } catch (Throwable t) {
            lastFailure = className + ": " + t;
            return null;
        } finally {
            inTransform.remove();
        }
    }

    String lastFailure() {
        return lastFailure;
    }

    static byte[] rewrite(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        boolean[] changed = {false};
        ClassVisitor visitor = new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
                return new AllocationSites(next, changed);
            }
        };
        reader.accept(visitor, 0);
        return changed[0] ? writer.toByteArray() : null;
    }
}
