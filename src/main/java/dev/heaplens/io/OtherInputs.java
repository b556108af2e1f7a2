package dev.heaplens.io;

import java.nio.charset.StandardCharsets;

/**
 * Inputs heaplens reads with another command, told from a dump's first bytes so that a dump
 * command can name the command that reads them. A light look, not the readers' own detection
 * (those live in format/, above io/): a false "no" only costs the hint.
 */
final class OtherInputs {
    private OtherInputs() {
    }

    /** The format of a text head that is GC data or a memprof log; null when it is neither. */
    static DumpFormat of(byte[] head, int pos, int length) {
        String text = new String(head, pos, Math.min(length - pos, 8192), StandardCharsets.ISO_8859_1);
        String first = text.lines().findFirst().orElse("").strip();
        if (first.startsWith("[") && first.contains("][") && first.contains("[gc")) {
            return DumpFormat.JVM_GC_LOG; // unified logging: [0.010s][info][gc] Using G1
        }
        if (text.contains(": [GC") || text.contains(": [Full GC") || text.contains("\nCommandLine flags: ")
                || first.startsWith("CommandLine flags: ")) {
            return DumpFormat.JVM_GC_LOG; // JDK 8 -XX:+PrintGCDetails
        }
        if (first.startsWith("type\t") && first.contains("tick")) {
            return DumpFormat.RUBY_GC_STAT; // gc_tracer
        }
        String compact = first.replace(" ", "");
        if (compact.startsWith("{\"count\"") || compact.startsWith("{:count=>") || compact.startsWith("{count:")
                || (compact.startsWith("{") && compact.contains("\"stat\"") && !compact.contains("\"type\""))) {
            return DumpFormat.RUBY_GC_STAT;
        }
        if (first.matches("\\d+") && text.lines().skip(1).findFirst().orElse("").matches("\\d+\t\\d+(\t.*)?")) {
            return DumpFormat.MEMPROF_LOG; // MemProf.logAllocations: a line count, then count<TAB>bytes<TAB>frames
        }
        return null;
    }
}
