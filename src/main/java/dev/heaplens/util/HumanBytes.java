package dev.heaplens.util;

import java.util.Locale;

/** Byte counts as people read them ({@code 12.3 MB}, decimal units): for tables and for the sentences analyses write. */
public final class HumanBytes {
    private static final String[] UNITS = {"B", "KB", "MB", "GB", "TB", "PB"};

    private HumanBytes() {
    }

    public static String of(long bytes) {
        if (Math.abs(bytes) < 1000) {
            return bytes + " B";
        }
        double value = bytes;
        int unit = 0;
        while (Math.abs(value) >= 999.95 && unit < UNITS.length - 1) {
            value /= 1000;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, UNITS[unit]);
    }
}
