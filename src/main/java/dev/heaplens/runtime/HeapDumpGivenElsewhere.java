package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.io.DumpInput;

import java.io.InputStream;

/**
 * A heap dump given to a command that reads something else (gc, memprof): one line naming what
 * it is and the commands that read it, rather than the other reader's puzzled parse error.
 */
final class HeapDumpGivenElsewhere {
    private HeapDumpGivenElsewhere() {
    }

    /** Throws when {@code file} is a heap dump a runtime reads; {@code expected} says what the command reads. */
    static void refuse(String file, String expected) {
        if (file.equals("-")) {
            return; // standard input was read once already, by the command's own reader
        }
        DumpInput input;
        try {
            input = DumpInput.open(file, InputStream.nullInputStream());
        } catch (RuntimeException notADump) {
            return; // the command's own reader says what is wrong
        }
        if (Runtimes.reading(input) != null) {
            throw new HeaplensException(file + ": this is " + input.format().description() + ", not " + expected
                    + ": read it with `heaplens suspects`, `summary` or `top`");
        }
    }
}
