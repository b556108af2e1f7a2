package dev.heaplens.analysis.gc;

import java.util.Locale;

/** Numbers written into findings' evidence (the analysis layer cannot use report's formatting). */
final class Figures {
    private Figures() {
    }

    static String ms(long micros) {
        if (micros >= 10_000) {
            return String.format(Locale.ROOT, "%,d ms", Math.round(micros / 1000.0));
        }
        return String.format(Locale.ROOT, "%.2f ms", micros / 1000.0);
    }

    /**
     * Decimal megabytes ("96.8 MB"), the unit every heaplens report uses (report/Sizes), so that the
     * advice and the table beside it give one figure the same way. Flag values stay binary ({@link #flagSize}).
     */
    static String mb(double bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }

    static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** A size for a -X flag: whole MiB, rounded up to a multiple of 16 MiB ("-Xmn256m"). */
    static String flagSize(double bytes) {
        long mib = (long) Math.ceil(bytes / (1 << 20) / 16) * 16;
        return Math.max(16, mib) + "m";
    }
}
