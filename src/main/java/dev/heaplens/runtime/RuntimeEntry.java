package dev.heaplens.runtime;

import dev.heaplens.io.DumpFormat;
import dev.heaplens.io.DumpInput;

import java.util.function.BiFunction;

/**
 * One runtime as {@link Runtimes} lists it: its words (keys and what each means), which dumps it
 * reads, and how to make it. {@link HeapRuntime#of} asks each entry in turn, so a new runtime adds
 * an entry and no case anywhere else.
 */
interface RuntimeEntry {
    /** Its grouping words and their meanings, for help, messages and the web's key menus. */
    Vocabulary words();

    /** Whether this runtime reads {@code input}, from its detected format (and its first bytes if need be). */
    boolean reads(DumpInput input);

    /** The runtime, reading with {@code options} and telling {@code listener}. */
    HeapRuntime open(ReadOptions options, ReadListener listener);

    /** The entry of a runtime that reads every dump of one {@code format}. */
    static RuntimeEntry of(DumpFormat format, Vocabulary words, BiFunction<ReadOptions, ReadListener, HeapRuntime> open) {
        return new RuntimeEntry() {
            @Override
            public Vocabulary words() {
                return words;
            }

            @Override
            public boolean reads(DumpInput input) {
                return input.format() == format;
            }

            @Override
            public HeapRuntime open(ReadOptions options, ReadListener listener) {
                return open.apply(options, listener);
            }
        };
    }
}
