package dev.heaplens.report;

/** A deliberate break of one layer rule, read only by ArchitectureRulesBreakTest (never called). */
final class ArchBreakRendererOpens {
    private ArchBreakRendererOpens() {
    }

    static Object breakTheRule() {
        return dev.heaplens.io.DumpInput.class.getName();
    }
}
