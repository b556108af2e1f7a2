package dev.heaplens.cli;

import dev.heaplens.report.OutputFormat;
import picocli.CommandLine.Option;

/** {@code --format} of the commands that write tables: every output format. */
final class FormatOption {
    @Option(names = "--format", paramLabel = "FORMAT",
            description = "table, markdown, tsv, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format = OutputFormat.TABLE;

    /** tsv and csv carry rows only: their totals go to stderr. */
    boolean rowsOnly() {
        return format == OutputFormat.TSV || format == OutputFormat.CSV;
    }
}
