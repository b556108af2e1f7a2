package dev.heaplens.format.ruby;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes {@code ObjectSpace.dump_all} JSON lines as Ruby 3.1 writes them (docs/ruby-dump-format.md):
 * the same keys in the same order, {@code ", "} between members, addresses as {@code "0x"} and
 * lowercase hex, booleans only when true, {@code memsize} and {@code flags} last. Synthetic dumps
 * for tests and benchmark inputs; streaming, one line at a time.
 *
 * <pre>{@code
 * w.root("vm", a, b);
 * w.object(a, RubyType.STRING).cls(stringClass).embedded().bytesize(5).value("alpha").encoding("UTF-8").memsize(40).write();
 * }</pre>
 *
 * An I/O failure is an {@link UncheckedIOException}.
 */
public final class RubyDumpWriter implements Closeable {
    /** The object flags Ruby 3.1 prints, in its order; only the true ones appear. */
    public enum Flag {
        WB_PROTECTED, OLD, UNCOLLECTIBLE, MARKING, MARKED, PINNED;

        final String key = name().toLowerCase(java.util.Locale.ROOT);
    }

    private final OutputStream out;
    private final StringBuilder line = new StringBuilder(256);

    public RubyDumpWriter(OutputStream out) {
        this.out = new BufferedOutputStream(out, 1 << 16);
    }

    /** A ROOT line: GC root {@code category} holding {@code addresses} (repeats allowed, as Ruby writes them). */
    public RubyDumpWriter root(String category, long... addresses) {
        line.setLength(0);
        line.append("{\"type\":\"ROOT\", \"root\":\"").append(category).append('"');
        appendReferences(line, addresses);
        line.append('}');
        emit();
        return this;
    }

    /** Starts the line of the object at {@code address}; {@link Line#write()} writes it. */
    public Line object(long address, RubyType type) {
        if (!type.isHeapObject()) {
            throw new IllegalArgumentException(type + " is not a heap object");
        }
        return new Line(address, type);
    }

    /** One object's line; set what it has (anything unset is left out, as Ruby does), then {@link #write()}. */
    public final class Line {
        private final long address;
        private final RubyType type;
        private long classAddress;
        private boolean frozen;
        private final List<String> specific = new ArrayList<>();
        private long[] references = {};
        private String file;
        private long lineNumber = -1;
        private String method;
        private long generation = -1;
        private long memsize = -1;
        private Flag[] flags = {};

        private Line(long address, RubyType type) {
            this.address = address;
            this.type = type;
        }

        /** The object's class ({@code "class"}); hidden objects have none. */
        public Line cls(long classAddress) {
            this.classAddress = classAddress;
            return this;
        }

        public Line frozen() {
            frozen = true;
            return this;
        }

        // ---- type-specific members, written in the order they are set (set them in Ruby's order)

        /** STRING, ARRAY: stored inside the slot. */
        public Line embedded() {
            return bool("embedded");
        }

        /** STRING: an interned (frozen, deduplicated) string. */
        public Line fstring() {
            return bool("fstring");
        }

        /** STRING, ARRAY: sharing another object's buffer (which is then among the references). */
        public Line shared() {
            return bool("shared");
        }

        /** STRING, SYMBOL. */
        public Line bytesize(long n) {
            return number("bytesize", n);
        }

        /** STRING, SYMBOL: the buffer's capacity when on the malloc heap. */
        public Line capacity(long n) {
            return number("capacity", n);
        }

        /** STRING, SYMBOL: the content, escaped as Ruby escapes it; FLOAT: its text ({@code "%#g"}). */
        public Line value(String text) {
            specific.add("\"value\":\"" + escape(text) + "\"");
            return this;
        }

        /** STRING: the encoding's name, left out for binary strings. */
        public Line encoding(String name) {
            return text("encoding", name);
        }

        /** ARRAY. */
        public Line length(long n) {
            return number("length", n);
        }

        /** HASH: entries. */
        public Line size(long n) {
            return number("size", n);
        }

        /** HASH: its default proc. */
        public Line defaultProc(long procAddress) {
            return text("default", hex(procAddress));
        }

