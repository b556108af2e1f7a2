package dev.heaplens.format.rubygc;

import dev.heaplens.gc.GcSamples;

import java.io.IOException;
import java.util.List;

/**
 * gc_tracer's log: a header naming the columns ({@code type}, {@code tick}, then GC.stat and
 * latest_gc_info keys), then three rows per GC ({@code start}, {@code end_mark}, {@code end_sweep}).
 * One snapshot is kept per GC: its {@code end_sweep} row (or every row when the log has none).
 * gc_tracer ends every cell with a tab, the last one too (ko1/gc_tracer, gc_logging.c).
 *
 * <p>The tick is the snapshot's time. gc_tracer's default tick type, {@code :time}, prints epoch
 * microseconds; {@code :nano_time} prints monotonic nanoseconds. A tick between the years 2000
 * and 2100 read as epoch microseconds is taken as one; any other as nanoseconds.
 */
final class GcTracerTsv {
    private static final long YEAR_2000_MICROS = 946_684_800_000_000L;
    private static final long YEAR_2100_MICROS = 4_102_444_800_000_000L;
    private static final java.util.Set<String> INFO_KEYS = java.util.Set.of("major_by", "gc_by", "have_finalizer",
            "immediate_sweep", "state", "need_major_by");

    private GcTracerTsv() {
    }

    /** The snapshots of a gc_tracer log: its end_sweep rows, or every row when it has none. */
    static GcSamples read(String name, BoundedLines reader, List<String> warnings, long[] lines)
            throws IOException {
        String header = reader.next();
        lines[0]++;
        String[] columns = header == null || header == BoundedLines.OVERLONG ? new String[0] : cells(header);
        int type = indexOf(columns, "type");
        int tick = indexOf(columns, "tick");
        // Every row goes to one series until the first end_sweep row; from then on, only end_sweep
        // rows go to another, and the first is dropped.
        GcSamples every = new GcSamples();
        GcSamples sweeps = new GcSamples();
        boolean hasEndSweep = false;
        long badLines = 0;
        String firstBad = null;
        String line;
        while ((line = reader.next()) != null) {
            lines[0]++;
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line == BoundedLines.OVERLONG ? new String[0] : cells(line);
            if (cells.length != columns.length) {
                if (badLines++ == 0) {
                    firstBad = "line " + lines[0] + (line == BoundedLines.OVERLONG
                            ? " is longer than " + (BoundedLines.LONGEST >> 20) + " MB"
                            : " has " + cells.length + " cells, the header " + columns.length);
                }
                continue;
            }
            boolean endSweep = type >= 0 && cells[type].equals("end_sweep");
            if (endSweep && !hasEndSweep) {
                hasEndSweep = true;
                every = null;
            }
            if (!hasEndSweep) {
                add(every, columns, type, tick, cells);
            } else if (endSweep) {
                add(sweeps, columns, type, tick, cells);
            }
        }
        if (badLines > 0) {
            warnings.add(name + ": " + firstBad + ": skipped" + (badLines > 1 ? " (and " + (badLines - 1)
                    + " more lines that do not fit the header)" : ""));
        }
        return hasEndSweep ? sweeps : every;
    }

    private static void add(GcSamples samples, String[] columns, int type, int tick, String[] cells) {
        long t = tick >= 0 ? parse(cells[tick]) : Long.MIN_VALUE;
        samples.add(t == Long.MIN_VALUE ? samples.size() : micros(t), t != Long.MIN_VALUE);
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

    /** A line's cells; the tab gc_tracer writes after the last cell ends it, and makes no empty cell. */
    private static String[] cells(String line) {
        String cells = line.endsWith("\t") ? line.substring(0, line.length() - 1) : line;
        return cells.split("\t", -1);
    }

    /** A tick in microseconds: epoch microseconds (the default tick type) as they are, nanoseconds divided. */
    static long micros(long tick) {
        return tick >= YEAR_2000_MICROS && tick < YEAR_2100_MICROS ? tick : tick / 1000;
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
