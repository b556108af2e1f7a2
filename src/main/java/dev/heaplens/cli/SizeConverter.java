package dev.heaplens.cli;

import dev.heaplens.report.Sizes;
import picocli.CommandLine;

/** Reads sizes such as {@code 4096}, {@code 10KB} or {@code 1.5GiB} from the command line. */
final class SizeConverter implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        try {
            return Sizes.parseBytes(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
