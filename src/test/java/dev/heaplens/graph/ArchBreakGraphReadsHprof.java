package dev.heaplens.graph;

/** A deliberate break of one layer rule, read only by ArchitectureRulesBreakTest (never called). */
final class ArchBreakGraphReadsHprof {
    private ArchBreakGraphReadsHprof() {
    }

    static Object breakTheRule() {
        return dev.heaplens.format.hprof.HprofTag.values();
    }
}
