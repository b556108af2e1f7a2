package dev.heaplens.runtime;

import dev.heaplens.io.DumpInput;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The registry of runtimes: Ruby and the JVM, in that order (help and messages list them so), then any
 * runtime another jar on the class path names in {@code META-INF/services/dev.heaplens.runtime.RuntimeEntry}
 * (the JDK's {@link ServiceLoader}). The one place that decides which runtime reads a dump.
 */
final class Runtimes {
    private static final List<RuntimeEntry> ALL = load();

    private Runtimes() {
    }

    private static List<RuntimeEntry> load() {
        List<RuntimeEntry> all = new ArrayList<>(List.of(RubyRuntime.ENTRY, JvmRuntime.ENTRY));
        for (RuntimeEntry extra : ServiceLoader.load(RuntimeEntry.class, Runtimes.class.getClassLoader())) {
            all.add(extra);
        }
        return List.copyOf(all);
    }

    static List<RuntimeEntry> all() {
        return ALL;
    }

    /** The runtime that reads {@code input}, or null when none does. */
    static RuntimeEntry reading(DumpInput input) {
        for (RuntimeEntry entry : ALL) {
            if (entry.reads(input)) {
                return entry;
            }
        }
        return null;
    }
}
