package dev.heaplens.report;

import dev.heaplens.sql.QueryResult;

import java.math.BigDecimal;
import java.util.List;

/**
 * A SQL query's rows in each output format: exact values in all of them (a query chooses its own
 * units); NULL in tables, an empty cell in tsv and csv, null in JSON.
 */
public final class QueryRenderer {
    private QueryRenderer() {
    }

    public static String render(QueryResult result, OutputFormat format) {
        StringBuilder out = new StringBuilder();
        if (format == OutputFormat.JSON) {
            json(result, out);
            return out.toString();
        }
        boolean[] right = new boolean[result.columns().size()];
        for (int i = 0; i < right.length; i++) {
            right[i] = result.numeric().get(i);
        }
        Table table = new Table(result.columns(), right);
        boolean delimited = format == OutputFormat.TSV || format == OutputFormat.CSV;
        for (List<Object> row : result.rows()) {
            String[] cells = new String[row.size()];
            for (int i = 0; i < cells.length; i++) {
                Object v = row.get(i);
                cells[i] = v == null ? (delimited ? "" : "NULL") : text(v);
            }
            table.row(cells);
        }
        switch (format) {
            case TABLE -> table.writeAligned(out);
            case MARKDOWN -> table.writeMarkdown(out);
            case TSV -> table.writeDelimited(out, '\t');
            default -> table.writeDelimited(out, ',');
        }
        return out.toString();
    }

    private static String text(Object v) {
        return v instanceof BigDecimal d ? d.toPlainString() : v.toString();
    }

    private static void json(QueryResult result, StringBuilder out) {
        JsonWriter w = new JsonWriter(out).beginObject();
        w.name("columns").beginArray();
        result.columns().forEach(w::value);
        w.endArray();
        w.name("rows").beginArray();
        for (List<Object> row : result.rows()) {
            w.beginObject();
            for (int i = 0; i < row.size(); i++) {
                w.name(result.columns().get(i));
                Object v = row.get(i);
                if (v instanceof Long l) {
                    w.value((long) l);
                } else if (v instanceof Double d) {
                    w.value((double) d);
                } else if (v instanceof Boolean b) {
                    w.value((boolean) b);
                } else if (v instanceof BigDecimal d) {
                    w.value(d);
                } else {
                    w.value((String) v);
                }
            }
            w.endObject();
        }
        w.endArray();
        w.name("more_rows").value(result.moreRows());
        w.endObject();
        out.append('\n');
    }
}
