package dev.heaplens.analysis.graph;

/**
 * What an object holds as far as its record tells, kept as a value rather than a rendering: a
 * string's characters, a class's name, a boxed primitive, an array's length or a hash's size.
 * Tables quote and cut it (report's ValueText); tsv, csv and json carry it as it is.
 */
public record ShownValue(Kind kind, String text, long length, boolean complete) {
    public enum Kind {
        /** Nothing to show (the record was not read, or says nothing short). */
        NONE,
        /** A string's characters, {@code complete} false when only their start was read. */
        TEXT,
        /** The name a class or module object stands for. */
        NAME,
        /** A boxed primitive's value, as Java prints it. */
        NUMBER,
        /** An array's length, in {@code length}. */
        LENGTH,
        /** A hash's number of entries, in {@code length}. */
        SIZE
    }

    /** The most characters of a string kept: enough for a reader, bounded for a table of many rows. */
    public static final int MAX_CHARS = 1_000;

    public static final ShownValue NONE = new ShownValue(Kind.NONE, "", -1, true);

    public static ShownValue text(String characters, boolean complete) {
        if (characters.length() > MAX_CHARS) {
            return new ShownValue(Kind.TEXT, characters.substring(0, MAX_CHARS), -1, false);
        }
        return new ShownValue(Kind.TEXT, characters, -1, complete);
    }

    public static ShownValue name(String name) {
        return new ShownValue(Kind.NAME, name, -1, true);
    }

    public static ShownValue number(String number) {
        return new ShownValue(Kind.NUMBER, number, -1, true);
    }

    public static ShownValue length(long elements) {
        return new ShownValue(Kind.LENGTH, "", elements, true);
    }

    public static ShownValue size(long entries) {
        return new ShownValue(Kind.SIZE, "", entries, true);
    }

    /** What scripts read as the value: the characters, name or number; null for a length or nothing. */
    public String value() {
        return switch (kind) {
            case TEXT, NAME, NUMBER -> text;
            case NONE, LENGTH, SIZE -> null;
        };
    }

    /** An array's length or a hash's size, or null. */
    public Long elements() {
        return kind == Kind.LENGTH || kind == Kind.SIZE ? length : null;
    }

    public boolean isEmpty() {
        return kind == Kind.NONE;
    }
}
