package dev.heaplens.format.gclog;

/**
 * Where the parts of a unified-logging line start and what its message is, found from its first
 * bytes without decoding anything: the decorations are skipped, not read. Reused line after line;
 * the same test decides both which lines a reading thread keeps and what the parser does with
 * them, so the two cannot disagree.
 */
final class LineShape {
    /** The GC id of a "GC(n) ..." message, or -1. */
    int gcId;
    /** Generational ZGC's generation ('y' minor young, 'Y' major young, 'O' old), or 0. */
    char generation;
    /** Where the message starts after its GC id and generation. */
    int body;
    MessageKind kind;

    /** How far {@link #scan} read: no line end comes before it. */
    int scanned;

    /**
     * Reads a line's shape; false when it is not a unified-logging line with a message. {@code to}
     * is the line's end, or the end of a buffer holding it (the line then ends at its first line
     * end): what is told is the same, since no prefix looked for holds a line end.
     */
    boolean scan(byte[] b, int from, int to) {
        int m = Decorators.messageStart(b, from, to);
        scanned = Math.max(from, m);
        if (m < 0 || m >= to || b[m] == '\n') {
            return false;
        }
        gcId = -1;
        generation = 0;
        body = m;
        kind = MessageKind.NONE;
        if (to - m < 3 || b[m] != 'G' || b[m + 1] != 'C' || b[m + 2] != '(') {
            kind = MessageKind.ofOtherMessage(b, m, to);
            return true;
        }
        int q = m + 3;
        long id = 0;
        while (q < to && Ascii.isDigit(b[q]) && id <= Integer.MAX_VALUE) {
            id = id * 10 + (b[q++] - '0');
        }
        if (q == m + 3 || id > Integer.MAX_VALUE || q + 1 >= to || b[q] != ')' || b[q + 1] != ' ') {
            return true; // not a GC id: a line the parser ignores
        }
        gcId = (int) id;
        int p = q + 2;
        scanned = p;
        if (p + 2 < to && b[p + 1] == ':' && b[p + 2] == ' ' && (b[p] == 'y' || b[p] == 'Y' || b[p] == 'O')) {
            generation = (char) b[p];
            p += 3;
        }
        body = p;
        if (p < to) {
            kind = MessageKind.ofGcMessage(b, p, to);
        }
        return true;
    }
}
