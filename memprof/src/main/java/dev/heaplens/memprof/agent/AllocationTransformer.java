package dev.heaplens.memprof.agent;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;

/**
 * Instruments the application's classes: not the JDK's (boot and platform loaders, java.*,
 * jdk.*, sun.*) and not heaplens's. Every class loader sees the hook they call, as it is in
 * java.lang ({@link HookClass}). A class that cannot be rewritten is left as it is.
 */
final class AllocationTransformer implements ClassFileTransformer {
    private final ThreadLocal<Boolean> inTransform = new ThreadLocal<>();

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
        } catch (RuntimeException | LinkageError e) {
            return null; // left as it is (a method too large once instrumented, a malformed class...)
        } finally {
            inTransform.remove();
        }
    }

    static byte[] rewrite(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        // first run: which methods allocate, and their local variable counts
        boolean[] changed = {false};
        List<AllocationSites> methods = new ArrayList<>();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                AllocationSites m = new AllocationSites(changed);
                methods.add(m);
                return m;
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        if (!changed[0]) {
            return null;
        }
        // second run: rewrite those methods, with their frames expanded to add the callers local
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
                AllocationSites learnt = methods.get(index++);
                if (!learnt.recordsHere()) {
                    return next;
                }
                return new AllocationSites(next, changed, className, name, sourceFile, learnt.maxLocals);
            }
        };
        reader.accept(visitor, ClassReader.EXPAND_FRAMES);
        return writer.toByteArray();
    }
}
