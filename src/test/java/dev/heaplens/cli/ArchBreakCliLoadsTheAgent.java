package dev.heaplens.cli;

/** A deliberate break of one layer rule, read only by ArchitectureRulesBreakTest (never called). */
final class ArchBreakCliLoadsTheAgent {
    private ArchBreakCliLoadsTheAgent() {
    }

    static Object breakTheRule() {
        return dev.heaplens.memprof.MemProf.class.getName();
    }
}
