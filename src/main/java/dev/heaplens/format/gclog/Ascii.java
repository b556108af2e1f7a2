package dev.heaplens.format.gclog;

/**
 * Reads numbers, sizes and durations straight from log bytes (no String, no regex: these run on
 * every interesting line of multi-GB logs). Positions are returned through a one-slot cursor.
 */
final class Ascii {
    static final long NONE = Long.MIN_VALUE;

    private Ascii() {
    }

    static boolean startsWith(byte[] b, int from, int to, String prefix) {
        int n = prefix.length();
        if (to - from < n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (b[from + i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The ASCII bytes of a constant. */
    static byte[] bytes(String ascii) {
        return ascii.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    static boolean startsWith(byte[] b, int from, int to, byte[] prefix) {
        int n = prefix.length;
        if (to - from < n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (b[from + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** Index of {@code word} in [from, to), or -1. */
    static int indexOf(byte[] b, int from, int to, String word) {
        int n = word.length();
        char first = word.charAt(0);
        outer:
        for (int i = from; i + n <= to; i++) {
            if (b[i] != first) {
                continue;
            }
            for (int j = 1; j < n; j++) {
                if (b[i + j] != word.charAt(j)) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    static String text(byte[] b, int from, int to) {
        return new String(b, from, to - from, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /**
     * A decimal number with an optional fraction, scaled by 10^{@code fractionDigits} (so "3.456"
     * with 3 gives 3456), starting at {@code pos[0]}; {@code pos[0]} moves past it. NONE if no digit.
     */
    static long decimal(byte[] b, int[] pos, int to, int fractionDigits) {
        int i = pos[0];
        long whole = 0;
        int start = i;
        while (i < to && isDigit(b[i])) {
            whole = whole * 10 + (b[i++] - '0');
        }
        if (i == start || i - start > 15) {
            return NONE; // no number, or too long to scale without overflow: not a value a GC log holds
        }
        long value = whole;
        int digits = 0;
        if (i < to && (b[i] == '.' || b[i] == ',') && i + 1 < to && isDigit(b[i + 1])) {
            i++;
            while (i < to && isDigit(b[i])) {
                if (digits < fractionDigits) {
                    value = value * 10 + (b[i] - '0');
                    digits++;
                }
                i++;
            }
        }
        for (; digits < fractionDigits; digits++) {
            value *= 10;
        }
        pos[0] = i;
        return value;
    }

    /**
     * A duration like {@code 3.456ms}, {@code 0.002s}, {@code 12us} or {@code 5ns} spanning exactly
     * [from, to), in microseconds; NONE if the token is not one.
     */
    static long durationMicros(byte[] b, int from, int to) {
        int[] pos = {from};
        long nanos = decimal(b, pos, to, 9); // the number × 10^9, in its unit
        if (nanos == NONE || nanos < 0) {
            return NONE;
        }
        int u = pos[0];
        int unitLength = to - u;
        if (unitLength == 2 && b[u] == 'm' && b[u + 1] == 's') {
            return nanos / 1_000_000L;
        }
        if (unitLength == 1 && b[u] == 's') {
            return nanos / 1000;
        }
        if (unitLength == 2 && b[u] == 'u' && b[u + 1] == 's') {
            return nanos / 1_000_000_000L;
        }
        if (unitLength == 2 && b[u] == 'n' && b[u + 1] == 's') {
            return nanos / 1_000_000_000_000L;
        }
        return NONE;
    }

    /**
     * A size like {@code 24M}, {@code 1953K}, {@code 3G} or {@code 512B} at {@code pos[0]} (binary
     * units, as the JVM prints them), in bytes; {@code pos[0]} moves past it. NONE if not one.
     */
    static long size(byte[] b, int[] pos, int to) {
        int start = pos[0];
        long thousandths = decimal(b, pos, to, 3);
        if (thousandths == NONE || pos[0] >= to) {
            pos[0] = start;
            return NONE;
        }
        long unit = switch (b[pos[0]]) {
            case 'B' -> 1L;
            case 'K' -> 1L << 10;
            case 'M' -> 1L << 20;
            case 'G' -> 1L << 30;
            case 'T' -> 1L << 40;
            default -> 0L;
        };
        if (unit == 0) {
            pos[0] = start;
            return NONE;
        }
        pos[0]++;
        if (pos[0] < to && b[pos[0]] == 'B') {
            pos[0]++; // "KB", "MB" in some JDK 8 lines
        }
        return thousandths * unit / 1000;
    }

    /** Skips a parenthesised group at {@code pos[0]} if there is one. */
    static void skipGroup(byte[] b, int[] pos, int to) {
        if (pos[0] < to && b[pos[0]] == '(') {
            int i = pos[0];
            while (i < to && b[i] != ')') {
                i++;
            }
            pos[0] = Math.min(to, i + 1);
        }
    }

    /**
     * "BEFORE[(x)]->AFTER[(CAPACITY)]" at {@code pos[0]}: fills {@code out} with before, after and
     * capacity (NONE where absent); false when the text is not a transition.
     */
    static boolean transition(byte[] b, int[] pos, int to, long[] out) {
        int start = pos[0];
        long before = size(b, pos, to);
        if (before == NONE) {
            return false;
        }
        skipGroup(b, pos, to);
        if (pos[0] + 2 > to || b[pos[0]] != '-' || b[pos[0] + 1] != '>') {
            pos[0] = start;
            return false;
        }
        pos[0] += 2;
        long after = size(b, pos, to);
        if (after == NONE) {
            pos[0] = start;
            return false;
        }
        long capacity = NONE;
        if (pos[0] < to && b[pos[0]] == '(') {
            int[] inner = {pos[0] + 1};
            capacity = size(b, inner, to);
            if (capacity != NONE && inner[0] < to && b[inner[0]] == ')') {
                pos[0] = inner[0] + 1;
            } else {
                capacity = NONE; // a percentage, as ZGC prints
                skipGroup(b, pos, to);
            }
        }
        out[0] = before;
        out[1] = after;
        out[2] = capacity;
        return true;
    }
}
