package dev.heaplens.format.gclog;

/**
 * The {@code [..]} decorations in front of a unified-logging line, whatever the -Xlog decorator
 * set: uptime ({@code 0.123s}), uptimemillis ({@code 123ms}), uptimenanos ({@code 123456ns}),
 * time ({@code 2024-05-01T12:00:00.123+0000}), timemillis, timenanos, level, tags, pid, tid,
 * hostname. Only the two clocks are kept (as spans, decoded on demand); the rest are skipped.
 * Reused line after line.
 */
final class Decorators {
    /** Epoch-millis values above this are wall clock; below, uptime (3 years). */
    private static final long EPOCH_MILLIS_FLOOR = 100_000_000_000L;

    int messageStart;
    private long uptimeMicros;
    private long wallMicros;
    private byte[] buf;
    private int uptimeFrom = -1;
    private int uptimeTo;
    private int wallFrom = -1;
    private int wallTo;
    private boolean wallIso;

    /**
     * Where the message of a line starts: after its run of {@code [..]} decorations and one space;
     * -1 when the line has no decorations. Stops at a line end, so {@code to} may also be the end
     * of a buffer that holds the line and more.
     */
    static int messageStart(byte[] b, int from, int to) {
        int p = from;
        while (p < to && b[p] == '[') {
            int close = p + 1;
            while (close < to && b[close] != ']' && b[close] != '\n') {
                close++;
            }
            if (close == to || b[close] == '\n') {
                break;
            }
            p = close + 1;
        }
        if (p == from) {
            return -1;
        }
        return p < to && b[p] == ' ' ? p + 1 : p;
    }

    /** Finds the message of a line and its clocks; false when the line has no decorations. */
    boolean parse(byte[] b, int from, int to) {
        buf = b;
        uptimeFrom = -1;
        wallFrom = -1;
        uptimeMicros = Ascii.NONE;
        wallMicros = Ascii.NONE;
        int m = messageStart(b, from, to);
        if (m < 0) {
            return false;
        }
        for (int p = from; p < m && b[p] == '['; ) {
            int close = p + 1;
            while (b[close] != ']') {
                close++;
            }
            classify(b, p + 1, close);
            p = close + 1;
        }
        messageStart = m;
        return true;
    }

    private void classify(byte[] b, int from, int to) {
        if (from >= to || !Ascii.isDigit(b[from])) {
            return; // level, tags, hostname
        }
        int last = to - 1;
        if (to - from >= 19 && b[from + 4] == '-' && b[from + 10] == 'T') {
            wallFrom = from;
            wallTo = to;
            wallIso = true;
        } else if (b[last] == 's' && to - from >= 2) {
            boolean millis = b[last - 1] == 'm';
            boolean nanos = b[last - 1] == 'n';
            if (!millis && !nanos) {
                uptimeFrom = from;
                uptimeTo = to;
                return;
            }
            // uptimemillis and timemillis look alike: the size tells them apart
            int digits = last - 1 - from;
            boolean wall = millis ? digits >= 12 : digits >= 18;
            if (wall) {
                wallFrom = from;
                wallTo = to;
                wallIso = false;
            } else {
                uptimeFrom = from;
                uptimeTo = to;
            }
        }
    }

    boolean hasUptime() {
        return uptimeFrom >= 0;
    }

    boolean hasWall() {
        return wallFrom >= 0;
    }

    /** The uptime decoration in microseconds, or NONE. */
    long uptimeMicros() {
        if (uptimeFrom < 0) {
            return Ascii.NONE;
        }
        if (uptimeMicros == Ascii.NONE) {
            uptimeMicros = Ascii.durationMicros(buf, uptimeFrom, uptimeTo);
        }
        return uptimeMicros;
    }

    /** The wall-clock decoration in epoch microseconds, or NONE. */
    long wallMicros() {
        if (wallFrom < 0) {
            return Ascii.NONE;
        }
        if (wallMicros == Ascii.NONE) {
            wallMicros = wallIso ? IsoTime.epochMicros(buf, wallFrom, wallTo)
                    : Ascii.durationMicros(buf, wallFrom, wallTo);
        }
        return wallMicros;
    }

    static boolean looksLikeEpochMillis(long millis) {
        return millis >= EPOCH_MILLIS_FLOOR;
    }
}
