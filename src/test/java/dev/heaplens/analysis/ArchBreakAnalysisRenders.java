package dev.heaplens.analysis;

/** A deliberate break of one layer rule, read only by ArchitectureRulesBreakTest (never called). */
final class ArchBreakAnalysisRenders {
    private ArchBreakAnalysisRenders() {
    }

    static Object breakTheRule() {
        return dev.heaplens.report.OutputFormat.values();
    }
}
