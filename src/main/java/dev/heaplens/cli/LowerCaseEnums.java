package dev.heaplens.cli;

import picocli.CommandLine;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Option values are written in lower case ({@code --by class}); so are the choices an error
 * lists. Upper case is accepted too.
 */
final class LowerCaseEnums<E extends Enum<E>> implements CommandLine.ITypeConverter<E> {
    private final Class<E> type;

    private LowerCaseEnums(Class<E> type) {
        this.type = type;
    }

    /** Registers the converter for every enum option type heaplens has. */
    @SafeVarargs
    static void register(CommandLine cli, Class<? extends Enum<?>>... types) {
        for (Class<? extends Enum<?>> type : types) {
            registerOne(cli, type);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void registerOne(CommandLine cli, Class type) {
        cli.registerConverter(type, new LowerCaseEnums(type));
    }

    @Override
    public E convert(String value) {
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(value)) {
                return constant;
            }
        }
        throw new CommandLine.TypeConversionException("expected one of " + choices() + " but was '" + value + "'");
    }

    private String choices() {
        return Arrays.stream(type.getEnumConstants()).map(c -> c.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(", "));
    }
}
