package dev.heaplens.report;

/**
 * A small streaming JSON writer: objects, arrays, strings, longs. Hand-written so the CLI needs
 * no JSON library at run time (start-up time matters for a command-line tool); tests check its
 * output with Jackson.
 */
public final class JsonWriter {
    private final StringBuilder out;
    private boolean needComma;

    public JsonWriter(StringBuilder out) {
        this.out = out;
    }

    public JsonWriter beginObject() {
        comma();
        out.append('{');
        needComma = false;
        return this;
    }

    public JsonWriter endObject() {
        out.append('}');
        needComma = true;
        return this;
    }

    public JsonWriter beginArray() {
        comma();
        out.append('[');
        needComma = false;
        return this;
    }

    public JsonWriter endArray() {
        out.append(']');
        needComma = true;
        return this;
    }

    /** Writes a key; the next call writes its value. */
    public JsonWriter name(String name) {
        comma();
        string(name);
        out.append(':');
        needComma = false;
        return this;
    }

    public JsonWriter value(String value) {
        comma();
        if (value == null) {
            out.append("null");
        } else {
            string(value);
        }
        needComma = true;
        return this;
    }

    public JsonWriter value(long value) {
        comma();
        out.append(value);
        needComma = true;
        return this;
    }

    /** An exact number as it is (a SQL sum's 128-bit integer, a decimal). */
    public JsonWriter value(java.math.BigDecimal value) {
        comma();
        out.append(value.toPlainString());
        needComma = true;
        return this;
    }

    /** A decimal with at most three fraction digits (trailing zeros dropped); NaN and infinities as null. */
    public JsonWriter value(double value) {
        comma();
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            out.append("null");
        } else {
            out.append(new java.math.BigDecimal(value).setScale(3, java.math.RoundingMode.HALF_EVEN)
                    .stripTrailingZeros().toPlainString());
        }
        needComma = true;
        return this;
    }

    public JsonWriter field(String name, double value) {
        return name(name).value(value);
    }

    public JsonWriter value(boolean value) {
        comma();
        out.append(value);
        needComma = true;
        return this;
    }

    public JsonWriter field(String name, String value) {
        return name(name).value(value);
    }

    public JsonWriter field(String name, long value) {
        return name(name).value(value);
    }

    public JsonWriter field(String name, boolean value) {
        return name(name).value(value);
    }

    private void comma() {
        if (needComma) {
            out.append(',');
        }
    }

    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
