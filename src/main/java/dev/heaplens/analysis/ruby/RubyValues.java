package dev.heaplens.analysis.ruby;

import dev.heaplens.analysis.graph.ShownValue;
import dev.heaplens.format.ruby.RecordLines;

/** What a Ruby record line says its object holds: a string's value, a class's name, an array's length, a hash's size. */
public final class RubyValues {
    private static final String VALUE = "\"value\":\"";

    private RubyValues() {
    }

    public static ShownValue of(String line) {
        String value = RecordLines.stringField(line, VALUE);
        if (value != null) {
            return ShownValue.text(value, RecordLines.closes(line, VALUE));
        }
        String name = RecordLines.stringField(line, "\"name\":\"");
        if (name != null) {
            return ShownValue.name(name);
        }
        long length = count(RecordLines.numberField(line, "\"length\":"));
        if (length >= 0) {
            return ShownValue.length(length);
        }
        long size = count(RecordLines.numberField(line, "\"size\":"));
        return size >= 0 ? ShownValue.size(size) : ShownValue.NONE;
    }

    /** The count the digits say, or -1 for none (or more digits than any heap holds elements). */
    private static long count(String digits) {
        return digits == null || digits.length() > 18 ? -1 : Long.parseLong(digits);
    }
}
