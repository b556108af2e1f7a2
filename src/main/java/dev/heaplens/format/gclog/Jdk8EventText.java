package dev.heaplens.format.gclog;

import java.util.Arrays;

/**
 * The text of one JDK 8 (or 6, 7) pause, from its opening "[" to the matching "]", joined over
 * the lines it was split across (tenuring distribution, adaptive size policy and concurrent
 * phases print in the middle of a pause). Once closed it is seen as nested groups: the pause's
 * own text (its nested groups blanked out) holds its cause, heap and total time; each direct
 * child ("[ParNew: ...]", "[CMS: ...]") holds a generation's figures. Grandchildren (reference
 * processing, a concurrent phase printed inside the young collection, "[Times: ...]") are blanked
 * out of their parent, so their times are never taken for the pause's.
 */
final class Jdk8EventText {
    /** A pause text longer than this is not one (a cut pause swallowing later lines): dropped. */
    static final int LONGEST = 64 << 10;

    private byte[] text = new byte[1024];
    private int length;
    private int depth;
    private int lines;

    /** The pause's own text (children blanked) and each child's [from, to) in {@link #own}. */
    byte[] own = new byte[1024];
    int ownLength;
    int[] childFrom = new int[16];
    int[] childTo = new int[16];
    int children;
    /** Each child's own text, blanked of grandchildren, one after another in {@link #childText}. */
    byte[] childText = new byte[1024];

    boolean open() {
        return lines > 0;
    }

    /**
     * Starts a pause at {@code b[from]} (its "["); returns the index after its closing "]" when it
     * closes on this line, else -1.
     */
    int start(byte[] b, int from, int to) {
        length = 0;
        depth = 0;
        lines = 0;
        return append(b, from, to);
    }

    /** Appends a continuation line up to the pause's closing "]"; returns the index after it, or -1. */
    int append(byte[] b, int from, int to) {
        if (lines > 0) {
            put((byte) '\n');
        }
        lines++;
        for (int i = from; i < to; i++) {
            byte c = b[i];
            put(c);
            if (c == '[') {
                depth++;
            } else if (c == ']' && --depth == 0) {
                lines = 0;
                split();
                return i + 1;
            }
        }
        return -1;
    }

    /** True when the open text grew past {@link #LONGEST}: the caller drops it. */
    boolean tooLong() {
        return length > LONGEST;
    }

    void drop() {
        lines = 0;
        length = 0;
    }

    boolean contains(String word) {
        return Ascii.indexOf(text, 0, length, word) >= 0;
    }

    /** The first bytes of the text, for a warning. */
    String head() {
        return Ascii.text(text, 0, Math.min(length, 120)).replace('\n', ' ');
    }

    private void put(byte c) {
        if (length == text.length) {
            text = Arrays.copyOf(text, text.length * 2);
        }
        text[length++] = c;
    }

    /** Fills {@link #own} and the children from the closed text (its first byte is the opening "["). */
    private void split() {
        own = ensure(own, length);
        childText = ensure(childText, length);
        ownLength = 0;
        children = 0;
        int childLength = 0;
        int d = 0;
        for (int i = 1; i < length - 1; i++) {
            byte c = text[i];
            if (c == '[') {
                d++;
                if (d == 1) {
                    own[ownLength++] = ' ';
                    if (children == childFrom.length) {
                        childFrom = Arrays.copyOf(childFrom, children * 2);
                        childTo = Arrays.copyOf(childTo, children * 2);
                    }
                    childFrom[children] = childLength;
                }
                continue;
            }
            if (c == ']') {
                if (d == 1) {
                    childTo[children++] = childLength;
                }
                d = Math.max(0, d - 1);
                continue;
            }
            if (d == 0) {
                own[ownLength++] = c;
            } else if (d == 1) {
                childText[childLength++] = c;
            }
        }
        if (d > 0) { // a child left open inside a closed pause ("[0x..)" of a heap line): close it
            childTo[children++] = childLength;
        }
    }

    private static byte[] ensure(byte[] b, int n) {
        return b.length >= n ? b : new byte[Math.max(n, b.length * 2)];
    }
}
