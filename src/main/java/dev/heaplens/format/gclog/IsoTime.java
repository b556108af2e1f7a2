package dev.heaplens.format.gclog;

/**
 * Decodes {@code 2024-05-01T12:00:00.123+0000} (the JVM's time decorator and JDK 8's date stamps,
 * offset with or without a colon) to epoch microseconds without java.time's parsers.
 */
final class IsoTime {
    private IsoTime() {
    }

    /** Epoch microseconds, or Ascii.NONE if the text is not such a time. */
    static long epochMicros(byte[] b, int from, int to) {
        if (to - from < 19) {
            return Ascii.NONE;
        }
        int year = digits(b, from, 4);
        int month = digits(b, from + 5, 2);
        int day = digits(b, from + 8, 2);
        int hour = digits(b, from + 11, 2);
        int minute = digits(b, from + 14, 2);
        int second = digits(b, from + 17, 2);
        if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || minute < 0 || second < 0) {
            return Ascii.NONE;
        }
        int p = from + 19;
        long micros = 0;
        if (p < to && b[p] == '.') {
            int[] pos = {p};
            int start = ++pos[0];
            int scale = 0;
            while (pos[0] < to && Ascii.isDigit(b[pos[0]])) {
                if (scale < 6) {
                    micros = micros * 10 + (b[pos[0]] - '0');
                    scale++;
                }
                pos[0]++;
            }
            for (; scale < 6 && pos[0] > start; scale++) {
                micros *= 10;
            }
            p = pos[0];
        }
        long offsetSeconds = 0;
        if (p < to && (b[p] == '+' || b[p] == '-')) {
            int sign = b[p] == '-' ? -1 : 1;
            int oh = digits(b, p + 1, 2);
            int om = p + 3 < to && b[p + 3] == ':' ? digits(b, p + 4, 2) : digits(b, p + 3, 2);
            if (oh >= 0 && om >= 0) {
                offsetSeconds = sign * (oh * 3600L + om * 60L);
            }
        }
        long days = java.time.LocalDate.of(year, month, Math.min(day, 28)).toEpochDay() + Math.max(0, day - 28);
        long seconds = days * 86_400 + hour * 3600L + minute * 60L + second - offsetSeconds;
        return seconds * 1_000_000 + micros;
    }

    private static int digits(byte[] b, int from, int n) {
        int v = 0;
        for (int i = 0; i < n; i++) {
            if (from + i >= b.length || !Ascii.isDigit(b[from + i])) {
                return -1;
            }
            v = v * 10 + (b[from + i] - '0');
        }
        return v;
    }
}
