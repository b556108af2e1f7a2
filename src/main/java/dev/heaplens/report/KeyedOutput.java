package dev.heaplens.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Several groupings of one read in one output (histogram or diff {@code --by gem,file,...}):
 * each key's table exactly as one key alone writes it. Text: the tables one after another, a blank
 * line between; Markdown: a heading over each; JSON: one document whose array holds each key's
 * document. (tsv and csv are one table with a {@code key} column; each renderer writes that.)
 */
final class KeyedOutput {
    private KeyedOutput() {
    }

    /** Writes tsv or csv rows of several keys into one table with a key column. */
    interface Delimited<T> {
        void write(List<T> results, StringBuilder out, char separator);
    }

    /**
     * The output of {@code results}, one per key: tsv and csv of several keys by {@code delimited},
     * anything else each result alone ({@code alone}) joined by {@link #join}.
     *
     * @param title a result's Markdown heading
     */
    static <T> String render(List<T> results, OutputFormat format, Function<T, String> title,
                             Function<T, String> alone, Delimited<T> delimited, String arrayName) {
        if (results.size() > 1 && (format == OutputFormat.TSV || format == OutputFormat.CSV)) {
            StringBuilder out = new StringBuilder();
            delimited.write(results, out, format == OutputFormat.TSV ? '\t' : ',');
            return out.toString();
        }
        List<String> titles = new ArrayList<>();
        List<String> singles = new ArrayList<>();
        for (T result : results) {
            titles.add(title.apply(result));
            singles.add(alone.apply(result));
        }
        return join(format, titles, singles, arrayName);
    }

    /**
     * @param titles    a heading per key, for Markdown
     * @param singles   each key's output alone, in {@code format}
     * @param arrayName the JSON array's name
     */
    static String join(OutputFormat format, List<String> titles, List<String> singles, String arrayName) {
        if (singles.size() == 1) {
            return singles.get(0);
        }
        StringBuilder out = new StringBuilder();
        switch (format) {
            case TABLE -> {
                for (int i = 0; i < singles.size(); i++) {
                    out.append(i > 0 ? "\n" : "").append(singles.get(i));
                }
            }
            case MARKDOWN -> {
                for (int i = 0; i < singles.size(); i++) {
                    out.append(i > 0 ? "\n" : "").append("### ").append(titles.get(i)).append("\n\n")
                            .append(singles.get(i));
                }
            }
            case JSON -> {
                out.append("{\"").append(arrayName).append("\":[");
                for (int i = 0; i < singles.size(); i++) {
                    String doc = singles.get(i);
                    out.append(i > 0 ? "," : "").append(doc, 0, doc.length() - 1); // without its newline
                }
                out.append("]}\n");
            }
            default -> throw new IllegalArgumentException(format + " is one table with a key column");
        }
        return out.toString();
    }
}
