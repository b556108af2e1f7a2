package dev.heaplens.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Rows of cells under a header, written as aligned text, Markdown, or delimited values. Numeric
 * columns are right-aligned.
 */
public final class Table {
    private final List<String> headers;
    private final boolean[] rightAligned;
    private final List<List<String>> rows = new ArrayList<>();
    /** Rows from here on are footers (totals): never written as code. */
    private int firstFooter = Integer.MAX_VALUE;
    private int codeColumn = -1;

    public Table(List<String> headers, boolean... rightAligned) {
        this.headers = List.copyOf(headers);
        this.rightAligned = rightAligned.clone();
        if (rightAligned.length != headers.size()) {
            throw new IllegalArgumentException("one alignment per column");
        }
    }

    /** Adds a footer row (totals, "more groups"): written like a row, but never as code. */
    public Table footer(String... cells) {
        firstFooter = Math.min(firstFooter, rows.size());
        return row(cells);
    }

    /** Writes the cells of {@code column} of the rows (not footers) as code spans in Markdown. */
    public Table codeColumn(int column) {
        this.codeColumn = column;
        return this;
    }

    public Table row(String... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("expected " + headers.size() + " cells");
        }
        rows.add(List.of(cells));
        return this;
    }

    /** The cells as shown on a terminal: control characters from the heap escaped. */
    private static List<String> shown(List<String> row) {
        String[] cells = new String[row.size()];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = TerminalText.escape(row.get(i));
        }
        return List.of(cells);
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** Aligned columns separated by two spaces; the last column is never padded. */
    public void writeAligned(StringBuilder out) {
        int[] widths = new int[headers.size()];
        List<List<String>> shownRows = rows.stream().map(Table::shown).toList();
        measure(headers, widths);
        shownRows.forEach(r -> measure(r, widths));
        writeAlignedRow(out, headers, widths);
        for (List<String> row : shownRows) {
            writeAlignedRow(out, row, widths);
        }
    }

    public void writeMarkdown(StringBuilder out) {
        out.append('|');
        headers.forEach(h -> out.append(' ').append(escapeMarkdown(h)).append(" |"));
        out.append('\n').append('|');
        for (boolean right : rightAligned) {
            out.append(right ? "---:|" : "---|");
        }
        out.append('\n');
        for (int r = 0; r < rows.size(); r++) {
            List<String> row = rows.get(r);
            out.append('|');
            for (int i = 0; i < row.size(); i++) {
                String cell = row.get(i);
                boolean code = i == codeColumn && r < firstFooter;
                out.append(' ').append(code ? codeSpan(cell) : escapeMarkdown(cell)).append(" |");
            }
            out.append('\n');
        }
    }

    /** Tab- or comma-separated; with commas, cells are quoted as RFC 4180 asks. */
    public void writeDelimited(StringBuilder out, char separator) {
        writeDelimitedRow(out, headers, separator);
        rows.forEach(r -> writeDelimitedRow(out, r, separator));
    }

    private static void measure(List<String> row, int[] widths) {
        for (int i = 0; i < row.size(); i++) {
            widths[i] = Math.max(widths[i], row.get(i).codePointCount(0, row.get(i).length()));
        }
    }

    private void writeAlignedRow(StringBuilder out, List<String> row, int[] widths) {
        int start = out.length();
        for (int i = 0; i < row.size(); i++) {
            String cell = row.get(i);
            int pad = widths[i] - cell.codePointCount(0, cell.length());
            boolean last = i == row.size() - 1;
            if (i > 0) {
                out.append("  ");
            }
            if (rightAligned[i]) {
                out.append(" ".repeat(pad)).append(cell);
            } else {
                out.append(cell);
                if (!last) {
                    out.append(" ".repeat(pad));
                }
            }
        }
        while (out.length() > start && out.charAt(out.length() - 1) == ' ') {
            out.setLength(out.length() - 1);
        }
        out.append('\n');
    }

    private static void writeDelimitedRow(StringBuilder out, List<String> row, char separator) {
        for (int i = 0; i < row.size(); i++) {
            if (i > 0) {
                out.append(separator);
            }
            String cell = row.get(i);
            if (separator == ',') {
                out.append(csvCell(cell));
            } else {
                out.append(TerminalText.escape(cell.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ')));
            }
        }
        out.append('\n');
    }

    private static String csvCell(String cell) {
        if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0) {
            return cell;
        }
        return '"' + cell.replace("\"", "\"\"") + '"';
    }

    private static String escapeMarkdown(String cell) {
        return TerminalText.escape(cell.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " "));
    }

    /**
     * A Markdown code span: backslashes are literal inside one, so only the table's own
     * {@code |} is escaped; a cell holding backticks gets a double fence.
     */
    private static String codeSpan(String cell) {
        String text = TerminalText.escape(cell.replace("|", "\\|").replace("\n", " "));
        return text.contains("`") ? "`` " + text + " ``" : "`" + text + "`";
    }
}
