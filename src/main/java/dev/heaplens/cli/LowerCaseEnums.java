package dev.heaplens.cli;

import picocli.CommandLine;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Option values are written in lower case ({@code --by class}); so are the choices an error
 * lists and the defaults help shows. Upper case is accepted too.
 */
final class LowerCaseEnums<E extends Enum<E>> implements CommandLine.ITypeConverter<E> {
    private final Class<E> type;

    private LowerCaseEnums(Class<E> type) {
        this.type = type;
    }

    /**
     * Registers the converter for the type of every enum option and parameter of {@code cli} and
     * its subcommands, found by walking their specs, and shows enum defaults in lower case: a new
     * enum option needs no registration and no {@code toString}. Call once the subcommands are added.
     */
    static void registerAll(CommandLine cli) {
        Set<Class<?>> types = new LinkedHashSet<>();
        collect(cli, types);
        types.forEach(type -> registerOne(cli, type));
        cli.setDefaultValueProvider(arg -> arg.initialValue() instanceof Enum<?> e ? e.name().toLowerCase(Locale.ROOT) : null);
    }

    private static void collect(CommandLine cli, Set<Class<?>> types) {
        for (CommandLine.Model.ArgSpec arg : cli.getCommandSpec().args()) {
            if (arg.type().isEnum()) {
                types.add(arg.type());
            }
            for (Class<?> element : arg.auxiliaryTypes()) { // a list's elements (--by gem,class)
                if (element.isEnum()) {
                    types.add(element);
                }
            }
        }
        cli.getSubcommands().values().forEach(sub -> collect(sub, types));
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