        /** OBJECT: instance variable slots (3.1: the capacity, 3 for any embedded object). */
        public Line ivars(long n) {
            return number("ivars", n);
        }

        /** CLASS, MODULE, ICLASS. */
        public Line superclass(long address) {
            return text("superclass", hex(address));
        }

        /** CLASS, MODULE: a named class's name (written raw, as 3.1 does). */
        public Line name(String name) {
            return text("name", name);
        }

        /** CLASS, MODULE: an unnamed class's nearest named ancestor. */
        public Line realClassName(String name) {
            return text("real_class_name", name);
        }

        public Line singleton() {
            return bool("singleton");
        }

        /** DATA: the typed data's struct name. */
        public Line struct(String name) {
            return text("struct", name);
        }

        /** FILE: the descriptor, -1 once closed. */
        public Line fd(int fd) {
            return number("fd", fd);
        }

        /** IMEMO: its kind ({@code env}, {@code ment}, {@code iseq}...). */
        public Line imemoType(String kind) {
            return text("imemo_type", kind);
        }

        // ---- common tail

        /** What the object references (its class left out: Ruby never lists it). */
        public Line references(long... addresses) {
            references = addresses.clone();
            return this;
        }

        /** Where it was allocated (recorded under {@code ObjectSpace.trace_object_allocations}). */
        public Line allocated(String file, long line, String method, long generation) {
            this.file = file;
            this.lineNumber = line;
            this.method = method;
            this.generation = generation;
            return this;
        }

        public Line memsize(long bytes) {
            memsize = bytes;
            return this;
        }

        public Line flags(Flag... flags) {
            this.flags = flags.clone();
            return this;
        }

        /** Writes the line. */
        public RubyDumpWriter write() {
            StringBuilder b = line;
            b.setLength(0);
            b.append("{\"address\":\"").append(hex(address)).append("\", \"type\":\"").append(type.name()).append('"');
            if (classAddress != 0) {
                b.append(", \"class\":\"").append(hex(classAddress)).append('"');
            }
            if (frozen) {
                b.append(", \"frozen\":true");
            }
            for (String member : specific) {
                b.append(", ").append(member);
            }
            if (references.length > 0) {
                appendReferences(b, references);
            }
            if (file != null) {
                b.append(", \"file\":\"").append(file).append("\", \"line\":").append(lineNumber); // raw, as Ruby writes it
            }
            if (method != null) {
                b.append(", \"method\":\"").append(escape(method)).append('"');
            }
            if (generation >= 0) {
                b.append(", \"generation\":").append(generation);
            }
            if (memsize > 0) {
                b.append(", \"memsize\":").append(memsize);
            }
            if (flags.length > 0) {
                b.append(", \"flags\":{");
                boolean first = true;
                for (Flag f : Flag.values()) {
                    if (List.of(flags).contains(f)) {
                        b.append(first ? "" : ", ").append('"').append(f.key).append("\":true");
                        first = false;
                    }
                }
                b.append('}');
            }
            b.append('}');
            emit();
            return RubyDumpWriter.this;
        }

        private Line bool(String key) {
            specific.add("\"" + key + "\":true");
            return this;
        }

        private Line number(String key, long n) {
            specific.add("\"" + key + "\":" + n);
            return this;
        }

        private Line text(String key, String raw) {
            specific.add("\"" + key + "\":\"" + raw + "\"");
            return this;
        }
    }

    private static void appendReferences(StringBuilder b, long[] addresses) {
        b.append(", \"references\":[");
        for (int i = 0; i < addresses.length; i++) {
            b.append(i == 0 ? "\"" : ", \"").append(hex(addresses[i])).append('"');
        }
        b.append(']');
    }

    /** An address as Ruby prints it: {@code 0x} and lowercase hex, no padding. */
    public static String hex(long address) {
        return "0x" + Long.toHexString(address);
    }

    /** A string value escaped as {@code dump_append_string_value} does (3.0+): control bytes as a backslash-u escape in hex. */
    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> b.append("\\\\");
                case '"' -> b.append("\\\"");
                case '\b' -> b.append("\\b");
                case '\t' -> b.append("\\t");
                case '\f' -> b.append("\\f");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    private void emit() {
        line.append('\n');
        try {
            out.write(line.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
