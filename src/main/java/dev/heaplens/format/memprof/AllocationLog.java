package dev.heaplens.format.memprof;

import dev.heaplens.HeaplensException;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The tab-separated allocation log of heaplens-memprof (Crystal MemProf's {@code log_allocations}):
 * the first line is the number of lines that follow, then one line per call stack,
 * {@code count<TAB>total_bytes<TAB>frame1<TAB>frame2...}, in no particular order.
 */
public final class AllocationLog {
    private AllocationLog() {
    }

    public static String format(List<AllocationGroup> groups) {
        StringBuilder out = new StringBuilder();
        out.append(groups.size()).append('\n');
        for (AllocationGroup g : groups) {
            out.append(g.count()).append('\t').append(g.bytes());
            for (String f : g.frames()) {
                out.append('\t').append(f);
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** Reads a log; {@code name} names the input in errors ({@code name: line N: ...}). */
    public static List<AllocationGroup> read(String name, BufferedReader in) throws IOException {
        String first = in.readLine();
        if (first == null) {
            throw new HeaplensException(name + ": line 1: empty, expected the number of lines of a memprof allocation log");
        }
        long expected = number(name, 1, first.trim(), "the number of lines");
        List<AllocationGroup> groups = new ArrayList<>();
        int lineNumber = 1;
        for (String line; (line = in.readLine()) != null; ) {
            lineNumber++;
            if (line.isEmpty() && groups.size() == expected) {
                continue;
            }
            String[] fields = line.split("\t", -1);
            if (fields.length < 2) {
                throw new HeaplensException(name + ": line " + lineNumber + ": expected count<TAB>bytes<TAB>frames...");
            }
            long count = number(name, lineNumber, fields[0], "the count");
            long bytes = number(name, lineNumber, fields[1], "the total bytes");
            groups.add(new AllocationGroup(count, bytes, Arrays.asList(fields).subList(2, fields.length)));
        }
        if (groups.size() != expected) {
            throw new HeaplensException(name + ": line " + lineNumber + ": the first line says " + expected
                    + " lines follow, found " + groups.size() + " (cut short?)");
        }
        return groups;
    }

    private static long number(String name, int line, String text, String what) {
        try {
            long value = Long.parseLong(text);
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new HeaplensException(name + ": line " + line + ": expected " + what + ", a whole number >= 0, found '"
                + (text.length() > 40 ? text.substring(0, 40) + "..." : text) + "'");
    }
}
