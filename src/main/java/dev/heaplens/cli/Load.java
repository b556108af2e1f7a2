package dev.heaplens.cli;

import dev.heaplens.io.DumpInput;
import dev.heaplens.runtime.LoadedHeap;

/** Opens a dump named on the command line and reads it into a heap graph through its runtime. */
final class Load {
    private Load() {
    }

    static LoadedHeap heap(Console console, String dump, DumpOptions options) {
        DumpInput input = DumpInput.open(dump, console.in());
        return options.runtimeFor(console, input).load(input);
    }
}
