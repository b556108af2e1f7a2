package dev.heaplens.memprof.agent;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.lang.invoke.MethodHandles;
import java.util.function.Consumer;

/**
 * What instrumented allocation sites call: a small class generated here and defined in java.lang
 * (as JaCoCo does for its runtime), so that application classes in every class loader see it,
 * Maven's and OSGi's included, without touching the boot class path (which would turn off class
 * data sharing). It only hands each new object to a {@link Consumer} the agent sets:
 * <pre>
 * public final class java.lang.$HeaplensMemProf {
 *     public static volatile Consumer objects, multiArrays;
 *     public static void record(Object o)      { Consumer c = objects;     if (c != null &amp;&amp; o != null) c.accept(o); }
 *     public static void recordMulti(Object o) { Consumer c = multiArrays; if (c != null &amp;&amp; o != null) c.accept(o); }
 * }</pre>
 */
final class HookClass {
    static final String NAME = "java/lang/$HeaplensMemProf";
    private static final String CONSUMER = "Ljava/util/function/Consumer;";

    private HookClass() {
    }

    /** Defines the class (java.base has been opened to the profiler) and connects it to the tracker. */
    static void install(Tracker tracker) throws ReflectiveOperationException {
        MethodHandles.Lookup inJavaLang = MethodHandles.privateLookupIn(Object.class, MethodHandles.lookup());
        Class<?> hook = inJavaLang.defineClass(bytes());
        Consumer<Object> objects = tracker::track;
        Consumer<Object> multiArrays = tracker::trackMulti;
        hook.getField("multiArrays").set(null, multiArrays);
        hook.getField("objects").set(null, objects);
    }

    static byte[] bytes() {
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        w.visit(Opcodes.V11, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC, NAME, null,
                "java/lang/Object", null);
        for (String field : new String[] {"objects", "multiArrays"}) {
            w.visitField(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_VOLATILE, field, CONSUMER, null, null)
                    .visitEnd();
        }
        method(w, "record", "objects");
        method(w, "recordMulti", "multiArrays");
        w.visitEnd();
        return w.toByteArray();
    }

    private static void method(ClassWriter w, String name, String field) {
        MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, name, "(Ljava/lang/Object;)V", null, null);
        m.visitCode();
        Label done = new Label();
        m.visitFieldInsn(Opcodes.GETSTATIC, NAME, field, CONSUMER);
        m.visitVarInsn(Opcodes.ASTORE, 1);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitJumpInsn(Opcodes.IFNULL, done);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitJumpInsn(Opcodes.IFNULL, done);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/function/Consumer", "accept", "(Ljava/lang/Object;)V", true);
        m.visitLabel(done);
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
    }
}
