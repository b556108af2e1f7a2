package dev.heaplens.report;

import java.util.Locale;

/** How GC reports write times: milliseconds with two decimals below 10 ms, seconds above 10 s. */
final class GcUnits {
    private GcUnits() {
    }

    static String duration(long micros) {
        if (micros < 0) {
            return "-";
        }
        if (micros >= 10_000_000) {
            return String.format(Locale.ROOT, "%.2f s", micros / 1e6);
        }
        if (micros >= 10_000) {
            return String.format(Locale.ROOT, "%.1f ms", micros / 1e3);
        }
        return String.format(Locale.ROOT, "%.3f ms", micros / 1e3);
    }

    static double ms(long micros) {
        return micros / 1000.0;
    }

    static String rate(double bytesPerSecond) {
        return bytesPerSecond < 0 ? "-" : Sizes.bytes(Math.round(bytesPerSecond)) + "/s";
    }

    static String bytes(long bytes) {
        return bytes < 0 ? "-" : Sizes.bytes(bytes);
    }

    static String share(double share) {
        return Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%.2f%%", share * 100);
    }

    static String decimal(double value) {
        return value < 0 ? "-" : String.format(Locale.ROOT, "%.1f", value);
    }

    /** A time stamp: seconds of uptime, or an ISO instant for wall-clock logs. */
    static String time(long micros, boolean uptime) {
        if (uptime) {
            return String.format(Locale.ROOT, "%.3fs", micros / 1e6);
        }
        return java.time.Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000), Math.floorMod(micros, 1_000_000) * 1000L)
                .toString();
    }
}
