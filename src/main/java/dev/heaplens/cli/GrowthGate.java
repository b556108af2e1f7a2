package dev.heaplens.cli;

import dev.heaplens.report.Sizes;
import picocli.CommandLine.Option;

import java.util.Locale;

/**
 * The memory-regression gate for CI: {@code --fail-over SIZE} and {@code --fail-over-pct P}.
 * When the growth passes either, the command still prints its report, then says why on one
 * stderr line and exits {@link #EXIT_CODE}.
 */
final class GrowthGate {
    /** Exit code when growth is over a limit: not an error of heaplens or of the input. */
    static final int EXIT_CODE = 3;

    @Option(names = "--fail-over", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Exit with code 3 when the growth is more than SIZE (e.g. 10MB).")
    Long failOver;

    @Option(names = "--fail-over-pct", paramLabel = "P", converter = Converters.Percent.class,
            description = "Exit with code 3 when the growth is more than P percent of the first dump's bytes.")
    Double failOverPercent;

    /**
     * @param what   what grew, for the message ("memory", "leaked memory")
     * @param growth bytes grown
     * @param base   bytes of the first dump, for the percentage
     * @return 0, or {@link #EXIT_CODE} after printing the reason
     */
    int check(Console console, String what, long growth, long base) {
        double percent = base == 0 ? (growth > 0 ? Double.POSITIVE_INFINITY : 0) : 100.0 * growth / base;
        String amount = Sizes.bytes(growth) + " (" + growth + " bytes, "
                + String.format(Locale.ROOT, "%+.2f%%", percent) + " of " + Sizes.bytes(base) + ")";
        if (failOver != null && growth > failOver) {
            console.err().println("heaplens: " + what + " grew by " + amount + ", over --fail-over " + Sizes.bytes(failOver));
            return EXIT_CODE;
        }
        if (failOverPercent != null && percent > failOverPercent) {
            console.err().println("heaplens: " + what + " grew by " + amount + ", over --fail-over-pct " + failOverPercent);
            return EXIT_CODE;
        }
        return 0;
    }
}
