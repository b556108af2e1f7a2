package dev.heaplens.format.ruby;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Class naming on hand-built Ruby 3.1 class lines with known answers. */
class ClassTableTest {
    private final ClassTable table = new ClassTable();

    private void add(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        RubyRecord r = new RubyRecord();
        assertThat(new RubyLineParser(Set.of()).parse(bytes, 0, bytes.length, r)).isTrue();
        table.add(r);
    }

    @Test
    void namesClassesSingletonsAndAnonymousOnes() {
        add("{\"address\":\"0x100\", \"type\":\"CLASS\", \"class\":\"0x200\", \"superclass\":\"0x300\", \"name\":\"Foo\", \"memsize\":40}");
        // #<Class:Foo>, the metaclass of Foo
        add("{\"address\":\"0x200\", \"type\":\"CLASS\", \"class\":\"0x400\", \"superclass\":\"0x500\", \"real_class_name\":\"Class\", \"singleton\":true, \"memsize\":40}");
        add("{\"address\":\"0x500\", \"type\":\"CLASS\", \"class\":\"0x600\", \"name\":\"Class\", \"memsize\":40}");
        // the singleton class of one Foo instance (def obj.x): its superclass is Foo
        add("{\"address\":\"0x700\", \"type\":\"CLASS\", \"class\":\"0x400\", \"superclass\":\"0x100\", \"real_class_name\":\"Foo\", \"singleton\":true, \"memsize\":40}");
        add("{\"address\":\"0x800\", \"type\":\"CLASS\", \"class\":\"0x500\", \"superclass\":\"0x300\", \"memsize\":40}");
        add("{\"address\":\"0x900\", \"type\":\"MODULE\", \"class\":\"0xa00\", \"memsize\":40}");

        assertThat(table.displayName(0x100)).isEqualTo("Foo");
        assertThat(table.displayName(0x200)).isEqualTo("#<Class:Foo>");
        assertThat(table.displayName(0x800)).isEqualTo("#<Class:0x0000000000000800>");
        assertThat(table.displayName(0x900)).isEqualTo("#<Module:0x0000000000000900>");
        assertThat(table.displayName(0x700)).isEqualTo("#<Class:#<Foo>>");

        assertThat(table.instanceClassName(0x100)).isEqualTo("Foo");
        assertThat(table.instanceClassName(0x700)).as("an object with singleton methods is still a Foo").isEqualTo("Foo");
        assertThat(table.instanceClassName(0x200)).as("Foo itself is a Class").isEqualTo("Class");
        assertThat(table.instanceClassName(0x800)).isEqualTo("#<Class:0x0000000000000800>");
        assertThat(table.instanceClassName(0xbad)).isNull();
    }

    @Test
    void recognisesMetaclassesOfRubiesThatDoNotMarkThem() {
        // Ruby 3.0: no singleton flag, no superclass; Foo's class is its unnamed metaclass
        add("{\"address\":\"0x100\", \"type\":\"CLASS\", \"class\":\"0x200\", \"name\":\"Foo\", \"memsize\":40}");
        add("{\"address\":\"0x200\", \"type\":\"CLASS\", \"class\":\"0x400\", \"memsize\":40}");
        assertThat(table.displayName(0x200)).isEqualTo("#<Class:Foo>");
        assertThat(table.instanceClassName(0x200)).isEqualTo("Class");
    }
}
