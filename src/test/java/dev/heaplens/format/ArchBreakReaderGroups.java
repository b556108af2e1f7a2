package dev.heaplens.format;

/** A deliberate break of one layer rule, read only by ArchitectureRulesBreakTest (never called). */
final class ArchBreakReaderGroups {
    private ArchBreakReaderGroups() {
    }

    static Object breakTheRule() {
        return dev.heaplens.analysis.GroupBy.values();
    }
}
