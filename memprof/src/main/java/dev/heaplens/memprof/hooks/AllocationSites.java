package dev.heaplens.memprof.hooks;

import dev.heaplens.memprof.tables.AllocationSiteTable;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.ArrayDeque;

/**
 * Rewrites one method so that every allocation it makes is passed to the profiler (through {@link HookClass}) as soon as
 * the object exists: after {@code new T(...)} has run its constructor, after every array creation,
 * after {@code clone()} calls that copy in code we do not instrument (arrays, {@code super.clone()}
 * reaching Object or a JDK class, JDK objects), and after reflective and array {@code newInstance}.
 *
 * <p>Exact mode: each site passes a copy of the object, its own id (its class, method and line are
 * known here: {@link AllocationSiteTable}) and a new local variable holding the chain of the
 * method's callers, which the hook returns: -1 at method entry, walked at the first allocation
 * recorded, then kept for the rest of the call. No branch is added; the stack map frames (read
 * expanded) gain the one int local, which is set before any of them; the method needs three more
 * stack slots.
 *
 * <p>Sampling mode: each site passes the object and its id only (callers are walked at samples,
 * which are rare), so no local is added, the frames are left as they are and the method needs two
 * more stack slots.
 */
public final class AllocationSites extends MethodVisitor {
    private static final String HOOK = HookClass.NAME;
    /** Per NEW not yet constructed, innermost last: whether a DUP kept a copy for us to record. */
    private final ArrayDeque<Boolean> pendingNews = new ArrayDeque<>();
    private boolean afterNew;
    /** The new local holding the callers chain (the method's first free slot), or -1 when sampling. */
    private final int callersLocal;
    private final String className;
    private final String methodName;
    private final String sourceFile;
    private int line = -1;

    /**
     * A method that may allocate, with {@code callersLocal} its first free local in exact mode
     * (read with expanded frames), -1 in sampling mode.
     */
    AllocationSites(MethodVisitor next, String className, String methodName, String sourceFile, int callersLocal) {
        super(Opcodes.ASM9, next);
        this.className = className;
        this.methodName = methodName;
        this.sourceFile = sourceFile;
        this.callersLocal = callersLocal;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        if (callersLocal >= 0) {
            super.visitInsn(Opcodes.ICONST_M1);
            super.visitVarInsn(Opcodes.ISTORE, callersLocal);
        }
    }

    @Override
    public void visitLineNumber(int lineNumber, org.objectweb.asm.Label start) {
        super.visitLineNumber(lineNumber, start);
        line = lineNumber;
    }

