package dev.heaplens.report;

/** A deliberate break of one layer rule, read only by ArchitectureRulesBreakTest (never called). */
final class ArchBreakRendererDecidesRuntime {
    private ArchBreakRendererDecidesRuntime() {
    }

    static Object breakTheRule() {
        return dev.heaplens.io.DumpFormat.values();
    }
}
