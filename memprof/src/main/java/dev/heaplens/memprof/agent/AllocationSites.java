package dev.heaplens.memprof.agent;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.ArrayDeque;

/**
 * Rewrites one method so that every allocation it makes is passed to the profiler (through {@link HookClass}) as soon as
 * the object exists: after {@code new T(...)} has run its constructor, after every array creation,
 * after {@code clone()} calls that copy in code we do not instrument (arrays, {@code super.clone()}
 * reaching Object or a JDK class, JDK objects), and after reflective and array {@code newInstance}.
 * Each costs a DUP and a static call; no branch is added, so stack map frames stay valid.
 */
final class AllocationSites extends MethodVisitor {
    private static final String HOOK = HookClass.NAME;
    /** Per NEW not yet constructed, innermost last: whether a DUP kept a copy for us to record. */
    private final ArrayDeque<Boolean> pendingNews = new ArrayDeque<>();
    private boolean afterNew;
    /** Set once this method records anything: the class is then rewritten. */
    private final boolean[] changed;

    AllocationSites(MethodVisitor next, boolean[] changed) {
        super(Opcodes.ASM9, next);
        this.changed = changed;
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        super.visitTypeInsn(opcode, type);
        afterNew = opcode == Opcodes.NEW;
        if (afterNew) {
            pendingNews.push(Boolean.FALSE);
        } else if (opcode == Opcodes.ANEWARRAY) {
            record("record");
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
            record("record");
        }
    }

    @Override
    public void visitMultiANewArrayInsn(String descriptor, int dimensions) {
        super.visitMultiANewArrayInsn(descriptor, dimensions);
        afterNew = false;
        record("recordMulti");
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
                record("record");
            }
        } else if (name.equals("clone") && descriptor.startsWith("()") && copiesUninstrumented(opcode, owner)) {
            record("record");
        } else if (isReflectiveNew(opcode, owner, name, descriptor)) {
            record(descriptor.equals("(Ljava/lang/Class;[I)Ljava/lang/Object;") ? "recordMulti" : "record");
        }
    }

    /** A clone whose copy is made in code we do not rewrite, so this call site is where we see it. */
    private static boolean copiesUninstrumented(int opcode, String owner) {
        if (opcode != Opcodes.INVOKEVIRTUAL && opcode != Opcodes.INVOKESPECIAL) {
            return false;
        }
        return owner.startsWith("[") || AllocationTransformer.isJdkClass(owner);
    }

    private static boolean isReflectiveNew(int opcode, String owner, String name, String descriptor) {
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

    /** The new object is on top of the stack: pass a copy to the recorder. */
    private void record(String method) {
        super.visitInsn(Opcodes.DUP);
        super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOK, method, "(Ljava/lang/Object;)V", false);
        changed[0] = true;
    }
}