    @Override
    public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
        if (callersLocal < 0 || type != Opcodes.F_NEW) {
            super.visitFrame(type, numLocal, local, numStack, stack);
            return;
        }
        // the frame's locals, padded to the new one, which is an int wherever a frame can be
        int slots = 0;
        for (int i = 0; i < numLocal; i++) {
            slots += local[i] == Opcodes.LONG || local[i] == Opcodes.DOUBLE ? 2 : 1;
        }
        Object[] widened = new Object[numLocal + (callersLocal - slots) + 1];
        System.arraycopy(local, 0, widened, 0, numLocal);
        int n = numLocal;
        for (; slots < callersLocal; slots++) {
            widened[n++] = Opcodes.TOP;
        }
        widened[n++] = Opcodes.INTEGER;
        super.visitFrame(type, n, widened, numStack, stack);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        super.visitTypeInsn(opcode, type);
        afterNew = opcode == Opcodes.NEW;
        if (afterNew) {
            pendingNews.push(Boolean.FALSE);
        } else if (opcode == Opcodes.ANEWARRAY) {
            record(false);
        }
    }

    @Override
    public void visitInsn(int opcode) {
        super.visitInsn(opcode);
        if (opcode == Opcodes.DUP && afterNew && !pendingNews.isEmpty()) {
            pendingNews.pop();
            pendingNews.push(Boolean.TRUE);
        }
        afterNew = false;
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        super.visitIntInsn(opcode, operand);
        afterNew = false;
        if (opcode == Opcodes.NEWARRAY) {
            record(false);
        }
    }

    @Override
    public void visitMultiANewArrayInsn(String descriptor, int dimensions) {
        super.visitMultiANewArrayInsn(descriptor, dimensions);
        afterNew = false;
        record(true);
    }

    @Override
    public void visitVarInsn(int opcode, int var) {
        super.visitVarInsn(opcode, var);
        afterNew = false;
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        super.visitFieldInsn(opcode, owner, name, descriptor);
        afterNew = false;
    }

    @Override
    public void visitLdcInsn(Object value) {
        super.visitLdcInsn(value);
        afterNew = false;
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        afterNew = false;
        if (opcode == Opcodes.INVOKESPECIAL && name.equals("<init>")) {
            // the constructor of the innermost pending NEW; a super()/this() call has none pending
            if (!pendingNews.isEmpty() && pendingNews.pop()) {
                record(false);
            }
        } else if (name.equals("clone") && descriptor.startsWith("()") && copiesUninstrumented(opcode, owner)) {
            record(false);
        } else if (isReflectiveNew(opcode, owner, name, descriptor)) {
            record(descriptor.equals("(Ljava/lang/Class;[I)Ljava/lang/Object;"));
        }
    }

    /** A clone whose copy is made in code we do not rewrite, so this call site is where we see it. */
    public static boolean copiesUninstrumented(int opcode, String owner) {
        if (opcode != Opcodes.INVOKEVIRTUAL && opcode != Opcodes.INVOKESPECIAL) {
            return false;
        }
        return owner.startsWith("[") || ApplicationClasses.isJdkClass(owner);
    }

    /** A reflective or array {@code newInstance}, which exact mode records at the call. */
    public static boolean isReflectiveNew(int opcode, String owner, String name, String descriptor) {
        if (!name.equals("newInstance")) {
            return false;
        }
        return switch (owner) {
            case "java/lang/Class" -> opcode == Opcodes.INVOKEVIRTUAL && descriptor.equals("()Ljava/lang/Object;");
            case "java/lang/reflect/Constructor" -> opcode == Opcodes.INVOKEVIRTUAL;
            case "java/lang/reflect/Array" -> opcode == Opcodes.INVOKESTATIC;
            default -> false;
        };
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        boolean exact = callersLocal >= 0;
        super.visitMaxs(maxStack + (exact ? 3 : 2), exact ? maxLocals + 1 : maxLocals);
    }

    /**
     * The new object is on top of the stack: pass a copy, the callers chain (exact mode) and the
     * site to the recorder. {@code multi}: a multi-dimensional array, whose sub-arrays count too.
     */
    private void record(boolean multi) {
        int site = AllocationSiteTable.SITES.add(className, methodName, sourceFile, line);
        super.visitInsn(Opcodes.DUP);
        if (callersLocal < 0) {
            pushInt(site);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOK, multi ? "sampleMulti" : "sample", HookClass.SAMPLE,
                    false);
            return;
        }
        super.visitVarInsn(Opcodes.ILOAD, callersLocal);
        pushInt(site);
        super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOK, multi ? "recordMulti" : "record", HookClass.RECORD, false);
        super.visitVarInsn(Opcodes.ISTORE, callersLocal);
    }

    /** The shortest push of a site id (most fit in a short): fewer bytes added to a method that may then be too big to inline. */
    private void pushInt(int value) {
        if (value <= 5) {
            super.visitInsn(Opcodes.ICONST_0 + value);
        } else if (value <= Byte.MAX_VALUE) {
            super.visitIntInsn(Opcodes.BIPUSH, value);
        } else if (value <= Short.MAX_VALUE) {
            super.visitIntInsn(Opcodes.SIPUSH, value);
        } else {
            super.visitLdcInsn(value);
        }
    }
}
