package dev.heaplens.web;

import dev.heaplens.io.DumpInput;

/**
 * A deliberate break of one layer rule, read only by ArchitectureRulesBreakTest (never called): the web
 * deciding for itself that two dumps share a runtime, by their formats (no DumpFormat in its bytecode).
 */
final class ArchBreakWebComparesFormats {
    private ArchBreakWebComparesFormats() {
    }

    static boolean breakTheRule(DumpInput a, DumpInput b) {
        return a.format() == b.format();
    }
}
