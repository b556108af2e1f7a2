package dev.heaplens.format.rubygc;

import dev.heaplens.gc.GcSamples;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.List;

/**
 * gc_tracer's log: a header naming the columns ({@code type}, {@code tick}, then GC.stat and
 * latest_gc_info keys), then three rows per GC ({@code start}, {@code end_mark}, {@code end_sweep}).
 * One snapshot is kept per GC: its {@code end_sweep} row (or every row when the log has none).
 * The tick (nanoseconds by default) is the snapshot's time.
 */
final class GcTracerTsv {
    private static final java.util.Set<String> INFO_KEYS = java.util.Set.of("major_by", "gc_by", "have_finalizer",
            "immediate_sweep", "state", "need_major_by");

    private GcTracerTsv() {
    }

    static void read(String name, BufferedReader reader, GcSamples samples, List<String> warnings, long[] lines)
            throws IOException {
        String header = reader.readLine();
        lines[0]++;
        String[] columns = header.split("\t");
        int type = indexOf(columns, "type");
        int tick = indexOf(columns, "tick");
        String line;
        java.util.List<String[]> rows = new java.util.ArrayList<>();
        boolean hasEndSweep = false;
        while ((line = reader.readLine()) != null) {
            lines[0]++;
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.split("\t", -1);
            if (cells.length != columns.length) {
                warnings.add(name + ": line " + lines[0] + " has " + cells.length + " cells, the header " + columns.length
                        + ": skipped");
                continue;
            }
            hasEndSweep |= type >= 0 && cells[type].equals("end_sweep");
            rows.add(cells);
        }
        for (String[] cells : rows) {
            if (hasEndSweep && !cells[type].equals("end_sweep")) {
                continue;
            }
            long t = tick >= 0 ? parse(cells[tick]) : Long.MIN_VALUE;
            samples.add(t == Long.MIN_VALUE ? samples.size() : t / 1000, t != Long.MIN_VALUE);
            for (int c = 0; c < columns.length; c++) {
                if (c == type || c == tick) {
                    continue;
                }
                if (INFO_KEYS.contains(columns[c])) {
                    samples.setText("latest_gc_info." + columns[c], cells[c].isEmpty() || cells[c].equals("0") ? "nil" : cells[c]);
                    continue;
                }
                long v = parse(cells[c]);
                if (v != Long.MIN_VALUE) {
                    samples.set(RubyGcKeys.canonical(columns[c]), v);
                }
            }
        }
    }

    private static int indexOf(String[] columns, String name) {
        for (int i = 0; i < columns.length; i++) {
            if (columns[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private static long parse(String s) {
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return Long.MIN_VALUE;
        }
    }
}
