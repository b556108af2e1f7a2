package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.io.DumpFormat;
import dev.heaplens.io.DumpInput;

import java.io.InputStream;

/**
 * A heap dump given to a command that reads something else (gc, memprof): one line naming what
 * it is and the commands that read it, rather than the other reader's puzzled parse error.
 */
final class HeapDumpGivenElsewhere {
    private HeapDumpGivenElsewhere() {
    }

    /** Throws when {@code file} is a Ruby or JVM heap dump; {@code expected} says what the command reads. */
    static void refuse(String file, String expected) {
        if (file.equals("-")) {
            return; // standard input was read once already, by the command's own reader
        }
        DumpFormat format;
        try {
            format = DumpInput.open(file, InputStream.nullInputStream()).format();
        } catch (RuntimeException notADump) {
            return; // the command's own reader says what is wrong
        }
        if (format == DumpFormat.RUBY_JSON_LINES || format == DumpFormat.HPROF) {
            throw new HeaplensException(file + ": this is " + format.description() + ", not " + expected
                    + ": read it with `heaplens suspects`, `summary` or `top`");
        }
    }
}
