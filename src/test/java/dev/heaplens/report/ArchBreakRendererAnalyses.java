package dev.heaplens.report;

/** A deliberate break of one layer rule, read only by ArchitectureRulesBreakTest (never called). */
final class ArchBreakRendererAnalyses {
    private ArchBreakRendererAnalyses() {
    }

    static String breakTheRule(dev.heaplens.gc.GcLog log) {
        return JvmGcRenderer.render(dev.heaplens.analysis.gc.GcAnalysis.jvm(log), OutputFormat.JSON);
    }
}
