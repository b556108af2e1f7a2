package dev.heaplens.report;

/** How results are written; chosen once, at the command line. */
public enum OutputFormat {
    /** Aligned columns with human sizes, for a terminal. */
    TABLE,
    /** Markdown tables, for issues and chat. */
    MARKDOWN,
    /** Tab-separated exact integers with one header line, for scripts. */
    TSV,
    /** Comma-separated, RFC 4180 quoting, exact integers. */
    CSV,
    /** One JSON document with totals and groups, exact integers. */
    JSON;

    /** Lower case, as on the command line (and in --help defaults). */
    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
