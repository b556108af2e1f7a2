package dev.heaplens.format.ruby;

import static dev.heaplens.format.ruby.RubyDumpWriter.Flag.MARKED;
import static dev.heaplens.format.ruby.RubyDumpWriter.Flag.OLD;
import static dev.heaplens.format.ruby.RubyDumpWriter.Flag.UNCOLLECTIBLE;
import static dev.heaplens.format.ruby.RubyDumpWriter.Flag.WB_PROTECTED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.analysis.ruby.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/** The writer's lines against lines real Ruby 3.1 wrote (the {@code basic} fixture), byte for byte. */
class RubyDumpWriterTest {
    private static final RubyDumpWriter.Flag[] OLD_MARKED = {WB_PROTECTED, OLD, UNCOLLECTIBLE, MARKED};

    private static String written(Consumer<RubyDumpWriter> lines) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (RubyDumpWriter w = new RubyDumpWriter(bytes)) {
            lines.accept(w);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static Set<String> realLines() throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Fixtures.dump("basic")))) {
            return new HashSet<>(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
        }
    }

    @Test
    void writesWhatRubyWrites() throws IOException {
        String text = written(w -> w
                .root("global_list", 0x7efd63f5e968L, 0x7efd63f5e968L, 0x7efd63f47ba0L, 0x7efd63f47bf0L, 0x7efd63f47c40L)
                .object(0x7efd647e8048L, RubyType.CLASS).cls(0x7efd60a6fe50L).superclass(0x7efd647e8368L)
                .realClassName("Class").singleton()
                .references(0x7efd647e8368L, 0x7efd60a6fd88L, 0x7efd63f2a550L, 0x7efd60a6fd60L, 0x7efd63f2a2f8L,
                        0x7efd60a6fea0L, 0x7efd63f29088L, 0x7efd60a6ff68L, 0x7efd647e8070L)
                .memsize(752).flags(OLD_MARKED).write()
                .object(0x7efd647e8070L, RubyType.CLASS).cls(0x7efd647e8048L).superclass(0x7efd647e8390L)
                .name("Gem::UnknownCommandError")
                .references(0x7efd647e8390L, 0x7efd60a6fef0L, 0x7efd60a6fe78L, 0x7efd60a6ffb8L)
                .memsize(544).flags(OLD_MARKED).write()
                .object(0x7efd647e8228L, RubyType.STRING).cls(0x7efd63f2e420L).frozen().bytesize(31).capacity(47)
                .value("_deprecated_default_executable=").encoding("UTF-8").memsize(88).flags(OLD_MARKED).write()
                .object(0x7efd647e8408L, RubyType.STRING).cls(0x7efd63f2e420L).shared().encoding("UTF-8")
                .references(0x7efd647e8228L).memsize(40).flags(OLD_MARKED).write()
                .object(0x7efd647e8638L, RubyType.STRING).cls(0x7efd63f2e420L).embedded().bytesize(15)
                .value("p34@example.com").encoding("UTF-8").allocated("basic.rb", 39, null, 9)
                .memsize(40).flags(OLD_MARKED).write()
                .object(0x7efd647e8598L, RubyType.ARRAY).cls(0x7efd63f3ff90L).frozen().length(2).embedded()
                .references(0x7efd647e9e70L).memsize(40).flags(OLD_MARKED).write()
                .object(0x7efd647e82a0L, RubyType.OBJECT).cls(0x7efd60a78ed8L).ivars(3)
                .references(0x7efd647e9fb0L, 0x7efd647e8638L).allocated("basic.rb", 39, "new", 9)
                .memsize(40).flags(OLD_MARKED).write()
                .object(0x7efd647e8098L, RubyType.IMEMO).cls(0x7efd647d0c40L).imemoType("env")
                .references(0x7efd647e8408L, 0x7efd647e8430L, 0x7efd647e8098L, 0x7efd647e80c0L)
                .memsize(80).flags(OLD_MARKED).write()
                .object(0x7efd647dcea0L, RubyType.DATA).cls(0x7efd63f4a328L).struct("time").references(0x7efd63f4a378L)
                .memsize(86).flags(UNCOLLECTIBLE, MARKED).write()
                .object(0x7efd63f37228L, RubyType.FLOAT).cls(0x7efd63f374d0L).frozen().value("NaN")
                .memsize(40).flags(OLD_MARKED).write()
                .object(0x7efd647e7fa8L, RubyType.STRUCT).cls(0x7efd647e0410L).memsize(40).flags(OLD_MARKED).write());
        Set<String> real = realLines();
        for (String line : text.lines().toList()) {
            assertThat(real).as("a line real Ruby wrote").contains(line);
        }
        assertThat(text.lines()).hasSize(12);
        assertThat(text).endsWith("}\n");
    }

    @Test
    void escapesValuesAsRubyDoes() throws IOException {
        String text = written(w -> w.object(0x10, RubyType.STRING).value("a\"b\\c\n\u0001\u007f").write());
        assertThat(text).isEqualTo("{\"address\":\"0x10\", \"type\":\"STRING\", \"value\":\"a\\\"b\\\\c\\n\\u0001\\u007f\"}\n");
    }
}
