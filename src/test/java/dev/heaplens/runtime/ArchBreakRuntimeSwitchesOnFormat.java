package dev.heaplens.runtime;

import dev.heaplens.io.DumpInput;

/**
 * A deliberate break of one layer rule, read only by ArchitectureRulesBreakTest (never called): a runtime
 * picked by a case per format, as HeapRuntime.of did before the registry (Runtimes) asked each entry.
 */
final class ArchBreakRuntimeSwitchesOnFormat {
    private ArchBreakRuntimeSwitchesOnFormat() {
    }

    static String breakTheRule(DumpInput input) {
        return switch (input.format()) {
            case HPROF -> "JVM";
            case RUBY_JSON_LINES -> "Ruby";
            default -> "none";
        };
    }
}
