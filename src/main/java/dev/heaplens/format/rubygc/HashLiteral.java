package dev.heaplens.format.rubygc;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parses one hash as Ruby prints it or as JSON: {@code {:count=>20, ...}} (Ruby ≤ 3.3 inspect),
 * {@code {count: 20, ...}} (3.4 inspect), {@code {"count"=>20}} and {@code {"count":20}} (JSON). Values
 * are Long, Double, String (symbols and strings), Boolean, null or a nested Map. Small inputs
 * only (one snapshot), so plain objects are fine.
 */
final class HashLiteral {
    /** GC.stat nests two levels (stat_heap); deeper input is not GC data, and must not overflow the stack. */
    private static final int MAX_DEPTH = 8;

    private final CharSequence text;
    private int pos;
    private int depth;

    /** Thrown with the offset of the first character that does not fit. */
    static final class SyntaxError extends RuntimeException {
        final int offset;

        SyntaxError(String message, int offset) {
            super(message, null, false, false);
            this.offset = offset;
        }
    }

    HashLiteral(CharSequence text, int start) {
        this.text = text;
        this.pos = start;
    }

    int position() {
        return pos;
    }

    Map<String, Object> parseHash() {
        skipSpace();
        expect('{');
        if (++depth > MAX_DEPTH) {
            throw new SyntaxError("hashes nested more than " + MAX_DEPTH + " deep", pos);
        }
        Map<String, Object> map = new LinkedHashMap<>();
        while (true) {
            skipSpace();
            if (peek() == '}') {
                pos++;
                depth--;
                return map;
            }
            if (peek() == ',') {
                pos++;
                continue;
            }
            String key = parseKey();
            map.put(key, parseValue());
        }
    }

    private String parseKey() {
        char c = peek();
        String key;
        if (c == ':') {
            pos++;
            key = peek() == '"' ? parseString() : identifier();
            skipSpace();
            expectArrow();
            return key;
        }
        if (c == '"') {
            key = parseString();
        } else if (Character.isDigit(c) || c == '-') {
            key = String.valueOf(parseNumber());
        } else {
            key = identifier();
        }
        skipSpace();
        if (peek() == ':') {
            pos++; // JSON and 3.4 style
        } else {
            expectArrow();
        }
        return key;
    }

    private void expectArrow() {
        if (pos + 1 < text.length() && text.charAt(pos) == '=' && text.charAt(pos + 1) == '>') {
            pos += 2;
            return;
        }
        throw new SyntaxError("expected '=>' or ':' after a key", pos);
    }

    private Object parseValue() {
        skipSpace();
        char c = peek();
        if (c == '{') {
            return parseHash();
        }
        if (c == '"') {
            return parseString();
        }
        if (c == ':') {
            pos++;
            return peek() == '"' ? parseString() : identifier();
        }
        if (Character.isDigit(c) || c == '-') {
            return parseNumber();
        }
        String word = identifier();
        return switch (word) {
            case "nil", "null" -> null;
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> word;
        };
    }

    private Number parseNumber() {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        boolean decimal = false;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (Character.isDigit(c) || c == '_') {
                pos++;
            } else if (c == '.' || c == 'e' || c == 'E' || c == '+' && decimal) {
                decimal = true;
                pos++;
            } else {
                break;
            }
        }
        String number = text.subSequence(start, pos).toString().replace("_", "");
        try {
            return decimal ? (Number) Double.parseDouble(number) : (Number) Long.parseLong(number);
        } catch (NumberFormatException e) {
            // quoted in part: a hostile "number" may be megabytes of digits
            throw new SyntaxError("not a number: " + (number.length() > 40 ? number.substring(0, 40) + "..." : number), start);
        }
    }

    private String parseString() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\\' && pos < text.length()) {
                c = text.charAt(pos++);
            }
            sb.append(c);
        }
        throw new SyntaxError("a string is not closed", pos);
    }

    private String identifier() {
        int start = pos;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (Character.isLetterOrDigit(c) || c == '_' || c == '?' || c == '!') {
                pos++;
            } else {
                break;
            }
        }
        if (start == pos) {
            throw new SyntaxError("unexpected " + (pos < text.length() ? "'" + text.charAt(pos) + "'" : "end of input"), pos);
        }
        return text.subSequence(start, pos).toString();
    }

    private void expect(char c) {
        if (peek() != c) {
            throw new SyntaxError("expected '" + c + "'", pos);
        }
        pos++;
    }

    private char peek() {
        if (pos >= text.length()) {
            throw new SyntaxError("the hash is not closed (cut?)", pos);
        }
        return text.charAt(pos);
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }
}
