package dev.heaplens.cli;

import picocli.CommandLine.Option;

/** {@code --top N}: how many rows a command shows; each command sets its own default. */
final class TopOption {
    @Option(names = "--top", paramLabel = "N", converter = Converters.NonNegative.class,
            description = "How many groups or objects to show (default: ${DEFAULT-VALUE}).")
    int top;

    TopOption(int defaultTop) {
        this.top = defaultTop;
    }

    /** At least one row, for the commands where 0 would show nothing. */
    int atLeastOne() {
        return Math.max(1, top);
    }
}
