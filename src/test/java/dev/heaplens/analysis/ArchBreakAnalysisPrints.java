package dev.heaplens.analysis;

/** A deliberate break of one layer rule, read only by ArchitectureRulesBreakTest (never called). */
final class ArchBreakAnalysisPrints {
    private ArchBreakAnalysisPrints() {
    }

    static Object breakTheRule() {
        System.out.println("x"); return null;
    }
}
