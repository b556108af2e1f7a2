package dev.heaplens.cli;

import dev.heaplens.report.Sizes;
import picocli.CommandLine;

/**
 * Reads a heap size as the JVM's {@code -Xmx} does: {@code 256m}, {@code 4g}, {@code 512k} in
 * binary units; {@code 1.5GiB} or {@code 500MB} as {@link Sizes#parseBytes} reads them.
 */
final class MemoryConverter implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        String t = value.trim();
        if (t.matches("\\d+[kKmMgGtT]")) {
            long n = Long.parseLong(t.substring(0, t.length() - 1));
            int shift = switch (Character.toLowerCase(t.charAt(t.length() - 1))) {
                case 'k' -> 10;
                case 'm' -> 20;
                case 'g' -> 30;
                default -> 40;
            };
            if (n > (Long.MAX_VALUE >> shift)) {
                throw new CommandLine.TypeConversionException("too large: '" + value + "'");
            }
            return n << shift;
        }
        try {
            return Sizes.parseBytes(t);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage() + " (or as -Xmx takes it: 256m, 4g)");
        }
    }
}
