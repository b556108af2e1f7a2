package dev.heaplens.format.ruby;

/**
 * One parsed line of a Ruby heap dump. A single instance is reused for every line of a chunk, so
 * nothing is allocated per line: string fields are byte ranges into {@link #buf}, valid only
 * until the next line is parsed.
 */
public final class RubyRecord {
    /** Flag bits, from the line's {@code "flags"} object. */
    public static final int FLAG_WB_PROTECTED = 1;
    public static final int FLAG_OLD = 1 << 1;
    public static final int FLAG_UNCOLLECTIBLE = 1 << 2;
    public static final int FLAG_MARKED = 1 << 3;
    public static final int FLAG_PINNED = 1 << 4;
    public static final int FLAG_MARKING = 1 << 5;
    /** Set when the line has a {@code "flags"} object at all. */
    public static final int HAS_FLAGS = 1 << 6;
    /** Set by {@code "singleton":true} on CLASS lines. */
    public static final int SINGLETON = 1 << 7;
    /** {@code "embedded":true}: a string's or an array's contents sit in its slot (read with {@link RubyLineParser.Field#SIZES}). */
    public static final int EMBEDDED = 1 << 8;
    /** {@code "shared":true}: a string or an array whose contents another object holds (read with SIZES). */
    public static final int SHARED = 1 << 9;

    public static final long NO_ADDRESS = 0;
    public static final int NONE = -1;

    /** The line's bytes; ranges below index into it. */
    public byte[] buf;
    /** Byte offset of the line within the whole dump (of the uncompressed stream). */
    public long offset;

    public RubyType type;
    public long address;
    public long classAddress;
    public long superclassAddress;
    public long memsize;
    public int flags;
    public long line;
    public long generation;
    /** Read with {@link RubyLineParser.Field#SIZES}, else {@link #NONE}: an array's length or a hash's size. */
    public long elements;
    /** Read with SIZES, else NONE: a string's {@code bytesize}, and its {@code capacity} when Ruby writes one. */
    public long bytesize;
    public long capacity;

    public final ByteRange name = new ByteRange();
    public final ByteRange realClassName = new ByteRange();
    public final ByteRange imemoType = new ByteRange();
    public final ByteRange struct = new ByteRange();
    public final ByteRange file = new ByteRange();
    public final ByteRange method = new ByteRange();
    public final ByteRange root = new ByteRange();
    /** A string's characters as the line writes them (JSON escapes kept); read with SIZES, ASCII strings only. */
    public final ByteRange value = new ByteRange();

    /** Referenced addresses; filled only when the reader was asked for references. */
    public long[] references = new long[64];
    /** How many references the line has, whether or not they were decoded. */
    public int referenceCount;

    void reset() {
        type = null;
        address = NO_ADDRESS;
        classAddress = NO_ADDRESS;
        superclassAddress = NO_ADDRESS;
        memsize = 0;
        flags = 0;
        line = NONE;
        generation = NONE;
        elements = NONE;
        bytesize = NONE;
        capacity = NONE;
        name.clear();
        realClassName.clear();
        imemoType.clear();
        struct.clear();
        file.clear();
        method.clear();
        root.clear();
        value.clear();
        referenceCount = 0;
    }

    void addReference(long address) {
        if (referenceCount == references.length) {
            references = java.util.Arrays.copyOf(references, references.length * 2);
        }
        references[referenceCount++] = address;
    }

    /**
     * Lets go of a references array grown for one huge object (an array of a million elements
     * grows it to 8 MB): each chunk's record is kept until the read ends.
     */
    void dropLargeReferences() {
        if (references.length > LARGE_REFERENCES) {
            references = new long[64];
        }
    }

    private static final int LARGE_REFERENCES = 1 << 16;

    public boolean hasFlag(int flag) {
        return (flags & flag) != 0;
    }

    /** A byte range of the current line holding a JSON string's content (without quotes). */
    public static final class ByteRange {
        public int start;
        public int end;
        /** The content holds backslash escapes that must be decoded to get the text. */
        public boolean escaped;

        void set(int start, int end, boolean escaped) {
            this.start = start;
            this.end = end;
            this.escaped = escaped;
        }

        void clear() {
            start = 0;
            end = -1;
        }

        public boolean isPresent() {
            return end >= start;
        }

        public int length() {
            return end - start;
        }
    }
}
