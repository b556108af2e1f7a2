package dev.heaplens.memprof.hooks;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The one constant pool reader, shared by the transformer (inside a class file) and the native
 * sampler (as JVMTI's GetConstantPool gives it: the count, then the entries), against ASM's reading
 * of every class of java.base (the oracle): where the pool ends, every class entry's name and every
 * method reference's owner, name and descriptor, in both layouts.
 */
class ConstantPoolTest {
    @Test
    void readsEveryPoolOfJavaBaseAsAsmDoesInBothLayouts() throws IOException {
        List<Path> classes = JavaBaseClasses.all();
        assertThat(classes).hasSizeGreaterThan(3000);
        long methodRefs = 0;
        long classRefs = 0;
        for (Path c : classes) {
            byte[] bytes = Files.readAllBytes(c);
            ClassReader asm = new ClassReader(bytes);
            char[] buffer = new char[asm.getMaxStringLength()];
            ConstantPool inClass = ConstantPool.at(bytes, 8);
            ConstantPool asJvmtiGives = ConstantPool.at(Arrays.copyOfRange(bytes, 8, asm.header), 0);
            assertThat(inClass.end()).as(c.toString()).isEqualTo(asm.header);
            assertThat(asJvmtiGives.end()).as(c.toString()).isEqualTo(asm.header - 8);
            for (int i = 1; i < asm.getItemCount(); i++) {
                int offset = asm.getItem(i);
                int tag = offset == 0 ? 0 : bytes[offset - 1];
                String[] expectedRef = null;
                String expectedClass = null;
                if (tag == 10 || tag == 11) {
                    int nameAndType = asm.getItem(asm.readUnsignedShort(offset + 2));
                    expectedRef = new String[] {asm.readClass(offset, buffer), asm.readUTF8(nameAndType, buffer),
                            asm.readUTF8(nameAndType + 2, buffer)};
                    methodRefs++;
                } else if (tag == 7) {
                    expectedClass = asm.readUTF8(offset, buffer); // a Class entry holds its name's index
                    classRefs++;
                }
                for (ConstantPool pool : List.of(inClass, asJvmtiGives)) {
                    assertThat(pool.methodRef(i)).as(c + " #" + i).isEqualTo(expectedRef);
                    assertThat(pool.className(i)).as(c + " #" + i).isEqualTo(expectedClass);
                }
            }
        }
        assertThat(methodRefs).isGreaterThan(10_000);
        assertThat(classRefs).isGreaterThan(10_000);
    }

    @Test
    void anUnknownTagOrAPoolPastItsBytesIsRefused() {
        assertThatThrownBy(() -> ConstantPool.at(new byte[] {0, 2, 2, 0, 0}, 0)).hasMessageContaining("tag 2");
        assertThatThrownBy(() -> ConstantPool.at(new byte[] {0, 2, 1, 0, 9, 'a'}, 0)).hasMessageContaining("past");
    }

    @Test
    void indexesOutsideThePoolOrOfAnotherKindNameNothing() {
        ConstantPool pool = ConstantPool.at(new byte[] {0, 3, 1, 0, 1, 'A', 7, 0, 1}, 0); // #1 Utf8 "A", #2 Class #1
        assertThat(pool.className(2)).isEqualTo("A");
        assertThat(pool.className(1)).isNull();
        assertThat(pool.className(0)).isNull();
        assertThat(pool.className(3)).isNull();
        assertThat(pool.methodRef(2)).isNull();
    }
}
