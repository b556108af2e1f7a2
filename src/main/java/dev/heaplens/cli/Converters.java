package dev.heaplens.cli;

import picocli.CommandLine;

/** Option values checked as they are read, so a bad one fails in one line with exit 2 before any work. */
final class Converters {
    private Converters() {
    }

    /** A count that may be 0 ({@code --top 0} for all) but not negative. */
    static final class NonNegative implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            int n = integer(value);
            if (n < 0) {
                throw new CommandLine.TypeConversionException("'" + value + "' is negative; give 0 or more");
            }
            return n;
        }
    }

    /** A count of at least 1 (threads). */
    static final class Positive implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            int n = integer(value);
            if (n < 1) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a positive number; give 1 or more");
            }
            return n;
        }
    }

    /** A TCP port: 0 (a free one) to 65535. */
    static final class Port implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            int n = integer(value);
            if (n < 0 || n > 65_535) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a port; give 1 to 65535, or 0 for a free one");
            }
            return n;
        }
    }

    /** A percentage: a finite number, 0 or more (no NaN, Infinity or overflow like 1e999). */
    static final class Percent implements CommandLine.ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double p;
            try {
                p = Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a number");
            }
            if (!Double.isFinite(p) || p < 0) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a finite percentage of 0 or more");
            }
            return p;
        }
    }

    private static int integer(String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a whole number");
        }
    }
}
