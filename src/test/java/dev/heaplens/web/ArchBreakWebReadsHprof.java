package dev.heaplens.web;

/** A deliberate break of one layer rule, read only by ArchitectureRulesBreakTest (never called). */
final class ArchBreakWebReadsHprof {
    private ArchBreakWebReadsHprof() {
    }

    static Object breakTheRule() {
        return dev.heaplens.format.hprof.HprofTag.values();
    }
}
