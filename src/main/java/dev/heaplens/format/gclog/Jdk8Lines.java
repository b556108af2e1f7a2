package dev.heaplens.format.gclog;

/**
 * The shapes of JDK 6, 7 and 8 GC log lines that are not a pause's text: time stamps before a
 * "[", the lines other detail options print in the middle of a pause, and the openings of pauses.
 */
final class Jdk8Lines {
    private Jdk8Lines() {
    }

    /**
     * Skips spaces and "date: " / "uptime: " stamps from {@code from}; returns where the next
     * non-stamp text starts.
     */
    static int skipStamps(byte[] b, int from, int to) {
        int p = from;
        while (p < to && (b[p] == ' ' || b[p] == '\t')) {
            p++;
        }
        while (p < to && (Ascii.isDigit(b[p]) || b[p] == '#')) { // "#12: " is -XX:+PrintGCID's
            int q = b[p] == '#' ? p + 1 : p;
            while (q < to && q - p < 40 && (Ascii.isDigit(b[q]) || b[q] == '.' || b[q] == ',' || b[q] == '-'
                    || b[q] == 'T' || b[q] == '+' || b[q] == ':' && !(q + 1 < to && b[q + 1] == ' '))) {
                q++;
            }
            if (q + 1 < to && b[q] == ':' && b[q + 1] == ' ') {
                p = q + 2;
            } else if (q + 1 == to && q < to && b[q] == ':') {
                return to;
            } else {
                return p;
            }
        }
        return p;
    }

    /**
     * Lines that detail options print between a pause's first line and its end, which are not part
     * of it: tenuring distribution, -XX:+PrintHeapAtGC blocks (their "[0x..)" ranges do not
     * balance), application stopped or running time.
     */
    static boolean isAside(byte[] b, int from, int to) {
        int p = from;
        while (p < to && b[p] == ' ') {
            p++;
        }
        return Ascii.startsWith(b, p, to, "Desired survivor size") || Ascii.startsWith(b, p, to, "- age ")
                || Ascii.startsWith(b, p, to, "{Heap before") || Ascii.startsWith(b, p, to, "Heap after")
                || Ascii.startsWith(b, p, to, "Total time for which") || Ascii.startsWith(b, p, to, "Application time:")
                || p < to && b[p] == '}' || Ascii.indexOf(b, p, to, "[0x") >= 0;
    }

    /** What a "[" group opening a pause is, from the text right after the "[". */
    enum Opening { NONE, GENERIC, G1_PAUSE, FULL, G1_REMARK, G1_CLEANUP, SHENANDOAH }

    static Opening opening(byte[] b, int at, int to) {
        if (Ascii.startsWith(b, at, to, "Pause ")) {
            return Opening.SHENANDOAH; // JDK 8's Shenandoah: "[Pause Init Mark, 3.341 ms]"
        }
        if (Ascii.startsWith(b, at, to, "Full GC")) {
            return Opening.FULL;
        }
        if (!Ascii.startsWith(b, at, to, "GC")) {
            return Opening.NONE;
        }
        int p = at + 2;
        if (Ascii.startsWith(b, p, to, " pause")) {
            return Opening.G1_PAUSE;
        }
        if (Ascii.startsWith(b, p, to, " remark")) {
            return Opening.G1_REMARK;
        }
        if (Ascii.startsWith(b, p, to, " cleanup")) {
            return Opening.G1_CLEANUP;
        }
        if (Ascii.startsWith(b, p, to, " concurrent") || Ascii.startsWith(b, p, to, " Worker")
                || Ascii.startsWith(b, p, to, " ref-proc") || Ascii.startsWith(b, p, to, " Locker")) {
            return Opening.NONE; // G1's concurrent phases and pause details
        }
        // "[GC (cause)", "[GC [PSYoungGen", "[GC-- [PSYoungGen", JDK 7's "[GC[YG occupancy", "[GC2014-..: [ParNew",
        // "[GC 65536K->..." (PrintGC), "[GCBefore GC:" (PrintFLSStatistics), "[GC" ending the line (tenuring)
        return Opening.GENERIC;
    }

    /** Whether the line looks like a GC pause to a reader: it names "[GC" or "[Full GC". */
    static boolean looksLikeGc(byte[] b, int from, int to) {
        return Ascii.indexOf(b, from, to, "[GC") >= 0 || Ascii.indexOf(b, from, to, "[Full GC") >= 0;
    }

    /** The text of the parenthesised group at {@code at} (after spaces), or null. */
    static String cause(byte[] b, int at, int end) {
        while (at < end && b[at] == ' ') {
            at++;
        }
        if (at >= end || b[at] != '(') {
            return null;
        }
        int depth = 0;
        for (int i = at; i < end; i++) {
            if (b[i] == '(') {
                depth++;
            } else if (b[i] == ')' && --depth == 0) {
                return Ascii.text(b, at + 1, i);
            }
        }
        return null;
    }

    /** The last "N.NNN {unit}" of the pause's own text, as the number × 10^6 (microseconds for " secs"). */
    static long duration(byte[] b, int end, String unit) {
        int secs = -1;
        for (int p = 0; (p = Ascii.indexOf(b, p, end, unit)) >= 0; p += unit.length()) {
            secs = p;
        }
        if (secs < 0) {
            return Ascii.NONE;
        }
        int start = secs;
        while (start > 0 && (Ascii.isDigit(b[start - 1]) || b[start - 1] == '.' || b[start - 1] == ',')) {
            start--;
        }
        int[] p = {start};
        long micros = Ascii.decimal(b, p, secs, 6);
        return p[0] == secs ? micros : Ascii.NONE;
    }
}
