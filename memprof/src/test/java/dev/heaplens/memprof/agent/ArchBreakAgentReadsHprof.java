package dev.heaplens.memprof.agent;

/** A deliberate break of one layer rule, read only by ArchitectureRulesBreakTest (never called). */
final class ArchBreakAgentReadsHprof {
    private ArchBreakAgentReadsHprof() {
    }

    static Object breakTheRule() {
        return dev.heaplens.format.hprof.HprofTag.values();
    }
}
