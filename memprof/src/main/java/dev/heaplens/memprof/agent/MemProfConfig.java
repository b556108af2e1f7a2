package dev.heaplens.memprof.agent;

import java.util.Locale;

/**
 * The profiler's settings, each read once at start from the system property or, when that is not
 * set, the environment variable of the same name (the property wins: it is the more specific).
 */
public record MemProfConfig(long minBytes, boolean printAtExit, int refLevel, int refLimit, int stackDepth,
                            int stackSkip, long sampleBytes, int minGcs, boolean printCost) {

    public static MemProfConfig fromEnvironment() {
        return new MemProfConfig(
                number("MEMPROF_MIN_BYTES", 1024),
                "1".equals(setting("MEMPROF_PRINT_AT_EXIT")),
                (int) number("MEMPROF_REF_LEVEL", 5),
                (int) number("MEMPROF_REF_LIMIT", 10),
                (int) Math.max(1, number("MEMPROF_STACK_DEPTH", 5)),
                (int) number("MEMPROF_STACK_SKIP", 0),
                number("MEMPROF_SAMPLE_BYTES", 0),
                (int) number("MEMPROF_MIN_GCS", 0),
                "1".equals(setting("MEMPROF_PRINT_COST")));
    }

    private static String setting(String name) {
        String value = System.getProperty(name);
        return value != null ? value : System.getenv(name);
    }

    private static long number(String name, long fallback) {
        String text = setting(name);
        if (text == null || text.isBlank()) {
            return fallback;
        }
        try {
            long value = Long.parseLong(text.trim());
            if (value < 0) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("heaplens-memprof: " + name + " must be a whole number >= 0, not '"
                    + text + "'");
        }
    }

    /** One line for the start-up message and the README's examples. */
    public String describe() {
        return String.format(Locale.ROOT, "min bytes %d, stack depth %d, skip %d, %s%s", minBytes, stackDepth,
                stackSkip, sampleBytes == 0 ? "exact" : "sampling 1 per " + sampleBytes + " bytes",
                minGcs > 0 ? ", objects that survived " + minGcs + " GCs" : "");
    }
}
