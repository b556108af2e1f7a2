package dev.heaplens.report;

import java.util.Locale;

/** Numbers as people read them: {@code 12.3 MB} (decimal units), {@code 1,234,567}. */
public final class Sizes {
    private Sizes() {
    }

    public static String bytes(long bytes) {
        return dev.heaplens.util.HumanBytes.of(bytes);
    }

    public static String count(long count) {
        return String.format(Locale.ROOT, "%,d", count);
    }

    /** {@code 1 line}, {@code 2 lines}, {@code 1,234 classes}: a count with its noun. */
    public static String plural(long count, String noun) {
        if (count == 1) {
            return "1 " + noun;
        }
        return count(count) + " " + (noun.endsWith("s") ? noun + "es" : noun + "s");
    }

    /** {@code part} as a percentage of {@code whole}, one decimal. */
    public static String percent(long part, long whole) {
        if (whole == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }

    /** Parses {@code 1500}, {@code 10KB}, {@code 2.5MB}, {@code 1GiB}... into bytes. */
    public static long parseBytes(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT).replace(" ", "").replace("_", "");
        int split = 0;
        while (split < t.length() && (Character.isDigit(t.charAt(split)) || t.charAt(split) == '.')) {
            split++;
        }
        if (split == 0) {
            throw new IllegalArgumentException("not a size: '" + text + "' (examples: 1500, 10KB, 2.5MB, 1GiB)");
        }
        double number;
        try {
            number = Double.parseDouble(t.substring(0, split));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a size: '" + text + "' (examples: 1500, 10KB, 2.5MB, 1GiB)");
        }
        String unit = t.substring(split);
        long factor = switch (unit) {
            case "", "B" -> 1L;
            case "K", "KB" -> 1000L;
            case "M", "MB" -> 1000L * 1000;
            case "G", "GB" -> 1000L * 1000 * 1000;
            case "T", "TB" -> 1000L * 1000 * 1000 * 1000;
            case "KIB" -> 1024L;
            case "MIB" -> 1024L * 1024;
            case "GIB" -> 1024L * 1024 * 1024;
            case "TIB" -> 1024L * 1024 * 1024 * 1024;
            default -> throw new IllegalArgumentException("unknown size unit '" + unit + "' in '" + text
                    + "' (use B, KB, MB, GB, TB or KiB, MiB, GiB, TiB)");
        };
        return Math.round(number * factor);
    }
}
