package dev.heaplens.memprof;

import dev.heaplens.format.memprof.AllocationGroup;
import dev.heaplens.format.memprof.AllocationLog;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.List;

/** Reads the allocation logs a child program printed (sections start with {@code -- name}). */
final class AllocationLogs {
    private AllocationLogs() {
    }

    /** The log after the line {@code -- section}, or the whole output when section is null. */
    static List<AllocationGroup> section(String output, String section) {
        String text = output;
        if (section != null) {
            int start = output.indexOf("-- " + section + "\n");
            if (start < 0) {
                throw new AssertionError("no section " + section + " in\n" + output);
            }
            text = output.substring(start + section.length() + 4);
            int end = text.indexOf("\n-- ");
            text = end < 0 ? text : text.substring(0, end + 1);
        }
        try {
            return AllocationLog.read(section == null ? "output" : section, new BufferedReader(new StringReader(text)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The group whose innermost frame is {@code frame}; fails when there is none or more than one. */
    static AllocationGroup at(List<AllocationGroup> groups, String frame) {
        List<AllocationGroup> found = groups.stream().filter(g -> !g.frames().isEmpty() && g.frames().get(0).equals(frame)).toList();
        if (found.size() != 1) {
            throw new AssertionError(found.size() + " groups at " + frame + " in " + groups);
        }
        return found.get(0);
    }
}
