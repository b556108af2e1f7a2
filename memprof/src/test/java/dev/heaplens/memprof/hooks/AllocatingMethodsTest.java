package dev.heaplens.memprof.hooks;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The byte-level scan against ASM's reading of the same classes (the oracle): every class of
 * java.base, whose methods have every instruction shape (table and lookup switches at every
 * padding, wide loads and iinc, long and double constants in the pool...). Per method, the scan
 * must say "may allocate" exactly when ASM sees a new, an array creation, or an invokevirtual,
 * invokespecial or invokestatic of a method named clone or newInstance, with ASM's max_locals.
 */
class AllocatingMethodsTest {
    @Test
    void theScanAgreesWithAsmOnEveryMethodOfJavaBase() throws IOException {
        List<Path> classes = JavaBaseClasses.all();
        assertThat(classes).hasSizeGreaterThan(3000);
        long methods = 0;
        long allocating = 0;
        for (Path c : classes) {
            byte[] bytes = Files.readAllBytes(c);
            List<Integer> expected = asmView(bytes);
            AllocatingMethods scan = AllocatingMethods.of(bytes);
            List<Integer> actual = new ArrayList<>();
            for (int m = 0; m < expected.size(); m++) {
                actual.add(scan.maxLocals(m));
            }
            assertThat(actual).as(c.toString()).isEqualTo(expected);
            assertThat(scan.any()).as(c.toString()).isEqualTo(expected.stream().anyMatch(l -> l >= 0));
            methods += expected.size();
            allocating += expected.stream().filter(l -> l >= 0).count();
        }
        // both answers occur often, so the comparison says something either way
        assertThat(allocating).isGreaterThan(methods / 10).isLessThan(methods * 9 / 10);
    }

    /** Per method, as ASM reads it: its max_locals when it may allocate, else -1. */
    private static List<Integer> asmView(byte[] bytes) {
        List<Integer> result = new ArrayList<>();
        new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                int index = result.size();
                result.add(-1);
                return new MethodVisitor(Opcodes.ASM9) {
                    private boolean allocates;

                    @Override
                    public void visitTypeInsn(int opcode, String type) {
                        allocates |= opcode == Opcodes.NEW || opcode == Opcodes.ANEWARRAY;
                    }

                    @Override
                    public void visitIntInsn(int opcode, int operand) {
                        allocates |= opcode == Opcodes.NEWARRAY;
                    }

                    @Override
                    public void visitMultiANewArrayInsn(String descriptor, int dimensions) {
                        allocates = true;
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String owner, String name, String descriptor,
                                                boolean isInterface) {
                        allocates |= opcode != Opcodes.INVOKEINTERFACE
                                && (name.equals("clone") || name.equals("newInstance"));
                    }

                    @Override
                    public void visitMaxs(int maxStack, int maxLocals) {
                        if (allocates) {
                            result.set(index, maxLocals);
                        }
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return result;
    }
}
