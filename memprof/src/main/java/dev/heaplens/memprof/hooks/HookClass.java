package dev.heaplens.memprof.hooks;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.function.ObjIntConsumer;

/**
 * What instrumented allocation sites call: a small class generated here and defined in java.lang
 * (as JaCoCo does for its runtime), so that application classes in every class loader see it,
 * Maven's and OSGi's included, without touching the boot class path (which would turn off class
 * data sharing). It only hands each new object, with the site's id and its method's callers so
 * far, to a method handle the agent gives it (no JDK interface takes an object and two ints unboxed).
 * Sampling mode passes no callers, so a JDK interface fits, whose one implementation the JIT inlines:
 * <pre>
 * public final class java.lang.$HeaplensMemProf {
 *     public static volatile MethodHandle objects, multiArrays; // (Object, int, int) int
 *     public static volatile ObjIntConsumer&lt;Object&gt; samples, multiSamples;
 *     public static int record(Object o, int callers, int site) {
 *         MethodHandle h = objects;
 *         return h != null &amp;&amp; o != null ? (int) h.invokeExact(o, callers, site) : callers;
 *     }
 *     public static int recordMulti(Object o, int callers, int site) { ... multiArrays ... }
 *     public static void sample(Object o, int site) {
 *         ObjIntConsumer&lt;Object&gt; c = samples;
 *         if (c != null &amp;&amp; o != null) c.accept(o, site);
 *     }
 *     public static void sampleMulti(Object o, int site) { ... multiSamples ... }
 * }</pre>
 */
public final class HookClass {
    public static final String NAME = "java/lang/$HeaplensMemProf";
    /** The class's binary name, as stack frames show it. */
    public static final String BINARY_NAME = NAME.replace('/', '.');
    /** The hook methods' descriptor: object, callers chain (-1: not walked yet), site id; returns the chain. */
    public static final String RECORD = "(Ljava/lang/Object;II)I";
    /** The sampling hook methods' descriptor: object, site id. */
    public static final String SAMPLE = "(Ljava/lang/Object;I)V";
    private static final String HANDLE = "Ljava/lang/invoke/MethodHandle;";
    private static final String CONSUMER = "java/util/function/ObjIntConsumer";

    private HookClass() {
    }

    /**
     * Defines the class (java.base has been opened to the profiler) and connects it to what records:
     * {@code objects} and {@code multiArrays} of type {@link #RECORD} for exact mode, {@code samples}
     * and {@code multiSamples} for sampling by rewritten bytecode.
     */
    public static void install(MethodHandle objects, MethodHandle multiArrays, ObjIntConsumer<Object> samples,
                               ObjIntConsumer<Object> multiSamples) throws ReflectiveOperationException {
        MethodHandles.Lookup inJavaLang = MethodHandles.privateLookupIn(Object.class, MethodHandles.lookup());
        Class<?> hook = inJavaLang.defineClass(bytes());
        hook.getField("multiArrays").set(null, multiArrays);
        hook.getField("objects").set(null, objects);
        hook.getField("multiSamples").set(null, multiSamples);
        hook.getField("samples").set(null, samples);
    }

    static byte[] bytes() {
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        w.visit(Opcodes.V11, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC, NAME, null,
                "java/lang/Object", null);
        for (String field : new String[] {"objects", "multiArrays"}) {
            w.visitField(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_VOLATILE, field, HANDLE, null, null)
                    .visitEnd();
        }
        for (String field : new String[] {"samples", "multiSamples"}) {
            w.visitField(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_VOLATILE, field, "L" + CONSUMER + ";",
                    null, null).visitEnd();
        }
        method(w, "record", "objects");
        method(w, "recordMulti", "multiArrays");
        sampleMethod(w, "sample", "samples");
        sampleMethod(w, "sampleMulti", "multiSamples");
        w.visitEnd();
        return w.toByteArray();
    }

    private static void method(ClassWriter w, String name, String field) {
        MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, name, RECORD, null, null);
        m.visitCode();
        Label done = new Label();
        m.visitFieldInsn(Opcodes.GETSTATIC, NAME, field, HANDLE);
        m.visitVarInsn(Opcodes.ASTORE, 3);
        m.visitVarInsn(Opcodes.ALOAD, 3);
        m.visitJumpInsn(Opcodes.IFNULL, done);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitJumpInsn(Opcodes.IFNULL, done);
        m.visitVarInsn(Opcodes.ALOAD, 3);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitVarInsn(Opcodes.ILOAD, 1);
        m.visitVarInsn(Opcodes.ILOAD, 2);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/invoke/MethodHandle", "invokeExact", RECORD, false);
        m.visitInsn(Opcodes.IRETURN);
        m.visitLabel(done);
        m.visitVarInsn(Opcodes.ILOAD, 1);
        m.visitInsn(Opcodes.IRETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
    }

    private static void sampleMethod(ClassWriter w, String name, String field) {
        MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, name, SAMPLE, null, null);
        m.visitCode();
        Label done = new Label();
        m.visitFieldInsn(Opcodes.GETSTATIC, NAME, field, "L" + CONSUMER + ";");
        m.visitVarInsn(Opcodes.ASTORE, 2);
        m.visitVarInsn(Opcodes.ALOAD, 2);
        m.visitJumpInsn(Opcodes.IFNULL, done);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitJumpInsn(Opcodes.IFNULL, done);
        m.visitVarInsn(Opcodes.ALOAD, 2);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitVarInsn(Opcodes.ILOAD, 1);
        m.visitMethodInsn(Opcodes.INVOKEINTERFACE, CONSUMER, "accept", SAMPLE, true);
        m.visitLabel(done);
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
    }
}
