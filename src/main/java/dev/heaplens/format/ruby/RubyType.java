package dev.heaplens.format.ruby;

/**
 * The {@code "type"} of a line of a Ruby heap dump: the VM's object types (T_xxx) plus the two
 * line kinds that are not heap objects, ROOT and SHAPE.
 */
public enum RubyType {
    NONE, OBJECT, CLASS, MODULE, FLOAT, STRING, REGEXP, ARRAY, HASH, STRUCT, BIGNUM, FILE, DATA,
    MATCH, COMPLEX, RATIONAL, NIL, TRUE, FALSE, SYMBOL, FIXNUM, UNDEF, IMEMO, NODE, ICLASS, ZOMBIE,
    MOVED,
    /** A GC root category with its references; no address, not an object. */
    ROOT,
    /** An object shape (Ruby 3.2+); not a heap object. */
    SHAPE;

    private static final RubyType[] VALUES = values();

    /**
     * True for objects whose class field is all that names them: not classes and modules (their
     * names follow), IMEMO (kind follows), DATA (struct follows), roots or shapes.
     */
    public boolean isNamedByClassAlone() {
        return switch (this) {
            case CLASS, MODULE, ICLASS, IMEMO, DATA, ROOT, SHAPE -> false;
            default -> true;
        };
    }

    /** True for lines that describe heap objects (everything but ROOT and SHAPE). */
    public boolean isHeapObject() {
        return this != ROOT && this != SHAPE;
    }

    /** The key {@code ObjectSpace.count_objects} uses for this type, e.g. {@code T_STRING}. */
    public String countObjectsKey() {
        return "T_" + name();
    }

    public static RubyType ofOrdinal(int ordinal) {
        return VALUES[ordinal];
    }

    /** Type names as bytes, and a table from (length, first, last byte) to candidates. */
    private static final byte[][] NAMES = new byte[VALUES.length][];
    private static final RubyType[][] BY_SHAPE = new RubyType[256][];

    static {
        for (RubyType t : VALUES) {
            byte[] name = t.name().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            NAMES[t.ordinal()] = name;
            int shape = shape(name, 0, name.length);
            RubyType[] old = BY_SHAPE[shape];
            RubyType[] grown = old == null ? new RubyType[1] : java.util.Arrays.copyOf(old, old.length + 1);
            grown[grown.length - 1] = t;
            BY_SHAPE[shape] = grown;
        }
    }

    /** The names as {@link dev.heaplens.util.Swar#word} reads them (all fit in eight bytes), hashed, linear probing. */
    private static final long[] NAME_WORDS = new long[64];
    private static final RubyType[] BY_NAME_WORD = new RubyType[64];

    static {
        for (RubyType t : VALUES) {
            long word = dev.heaplens.util.Swar.wordOf(t.name());
            if (t.name().length() > 8) {
                throw new AssertionError(t + " does not fit in a word");
            }
            int i = slot(word);
            while (BY_NAME_WORD[i] != null) {
                i = (i + 1) & 63;
            }
            NAME_WORDS[i] = word;
            BY_NAME_WORD[i] = t;
        }
    }

    private static int slot(long word) {
        return (int) ((word * 0x9E3779B97F4A7C15L) >>> 58);
    }

    /** The type whose name is the bytes of {@code word} (zeros past the name), or null. */
    static RubyType ofNameWord(long word) {
        for (int i = slot(word); BY_NAME_WORD[i] != null; i = (i + 1) & 63) {
            if (NAME_WORDS[i] == word) {
                return BY_NAME_WORD[i];
            }
        }
        return null;
    }

    private static int shape(byte[] buf, int start, int end) {
        int len = end - start;
        return len == 0 ? 0 : (len * 31 + buf[start] * 7 + buf[end - 1]) & 0xff;
    }

    /** Looks a type name up from raw bytes without allocating; null when unknown. */
    static RubyType lookup(byte[] buf, int start, int end) {
        RubyType[] candidates = BY_SHAPE[shape(buf, start, end)];
        if (candidates == null) {
            return null;
        }
        for (RubyType t : candidates) {
            byte[] name = NAMES[t.ordinal()];
            if (java.util.Arrays.equals(name, 0, name.length, buf, start, end)) {
                return t;
            }
        }
        return null;
    }
}
