package dev.heaplens.testheap;

import dev.heaplens.format.ruby.RubyDumpWriter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** Ruby dump lines made by {@link RubyDumpWriter}, as strings, for tests that list a dump line by line. */
public final class RubyLines {
    private RubyLines() {
    }

    /** What {@code write} writes, without the final newline (one line when it writes one). */
    public static String line(Consumer<RubyDumpWriter> write) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RubyDumpWriter w = new RubyDumpWriter(bytes);
        write.accept(w);
        try {
            w.close();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        String text = bytes.toString(StandardCharsets.UTF_8);
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }

    /** A {@code 0x...} address as a number. */
    public static long address(String hex) {
        return Long.parseUnsignedLong(hex.substring(2), 16);
    }
}
