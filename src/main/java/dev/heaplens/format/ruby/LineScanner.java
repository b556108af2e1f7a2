package dev.heaplens.format.ruby;

import dev.heaplens.util.Swar;

/**
 * The bytes of one dump line and the JSON primitives every part of the Ruby line parser uses:
 * spacing, expected bytes, strings (with the raw-string quirk of old dumps) and skipping any
 * value. Iterative and bounded: nesting is limited, every scan moves forward.
 */
abstract class LineScanner {
    byte[] buf;
    int lineStart;
    int end;

    final RubyRecord.ByteRange scratch = new RubyRecord.ByteRange();

    static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    static final byte[] NULL = {'n', 'u', 'l', 'l'};

    final boolean startsWith(int pos, byte[] word) {
        if (pos + word.length > end) {
            return false;
        }
        for (int i = 0; i < word.length; i++) {
            if (buf[pos + i] != word[i]) {
                return false;
            }
        }
        return true;
    }

    final int expect(int pos, char c) {
        if (pos >= end) {
            throw new Malformed("line ends where '" + c + "' was expected (truncated?)");
        }
        if (buf[pos] != c) {
            throw new Malformed("expected '" + c + "' at column " + column(pos));
        }
        return pos + 1;
    }

    final int skipSpace(int pos) {
        while (pos < end && (buf[pos] == ' ' || buf[pos] == '\t' || buf[pos] == '\r')) {
            pos++;
        }
        return pos;
    }

    final int skipSpaceBack(int p) {
        while (p >= lineStart && (buf[p] == ' ' || buf[p] == '\t' || buf[p] == '\r')) {
            p--;
        }
        return p;
    }

    final int column(int pos) {
        return pos - lineStart + 1;
    }

    final String ascii(int s, int e) {
        StringBuilder sb = new StringBuilder();
        for (int i = s; i < e && i < s + 40; i++) {
            int c = buf[i] & 0xff;
            sb.append(c >= 0x20 && c < 0x7f ? (char) c : '?');
        }
        return sb.toString();
    }

    static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    final boolean matchesAt(int at, byte[] word) {
        for (int j = 1; j < word.length; j++) {
            if (buf[at + j] != word[j]) {
                return false;
            }
        }
        return true;
    }

    final boolean is(int s, byte[] word) {
        for (int i = 0; i < word.length; i++) {
            if (buf[s + i] != word[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Parses a string value into {@code range}. JSON escaping first; when what follows the closing
     * quote cannot end a value, the string was written raw (old Rubies did so for file paths), so
     * it is taken up to the first quote that can end a value.
     */
    final int parseString(int pos, RubyRecord.ByteRange range) {
        if (pos >= end || buf[pos] != '"') {
            if (startsWith(pos, NULL)) {
                return pos + 4;
            }
            throw new Malformed("expected a string at column " + column(pos));
        }
        int start = pos + 1;
        boolean escaped = false;
        int quote = Swar.indexOf(buf, start, end, (byte) '"');
        if (quote >= 0 && Swar.indexOf(buf, start, quote, (byte) '\\') < 0 && endsValue(quote + 1)) {
            range.set(start, quote, false); // the common case: no escapes, found a word at a time
            return quote + 1;
        }
        int p = start;
        while (p < end) {
            byte b = buf[p];
            if (b == '"') {
                break;
            }
            if (b == '\\') {
                escaped = true;
                p++;
            }
            p++;
        }
        if (p < end && endsValue(p + 1)) {
            range.set(start, p, escaped);
            return p + 1;
        }
        for (p = start; p < end; p++) {
            if (buf[p] == '"' && endsValue(p + 1)) {
                range.set(start, p, false);
                return p + 1;
            }
        }
        throw new Malformed("unterminated string at column " + column(pos));
    }

    final boolean endsValue(int pos) {
        pos = skipSpace(pos);
        if (pos >= end) {
            return false;
        }
        byte b = buf[pos];
        return b == ',' || b == '}' || b == ']';
    }

    /**
     * Skips any JSON value: string, number, literal, array or object. Iterative, with the open
     * brackets kept in {@link #nesting}: deep nesting costs no stack frame and is bounded.
     */
    final int skipValue(int pos) {
        int depth = 0;
        int p = pos;
        while (true) {
            p = skipSpace(p);
            if (p >= end) {
                throw new Malformed("line ends where a value was expected (truncated?)");
            }
            byte b = buf[p];
            if (b == '[' || b == '{') {
                push(depth++, b == '[' ? (byte) ']' : (byte) '}');
                p = skipSpace(p + 1);
                if (p < end && buf[p] == nesting[depth - 1]) {
                    p++;
                    depth--;
                } else {
                    if (b == '{') {
                        p = skipSpace(expect(skipSpace(skipKey(p)), ':'));
                    }
                    continue; // the first element
                }
            } else if (b == '"') {
                p = parseString(p, scratch);
            } else {
                int s = p;
                while (p < end && isScalarByte(buf[p])) {
                    p++;
                }
                if (p == s) {
                    throw new Malformed("unexpected '" + (char) (b & 0xff) + "' at column " + column(s));
                }
            }
            // A value ended: close what it ends, or go on to the next element.
            while (true) {
                if (depth == 0) {
                    return p;
                }
                p = skipSpace(p);
                if (p >= end) {
                    throw new Malformed("line ends inside a value (truncated?)");
                }
                if (buf[p] == nesting[depth - 1]) {
                    p++;
                    depth--;
                    continue;
                }
                p = skipSpace(expect(p, ','));
                if (nesting[depth - 1] == '}') {
                    p = skipSpace(expect(skipSpace(skipKey(p)), ':'));
                }
                break;
            }
        }
    }

    /** Deeper values are malformed: Ruby writes at most two levels (a record holding flags). */
    static final int MAX_NESTING = 1024;

    /** The closing bracket of each open level in {@link #skipValue}; grows with the deepest line seen. */
    byte[] nesting = new byte[16];

    final void push(int depth, byte close) {
        if (depth == MAX_NESTING) {
            throw new Malformed("values nested more than " + MAX_NESTING + " deep");
        }
        if (depth == nesting.length) {
            nesting = java.util.Arrays.copyOf(nesting, nesting.length * 2);
        }
        nesting[depth] = close;
    }

    /** Skips an object key: a plain JSON string (keys never have the raw-string quirk). */
    final int skipKey(int pos) {
        int p = expect(pos, '"');
        while (p < end && buf[p] != '"') {
            p += buf[p] == '\\' ? 2 : 1;
        }
        if (p >= end) {
            throw new Malformed("unterminated key at column " + column(pos));
        }
        return p + 1;
    }

    static boolean isScalarByte(byte b) {
        return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z')
                || b == '-' || b == '+' || b == '.';
    }

    /** Hex digit values by byte; -1 for bytes that are not hex digits. */
    static final byte[] HEX = new byte[256];

    static {
        java.util.Arrays.fill(HEX, (byte) -1);
        for (int c = '0'; c <= '9'; c++) {
            HEX[c] = (byte) (c - '0');
        }
        for (int c = 'a'; c <= 'f'; c++) {
            HEX[c] = (byte) (c - 'a' + 10);
            HEX[c - 'a' + 'A'] = (byte) (c - 'a' + 10);
        }
    }

    static int hexDigit(byte b) {
        return HEX[b & 0xff];
    }

    static byte[] ascii(String word) {
        return word.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** Signals a malformed line; no stack trace, it is turned into a message at once. */
    static final class Malformed extends RuntimeException {
        Malformed(String message) {
            super(message, null, false, false);
        }
    }
}
