package dev.heaplens.format.ruby;

import java.util.Arrays;

/**
 * The {@code flags} objects a parser has checked and accepted ({@code {"wb_protected":true,
 * "old":true}}), recognised again at the end of a line by comparing bytes: the usual line's flags
 * are then neither searched back for nor scanned forward. Ruby writes the same keys in the same
 * order, so a dump has few distinct flags objects and most lines carry one of a handful. Only an
 * object whose one {@code {} is its first byte is kept: for it, the search back for the last
 * {@code {} of the line lands where the recognition does.
 */
final class KnownFlags {
    /** Objects kept; the first ones met stay (a dump's usual ones come early), the most used move forward. */
    private static final int MOST = 8;
    /** Longer objects are checked each time: the search back only looks this far (512 bytes) anyway. */
    private static final int LONGEST = 256;
    private final byte[][] texts = new byte[MOST][];
    private int size;

    /**
     * Where a kept object that ends at {@code buf[close]} starts (its {@code {}), when it starts at
     * {@code from} or after; else -1.
     */
    int startOfOneEndingAt(byte[] buf, int from, int close) {
        for (int k = 0; k < size; k++) {
            byte[] text = texts[k];
            int open = close + 1 - text.length;
            if (open >= from && Arrays.equals(buf, open, close + 1, text, 0, text.length)) {
                if (k > 0) { // one step forward: the objects most lines carry end up first
                    texts[k] = texts[k - 1];
                    texts[k - 1] = text;
                }
                return open;
            }
        }
        return -1;
    }

    /** Whether {@code buf[open, close]} is a kept object, byte for byte. */
    boolean isKept(byte[] buf, int open, int close) {
        int length = close + 1 - open;
        for (int k = 0; k < size; k++) {
            byte[] text = texts[k];
            if (text.length == length && Arrays.equals(buf, open, close + 1, text, 0, length)) {
                return true;
            }
        }
        return false;
    }

    /** Keeps {@code buf[open, close]}, an object the parser checked and accepted, when there is room and it qualifies. */
    void keep(byte[] buf, int open, int close) {
        int length = close + 1 - open;
        if (size == MOST || length > LONGEST || buf[open] != '{') {
            return;
        }
        for (int i = open + 1; i <= close; i++) {
            if (buf[i] == '{') {
                return;
            }
        }
        if (!isKept(buf, open, close)) {
            texts[size++] = Arrays.copyOfRange(buf, open, close + 1);
        }
    }
}
