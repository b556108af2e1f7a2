package dev.heaplens.report;

import dev.heaplens.analysis.graph.ShownValue;

/** An object's value as a table cell: a string quoted, on one line, cut to 60 characters; a length as "length N". */
public final class ValueText {
    /** Characters of a value a table shows, at most: a longer one is cut, and says so. */
    static final int SHOWN_CHARS = 60;

    private ValueText() {
    }

    public static String of(ShownValue v) {
        return switch (v.kind()) {
            case NONE -> "";
            case NAME, NUMBER -> v.text();
            case LENGTH -> "length " + v.length();
            case SIZE -> "size " + v.length();
            case TEXT -> quoted(v.text(), v.complete());
        };
    }

    /** In quotes, on one line, "..." where it is cut (or was read in part). */
    static String quoted(String text, boolean complete) {
        String shown = text.replace('\n', ' ');
        if (shown.length() > SHOWN_CHARS) {
            return "\"" + shown.substring(0, SHOWN_CHARS - 3) + "...\"";
        }
        return "\"" + shown + (complete ? "\"" : "...\"");
    }

    /** The value's JSON fields: {@code value} (null for a length), {@code valueComplete} and {@code length} (null but for arrays and hashes). */
    static void json(JsonWriter j, ShownValue v) {
        j.field("value", v.value()).field("valueComplete", v.complete());
        j.name("length");
        if (v.elements() == null) {
            j.value((String) null);
        } else {
            j.value(v.elements());
        }
    }
}
